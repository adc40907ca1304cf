import { describe, expect, it } from "vitest";
import { keyPattern, phoneticKey, queryKeys, textKeys, transliterate } from "./search-keys.ts";

describe("transliterate", () => {
  it.each([
    ["यूरिया", "yuuriyaa"],
    ["टमाटर", "tamaatar"],
    ["बीज", "biij"],
    ["बकरी", "bakrii"],
    ["सरसों", "sarson"],
    ["कीटनाशक", "kiitnaashak"],
    ["उर्वरक", "urvarak"],
    ["पत्र", "patra"],
    ["गेहूँ", "gehuun"],
    ["कृषि", "krishi"],
    ["ज़मीन", "zamiin"],
    ["फ़सल", "fasal"],
    ["पेड़", "per"],
    ["२०२४", "2024"],
    ["Urea 45 kg", "Urea 45 kg"],
    ["नीम यूरिया, 45 किग्रा", "niim yuuriyaa, 45 kigraa"],
  ])("writes %s as %s", (devanagari, latin) => {
    expect(transliterate(devanagari)).toBe(latin);
  });
});

describe("phoneticKey", () => {
  it.each([
    // A Hindi word, its transliterations and spellings share one key.
    [["यूरिया", "yuria", "yooriya", "Yuriya", "YURIYA"], "uri"],
    // Indian spellings of one English word: vowels by ear, ae for e, a final a.
    [["urea", "uria", "uraea", "yuria", "Urea"], "uri"],
    [["khad", "khaad", "खाद"], "kad"],
    [["urvarak", "urvaraka", "उर्वरक"], "urvarak"],
    [["jameen", "zameen", "ज़मीन", "जमीन"], "jamin"],
    [["keetnashak", "kitnashak", "कीटनाशक"], "kitnasak"],
    [["टमाटर", "tamatar", "tamaatar", "Tamaatar"], "tamatar"],
    [["बीज", "beej", "bij", "biij"], "bij"],
    [["भिंडी", "bhindi", "bhindee", "bhindii"], "bindi"],
    [["कृषि", "krishi", "krishee"], "krisi"],
    [["बाज़ार", "bazaar", "bazar", "baazaar"], "basar"],
    // British and American spellings.
    [["fertiliser", "fertilizer", "Fertilizer"], "fertiliser"],
    [["phosphate", "fosfate"], "fosfate"],
    [["wheat", "vheat", "weat"], "viat"],
    // Accents and punctuation go; digits stay as they are.
    [["café", "cafe"], "cafe"],
    [["100%", "100"], "100"],
  ])("keys %j as %s", (words, key) => {
    for (const word of words) expect(phoneticKey(word), word).toBe(key);
  });

  it("keys a word with no letters or digits as nothing", () => {
    expect(phoneticKey("%")).toBe("");
    expect(phoneticKey("—")).toBe("");
  });
});

describe("textKeys and queryKeys", () => {
  it("keys every word of a text once, and a hyphenated word whole and in parts", () => {
    expect(textKeys("Neem-coated urea, 45 kg.\nनीम यूरिया 45 kg")).toEqual(["nimcoated", "nim", "coated", "uri", "45", "kg"]);
  });

  it("keys a query by the words between its spaces", () => {
    expect(queryKeys("  Yooriya   khad ")).toEqual(["uri", "kad"]);
    expect(queryKeys("tomato_seeds")).toEqual(["tomatosids"]);
    expect(queryKeys("% –")).toEqual([]);
  });

  it("matches a short key as a whole key and a longer one as the start of a key", () => {
    expect(keyPattern("1")).toBe("% 1 %");
    expect(keyPattern("kg")).toBe("% kg %");
    expect(keyPattern("uri")).toBe("% uri%");
  });
});
