/**
 * Spelling keys for keyword search. A farmer may type a product's Hindi name in Devanagari
 * ("यूरिया"), in Latin letters as it sounds ("yuria", "yooriya"), or in British or American
 * spelling ("fertiliser", "fertilizer"). Every word of the catalogue and of the query is reduced to
 * one key: Devanagari is transliterated to Latin letters, then spellings that sound alike are
 * folded together. A query word finds a product when its key starts one of the product's keys.
 */

const CONSONANTS: Record<string, string> = {
  क: "k",
  ख: "kh",
  ग: "g",
  घ: "gh",
  ङ: "n",
  च: "ch",
  छ: "chh",
  ज: "j",
  झ: "jh",
  ञ: "n",
  ट: "t",
  ठ: "th",
  ड: "d",
  ढ: "dh",
  ण: "n",
  त: "t",
  थ: "th",
  द: "d",
  ध: "dh",
  न: "n",
  प: "p",
  फ: "ph",
  ब: "b",
  भ: "bh",
  म: "m",
  य: "y",
  र: "r",
  ल: "l",
  ळ: "l",
  व: "v",
  श: "sh",
  ष: "sh",
  स: "s",
  ह: "h",
};

/**
 * A consonant followed by a nukta: the sounds of Urdu and English loan words ("ज़" z, "फ़" f).
 * NFC keeps these as two characters, even when written as one (U+0958–U+095F).
 */
const NUKTA_FORMS: Record<string, string> = { क: "q", ख: "kh", ग: "g", ज: "z", ड: "r", ढ: "rh", फ: "f", य: "y" };

const VOWELS: Record<string, string> = {
  अ: "a",
  आ: "aa",
  इ: "i",
  ई: "ii",
  उ: "u",
  ऊ: "uu",
  ऋ: "ri",
  ए: "e",
  ऐ: "ai",
  ओ: "o",
  औ: "au",
  ऑ: "o",
};

const VOWEL_SIGNS: Record<string, string> = {
  "ा": "aa",
  "ि": "i",
  "ी": "ii",
  "ु": "u",
  "ू": "uu",
  "ृ": "ri",
  "े": "e",
  "ै": "ai",
  "ो": "o",
  "ौ": "au",
  "ॉ": "o",
};

const VIRAMA = "्";
const NUKTA = "़";
/** Anusvara and chandrabindu (a nasal sound), visarga (a breath). */
const CODAS: Record<string, string> = { "ं": "n", "ँ": "n", "ः": "h" };

interface Syllable {
  /** The Devanagari consonant, "" for a vowel letter. */
  letter: string;
  consonant: string;
  vowel: string;
  /** The vowel is the consonant's own short "a", which Hindi often leaves unspoken. */
  inherent: boolean;
  coda: string;
}

/**
 * Devanagari to plain Latin letters, as Hindi is commonly written in them ("टमाटर" → "tamaatar"):
 * long vowels doubled, and the unspoken inherent "a" dropped at the end of a word (not after two
 * consonants: "पत्र" patra) and between a vowel-consonant and a consonant-vowel ("बकरी" → "bakrii",
 * "सरसों" → "sarson"). Other characters pass unchanged.
 */
export function transliterate(text: string): string {
  let out = "";
  let word: Syllable[] = [];
  const flush = () => {
    out += spoken(word);
    word = [];
  };
  for (const char of text.normalize("NFC")) {
    const last = word[word.length - 1];
    if (char === NUKTA) {
      const form = last?.inherent ? NUKTA_FORMS[last.letter] : undefined;
      if (last && form) last.consonant = form;
    } else if (CONSONANTS[char] !== undefined) {
      word.push({ letter: char, consonant: CONSONANTS[char], vowel: "a", inherent: true, coda: "" });
    } else if (VOWEL_SIGNS[char] !== undefined && last) {
      last.vowel = VOWEL_SIGNS[char];
      last.inherent = false;
    } else if (char === VIRAMA && last) {
      last.vowel = "";
      last.inherent = false;
    } else if (CODAS[char] !== undefined && last) {
      last.coda += CODAS[char];
    } else if (VOWELS[char] !== undefined) {
      word.push({ letter: "", consonant: "", vowel: VOWELS[char], inherent: false, coda: "" });
    } else if (char >= "०" && char <= "९") {
      flush();
      out += String(char.charCodeAt(0) - "०".charCodeAt(0));
    } else {
      flush();
      out += char;
    }
  }
  flush();
  return out;
}

