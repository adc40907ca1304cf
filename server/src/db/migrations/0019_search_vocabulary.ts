import type { Kysely } from "kysely";
import { idColumn, timestampType } from "../dialect.ts";

/**
 * The shop's search vocabulary: groups of words that mean the same to a farmer, in English, Hindi
 * and Hindi written in Latin letters ("khad", "खाद", "fertiliser"). A keyword that is one of a
 * group's words also finds the products with the group's other words (search-vocabulary.ts).
 * Staff edit the groups; `words` is a JSON array of the group's words and phrases as staff wrote
 * them. Seeded with a starter set for an Indian agricultural shop.
 *
 * Keys of words now fold more Indian spellings ("uria", "uraea" as "urea"): every product's search
 * text is emptied, so start-up indexes each one again under the current rules (as 0005 and 0007
 * did): migrations stay frozen in time and never import the application.
 */
export const STARTER_VOCABULARY: readonly (readonly string[])[] = [
  ["khad", "khaad", "खाद", "urvarak", "उर्वरक", "fertiliser", "fertilizer", "manure"],
  ["urea", "यूरिया"],
  ["spray pump", "sprayer", "knapsack sprayer", "spray machine", "स्प्रे पंप", "स्प्रेयर"],
  ["beej", "बीज", "seed", "seeds"],
  ["dawai", "dawa", "दवा", "दवाई", "keetnashak", "कीटनाशक", "pesticide", "insecticide"],
  ["phaphundnashak", "फफूंदनाशक", "fungicide"],
  ["kharpatwarnashak", "खरपतवारनाशक", "herbicide", "weedicide"],
  ["dhan", "धान", "paddy", "rice", "chawal", "चावल"],
  ["gehun", "गेहूं", "गेहूँ", "wheat"],
  ["tamatar", "टमाटर", "tomato"],
  ["bhindi", "भिंडी", "okra", "lady finger"],
  ["aloo", "आलू", "potato"],
  ["pyaz", "प्याज", "onion"],
  ["mirch", "मिर्च", "chilli", "chili"],
  ["baingan", "बैंगन", "brinjal", "eggplant"],
  ["makka", "मक्का", "maize", "corn"],
  ["kapas", "कपास", "cotton"],
  ["sarson", "सरसों", "mustard"],
  ["ganna", "गन्ना", "sugarcane"],
  ["chana", "चना", "chickpea", "bengal gram"],
  ["soyabean", "सोयाबीन", "soybean"],
  ["moongfali", "मूंगफली", "groundnut", "peanut"],
  ["potash", "पोटाश", "muriate of potash", "mop"],
  ["dap", "डीएपी", "diammonium phosphate", "di-ammonium phosphate"],
  ["gobar khad", "गोबर खाद", "cow dung manure", "farmyard manure"],
  ["kenchua khad", "केंचुआ खाद", "vermicompost", "वर्मीकम्पोस्ट"],
  ["neem tel", "नीम तेल", "neem oil"],
  ["jaivik", "जैविक", "organic"],
  ["sinchai", "सिंचाई", "irrigation"],
  ["tapak sinchai", "टपक सिंचाई", "drip irrigation", "drip"],
  ["pipe", "पाइप", "hose"],
  ["motor", "मोटर", "water pump", "pump set"],
  ["kudal", "कुदाल", "hoe", "spade"],
  ["khurpi", "खुरपी", "hand weeder"],
  ["hansiya", "हंसिया", "darati", "दरांती", "sickle"],
  ["pashu aahar", "पशु आहार", "cattle feed", "chara", "चारा", "fodder"],
  ["doodh", "दूध", "milk"],
  ["zinc", "जिंक", "zinc sulphate"],
  ["gandhak", "गंधक", "sulphur", "sulfur"],
  ["sukshm poshak tatva", "सूक्ष्म पोषक तत्व", "micronutrient", "micronutrients"],
  ["tirpal", "तिरपाल", "tarpaulin"],
  ["bakri", "बकरी", "goat"],
  ["murgi", "मुर्गी", "poultry", "chicken"],
  ["mitti", "मिट्टी", "soil"],
  ["paudha", "पौधा", "plant", "sapling"],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("vocabulary_groups")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("words", "text", (c) => c.notNull())
    .addColumn("updated_at", timestampType(db), (c) => c.notNull())
    .execute();
  const at = new Date().toISOString();
  await db
    .insertInto("vocabulary_groups")
    .values(STARTER_VOCABULARY.map((words) => ({ words: JSON.stringify(words), updated_at: at })))
    .execute();
  await db.updateTable("products").set({ search_text: "" }).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("vocabulary_groups").execute();
  // Indexed again at start-up under the keys of the release it goes back to.
  await db.updateTable("products").set({ search_text: "" }).execute();
}