/** The word's syllables with the unspoken inherent vowels left out (right to left). */
function spoken(word: Syllable[]): string {
  for (let i = word.length - 1; i > 0; i--) {
    const syllable = word[i] as Syllable;
    if (!syllable.inherent || syllable.coda || !syllable.consonant) continue;
    const next = word[i + 1];
    const previous = word[i - 1] as Syllable;
    const final = next === undefined;
    if (previous.vowel !== "" && (final || (next.consonant !== "" && next.vowel !== ""))) syllable.vowel = "";
  }
  return word.map((s) => s.consonant + s.vowel + s.coda).join("");
}

/** An h after a consonant is dropped: "bh" b, "sh" s, "chh" c. */
const H_AFTER_CONSONANT = /([bcdfgjklmnpqrstvxz])h+/g;

/**
 * The key of one word: Devanagari transliterated; lower case; accents, punctuation and signs
 * removed; then alike spellings folded, as Indian spellings of one word differ: ph→f, a z
 * starting the word j ("zameen", "jameen") and any other z s ("fertilizer"), w→v, q→k, ee→i,
 * oo→u, ae→e ("uraea"), an h after a consonant dropped (bh→b, sh→s), a y between vowels dropped
 * (iya→ia) and before a starting u ("yuria" as "uria"), an e before a vowel i ("urea" as "uria"),
 * doubled letters made single (aa→a; not digits: "100"), and a final a of a longer word dropped
 * ("urvaraka", "yuriyaa"). So "urea", "uria", "uraea", "yuria" and "यूरिया" share one key.
 */
export function phoneticKey(word: string): string {
  const key = transliterate(word)
    .normalize("NFD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .replace(/ph/g, "f")
    .replace(/^z/, "j")
    .replace(/z/g, "s")
    .replace(/w/g, "v")
    .replace(/q/g, "k")
    .replace(/ee/g, "i")
    .replace(/oo/g, "u")
    .replace(/ae/g, "e")
    .replace(H_AFTER_CONSONANT, "$1")
    .replace(/([aeiou])y(?=[aeiou])/g, "$1")
    .replace(/^y(?=u)/, "")
    .replace(/e(?=[aiou])/g, "i")
    .replace(/([a-z])\1+/g, "$1");
  return key.length > 3 && key.endsWith("a") ? key.slice(0, -1) : key;
}

/**
 * The keys of a text, for the search index: each word's key, and for a word joined by
 * punctuation ("neem-coated") the key of the whole as well. Each key once, in order.
 */
export function textKeys(text: string): string[] {
  const keys = new Set<string>();
  for (const token of text.split(/\s+/)) {
    const parts = token.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
    for (const word of parts.length > 1 ? [token, ...parts] : parts) {
      const key = phoneticKey(word);
      if (key) keys.add(key);
    }
  }
  return [...keys];
}

/** The keys of a query: one per word (words are separated by spaces; "tomato_seeds" is one word). */
export function queryKeys(query: string): string[] {
  return [...new Set(query.split(/\s+/).map(phoneticKey).filter(Boolean))];
}

/**
 * The LIKE pattern that finds a query key among the keys of a search text (each written after a
 * space, with a space at the end): as the start of a key, or as a whole key when it is shorter than
 * three letters, so "1" finds "1" but not "150", and "zzz" (key "s") does not find every word
 * starting with s. Keys hold only a–z and 0–9: nothing to escape.
 */
export function keyPattern(key: string): string {
  return key.length < 3 ? `% ${key} %` : `% ${key}%`;
}
