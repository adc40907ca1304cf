/**
 * The demo's crops, the problems that trouble them, and which demo products serve which. DEMO
 * DATA: the label claims below are written from public CIB&RC information on each active
 * ingredient's registered uses (the "major uses of pesticides" lists), not copied from a real
 * product's label; a shop fills in each product's own claim from its label.
 */

import type { ProblemKind, Season } from "@krishi/contract";
import type { Pictogram } from "./artwork.ts";

export interface DemoCrop {
  slug: string;
  name: string;
  nameHi: string;
  seasons: Season[];
  /** Growth stages in order: [slug, name, Hindi name]. */
  stages: [string, string, string][];
  /** Other names farmers search by (Hindi in Latin letters, other spellings). */
  aliases: string[];
  art: Pictogram;
  colour: string;
  /** Its problems, each with the stage it appears at ("" any). */
  problems: [problem: string, stage: string][];
}

export interface DemoProblem {
  slug: string;
  kind: ProblemKind;
  name: string;
  nameHi: string;
  symptoms: string;
  symptomsHi: string;
  aliases: string[];
}

export const DEMO_PROBLEMS: DemoProblem[] = [
  {
    slug: "whitefly",
    kind: "pest",
    name: "Whitefly",
    nameHi: "सफेद मक्खी",
    symptoms:
      "Tiny white flies rise from the underside of the leaves when the plant is shaken.\nLeaves turn yellow, curl and get sticky with honeydew, later black with sooty mould.\nIt spreads leaf curl virus.",
    symptomsHi:
      "पौधा हिलाने पर पत्तियों के निचले हिस्से से छोटी सफेद मक्खियाँ उड़ती हैं।\nपत्तियाँ पीली पड़कर मुड़ जाती हैं और मधुस्राव से चिपचिपी, फिर काली फफूंद से ढक जाती हैं।\nयह पत्ती मोड़क वायरस फैलाती है।",
    aliases: ["safed makhi", "safed makkhi", "white fly", "सफ़ेद मक्खी"],
  },
  {
    slug: "jassid",
    kind: "pest",
    name: "Jassid (leafhopper)",
    nameHi: "हरा तेला (जैसिड)",
    symptoms:
      "Small green wedge-shaped insects walk sideways on the underside of leaves and suck sap.\nLeaf edges turn yellow, then red-brown and curl downwards (hopper burn).",
    symptomsHi: "छोटे हरे, तिकोने कीड़े पत्तियों के निचले हिस्से पर तिरछे चलते हैं और रस चूसते हैं।\nपत्तियों के किनारे पीले, फिर लाल-भूरे होकर नीचे की ओर मुड़ जाते हैं।",
    aliases: ["hara tela", "tela", "leafhopper", "jassids", "तेला"],
  },
  {
    slug: "brown-plant-hopper",
    kind: "pest",
    name: "Brown plant hopper",
    nameHi: "भूरा फुदका",
    symptoms:
      "Brown hoppers crowd at the base of the plants above the water.\nPlants dry in round patches that spread (hopper burn) and fall over.",
    symptomsHi: "पानी की सतह के ऊपर पौधों के तने के निचले भाग पर भूरे फुदके झुंड में रहते हैं।\nखेत में गोल घेरों में पौधे सूखकर गिर जाते हैं (हॉपर बर्न)।",
    aliases: ["bhura phudka", "bph", "फुदका"],
  },
  {
    slug: "stem-borer",
    kind: "pest",
    name: "Stem borer",
    nameHi: "तना छेदक",
    symptoms:
      "Caterpillars bore into the stem.\nThe central shoot dries and pulls out easily (dead heart); at earhead stage the panicles turn white and empty (white ear).",
    symptomsHi: "सुंडियाँ तने में छेद करके घुस जाती हैं।\nबीच की गोभ सूखकर आसानी से खिंच जाती है (डेड हार्ट); बाली निकलने पर बालियाँ सफेद और खाली रह जाती हैं।",
    aliases: ["tana chhedak", "tana chedak", "stem borer", "yellow stem borer", "तना बेधक"],
  },
  {
    slug: "leaf-folder",
    kind: "pest",
    name: "Leaf folder",
    nameHi: "पत्ती लपेटक",
    symptoms: "Caterpillars fold the leaves lengthwise and feed inside.\nLeaves show white streaks and dry from the tips.",
    symptomsHi: "सुंडियाँ पत्तियों को लंबाई में मोड़कर अंदर से खाती हैं।\nपत्तियों पर सफेद धारियाँ बन जाती हैं और वे सिरे से सूखने लगती हैं।",
    aliases: ["patti lapetak", "patti mod", "leaf roller"],
  },
  {
    slug: "blast",
    kind: "disease",
    name: "Blast",
    nameHi: "झोंका (ब्लास्ट)",
    symptoms:
      "Spindle-shaped spots with grey centres and brown edges on the leaves.\nThe neck of the panicle turns black and breaks; grains stay empty.",
    symptomsHi: "पत्तियों पर नाव के आकार के धब्बे, बीच में राख जैसे और किनारे भूरे।\nबाली की गर्दन काली होकर टूट जाती है; दाने खाली रह जाते हैं।",
    aliases: ["jhonka", "rice blast", "ब्लास्ट"],
  },
  {
    slug: "sheath-blight",
    kind: "disease",
    name: "Sheath blight",
    nameHi: "पर्णच्छद झुलसा (शीथ ब्लाइट)",
    symptoms: "Oval grey-green patches with brown edges on the leaf sheaths near the water line.\nThey join up, and the leaves above dry.",
    symptomsHi: "पानी की सतह के पास पत्ती के आवरण पर भूरे किनारों वाले अंडाकार धूसर-हरे धब्बे।\nधब्बे आपस में मिल जाते हैं और ऊपर की पत्तियाँ सूख जाती हैं।",
    aliases: ["sheath blight", "शीथ ब्लाइट"],
  },
  {
    slug: "rust",
    kind: "disease",
    name: "Rust (yellow and brown)",
    nameHi: "रतुआ (पीला और भूरा)",
    symptoms:
      "Yellow or orange-brown powdery stripes and pustules on the leaves; the powder comes off on the fingers.\nLeaves dry early and the grains stay thin.",
    symptomsHi:
      "पत्तियों पर पीली या नारंगी-भूरी पाउडर जैसी धारियाँ और फफोले; छूने पर पाउडर उँगलियों पर लग जाता है।\nपत्तियाँ जल्दी सूखती हैं और दाने पतले रह जाते हैं।",
    aliases: ["ratua", "peela ratua", "yellow rust", "brown rust", "gerua", "गेरुआ"],
  },
  {
    slug: "early-blight",
    kind: "disease",
    name: "Early blight",
    nameHi: "अगेती झुलसा",
    symptoms:
      "Brown spots with rings like a target on the older leaves first.\nLeaves yellow and fall; fruits get dark sunken spots near the stalk.",
    symptomsHi: "पहले पुरानी पत्तियों पर निशाने जैसे छल्लों वाले भूरे धब्बे।\nपत्तियाँ पीली होकर गिर जाती हैं; फलों पर डंठल के पास गहरे धँसे धब्बे।",
    aliases: ["jhulsa", "agheti jhulsa", "ageti jhulsa", "blight", "झुलसा"],
  },
  {
    slug: "late-blight",
    kind: "disease",
    name: "Late blight",
    nameHi: "पछेती झुलसा",
    symptoms:
      "Water-soaked dark patches on leaves and stems in cool, damp weather, white mould under the leaves.\nWhole plants collapse within days; fruits rot with greasy brown patches.",
    symptomsHi:
      "ठंडे, नम मौसम में पत्तियों और तनों पर पानी से भीगे जैसे काले धब्बे, पत्तियों के नीचे सफेद फफूंद।\nकुछ ही दिनों में पूरे पौधे गिर जाते हैं; फल चिकने भूरे धब्बों के साथ सड़ते हैं।",
    aliases: ["jhulsa", "pachheti jhulsa", "pichheti jhulsa", "blight", "झुलसा"],
  },
  {
    slug: "fruit-borer",
    kind: "pest",
    name: "Fruit borer",
    nameHi: "फल छेदक",
    symptoms: "Green to brown caterpillars bore round holes into the fruits and feed inside, half out.\nBored fruits rot and drop.",
    symptomsHi: "हरी से भूरी सुंडियाँ फलों में गोल छेद करके आधी अंदर रहकर खाती हैं।\nछेद वाले फल सड़कर गिर जाते हैं।",
    aliases: ["phal chhedak", "fal chhedak", "fruit borer", "helicoverpa"],
  },
  {
    slug: "thrips",
    kind: "pest",
    name: "Thrips",
    nameHi: "थ्रिप्स (चुरड़ा)",
    symptoms: "Tiny straw-coloured insects rasp the leaves.\nLeaves curl upwards and crinkle with silvery streaks; flowers drop.",
    symptomsHi: "बहुत छोटे, भूसे के रंग के कीड़े पत्तियों को खुरचकर रस चूसते हैं।\nपत्तियाँ ऊपर की ओर मुड़कर सिकुड़ जाती हैं, उन पर चाँदी जैसी धारियाँ; फूल झड़ जाते हैं।",
    aliases: ["churda", "churda murda", "chursa", "थ्रिप्स"],
  },
  {
    slug: "fruit-rot",
    kind: "disease",
    name: "Fruit rot and anthracnose",
    nameHi: "फल सड़न (एन्थ्रेक्नोज)",
    symptoms: "Sunken dark spots with rings on ripening fruits; the twigs dry back from the tip (die-back).",
    symptomsHi: "पकते फलों पर छल्लों वाले धँसे काले धब्बे; टहनियाँ सिरे से नीचे की ओर सूखती हैं (डाई-बैक)।",
    aliases: ["phal sadan", "anthracnose", "die back"],
  },
  {
    slug: "purple-blotch",
    kind: "disease",
    name: "Purple blotch",
    nameHi: "बैंगनी धब्बा",
    symptoms: "Small white sunken spots on the leaves grow into purple blotches with yellow edges.\nLeaves and seed stalks break and dry.",
    symptomsHi: "पत्तियों पर छोटे सफेद धँसे धब्बे पीले किनारों वाले बैंगनी धब्बों में बदल जाते हैं।\nपत्तियाँ और बीज के डंठल टूटकर सूख जाते हैं।",
    aliases: ["baingani dhabba", "purple blotch"],
  },
  {
    slug: "girdle-beetle",
    kind: "pest",
    name: "Girdle beetle",
    nameHi: "चक्र भृंग",
    symptoms:
      "The beetle cuts two rings around the stem or leaf stalk and lays its egg between them.\nThe part above the rings wilts and dries.",
    symptomsHi: "भृंग तने या पत्ती के डंठल पर दो गोल घेरे काटकर उनके बीच अंडा देता है।\nघेरे के ऊपर का भाग मुरझाकर सूख जाता है।",
    aliases: ["chakra bhrung", "girdle beetle"],
  },
  {
    slug: "stem-fly",
    kind: "pest",
    name: "Stem fly",
    nameHi: "तना मक्खी",
    symptoms: "Maggots tunnel inside the stem; split it and a red-brown tunnel shows.\nYoung plants wilt and die.",
    symptomsHi: "मक्खी के लार्वा तने के अंदर सुरंग बनाते हैं; तना चीरने पर लाल-भूरी सुरंग दिखती है।\nछोटे पौधे मुरझाकर मर जाते हैं।",
    aliases: ["tana makhi", "tana makkhi"],
  },
  {
    slug: "early-shoot-borer",
    kind: "pest",
    name: "Early shoot borer",
    nameHi: "अगोला बेधक (प्रारंभिक तना छेदक)",
    symptoms: "In young cane the central shoot dries (dead heart) and smells foul when pulled out.\nBore holes near the base of the shoot.",
    symptomsHi: "छोटे गन्ने में बीच की गोभ सूख जाती है (डेड हार्ट) और खींचने पर दुर्गंध आती है।\nगोभ के निचले भाग के पास छेद दिखते हैं।",
    aliases: ["agola bedhak", "shoot borer", "tana chhedak"],
  },
  {
    slug: "zinc-deficiency",
    kind: "deficiency",
    name: "Zinc deficiency (khaira)",
    nameHi: "जस्ते की कमी (खैरा)",
    symptoms: "Two to four weeks after transplanting, the young leaves get rusty brown spots; plants stay short and tiller poorly.",
    symptomsHi: "रोपाई के दो से चार हफ्ते बाद नई पत्तियों पर जंग जैसे भूरे धब्बे; पौधे छोटे रह जाते हैं और कल्ले कम निकलते हैं।",
    aliases: ["khaira", "jasta", "zinc ki kami", "खैरा"],
  },
  {
    slug: "sulphur-deficiency",
    kind: "deficiency",
    name: "Sulphur deficiency",
    nameHi: "गंधक की कमी",
    symptoms: "The youngest leaves turn pale yellow all over first (unlike nitrogen, which yellows the older ones); growth is slow.",
    symptomsHi: "सबसे पहले नई पत्तियाँ पूरी हल्की पीली पड़ती हैं (नाइट्रोजन की कमी में पुरानी); बढ़वार धीमी रहती है।",
    aliases: ["gandhak ki kami", "sulfur deficiency"],
  },
  {
    slug: "nitrogen-deficiency",
    kind: "deficiency",
    name: "Nitrogen deficiency",
    nameHi: "नाइट्रोजन की कमी",
    symptoms: "The older, lower leaves turn pale yellow from the tip; plants stay thin and light green.",
    symptomsHi: "पुरानी, नीचे की पत्तियाँ सिरे से हल्की पीली पड़ती हैं; पौधे पतले और हल्के हरे रह जाते हैं।",
    aliases: ["nitrogen ki kami", "peelapan"],
  },
  {
    slug: "weeds",
    kind: "weed",
    name: "Weeds",
    nameHi: "खरपतवार",
    symptoms: "Grasses and broad-leaved weeds come up between the rows and take the crop's water, light and fertiliser.",
    symptomsHi: "कतारों के बीच घास और चौड़ी पत्ती वाले खरपतवार उग आते हैं और फसल का पानी, धूप और खाद ले लेते हैं।",
    aliases: ["kharpatwar", "ghas", "weed"],
  },
];

export const DEMO_CROPS: DemoCrop[] = [
  {
    slug: "cotton",
    name: "Cotton",
    nameHi: "कपास",
    seasons: ["kharif"],
    stages: [
      ["seedling", "Seedling", "अंकुरण"],
      ["vegetative", "Vegetative growth", "बढ़वार"],
      ["flowering", "Squaring and flowering", "पुड़ी और फूल"],
      ["boll-formation", "Boll formation", "टिंडा बनना"],
    ],
    aliases: ["kapas", "narma", "rui"],
    art: "cotton",
    colour: "#8a9a5b",
    problems: [
      ["jassid", "vegetative"],
      ["whitefly", "vegetative"],
      ["nitrogen-deficiency", "vegetative"],
      ["weeds", "seedling"],
    ],
  },
  {
    slug: "paddy",
    name: "Paddy",
    nameHi: "धान",
    seasons: ["kharif"],
    stages: [
      ["nursery", "Nursery", "नर्सरी"],
      ["tillering", "Tillering", "कल्ले निकलना"],
      ["panicle", "Panicle initiation", "बाली बनना"],
      ["grain-filling", "Flowering and grain filling", "फूल और दाना भरना"],
    ],
    aliases: ["dhan", "rice", "chawal", "chaawal"],
    art: "paddy",
    colour: "#6f8f3a",
    problems: [
      ["zinc-deficiency", "tillering"],
      ["stem-borer", "tillering"],
      ["leaf-folder", "tillering"],
      ["blast", "panicle"],
      ["sheath-blight", "panicle"],
      ["brown-plant-hopper", "grain-filling"],
      ["nitrogen-deficiency", "tillering"],
    ],
  },
  {
    slug: "wheat",
    name: "Wheat",
    nameHi: "गेहूँ",
    seasons: ["rabi"],
    stages: [
      ["sowing", "Sowing and germination", "बुवाई और अंकुरण"],
      ["tillering", "Tillering", "कल्ले निकलना"],
      ["heading", "Booting and heading", "बाली निकलना"],
      ["grain-filling", "Grain filling", "दाना भरना"],
    ],
    aliases: ["gehu", "gehun", "gehoon", "gahu", "गेहूं"],
    art: "wheat",
    colour: "#b08d3c",
    problems: [
      ["weeds", "tillering"],
      ["zinc-deficiency", "tillering"],
      ["nitrogen-deficiency", "tillering"],
      ["rust", "heading"],
    ],
  },
  {
    slug: "tomato",
    name: "Tomato",
    nameHi: "टमाटर",
    seasons: ["kharif", "rabi", "zaid"],
    stages: [
      ["nursery", "Nursery", "नर्सरी"],
      ["vegetative", "Vegetative growth", "बढ़वार"],
      ["flowering", "Flowering", "फूल आना"],
      ["fruiting", "Fruiting", "फल लगना"],
    ],
    aliases: ["tamatar", "tamaatar", "tamater"],
    art: "tomato-seeds",
    colour: "#c0392b",
    problems: [
      ["whitefly", "vegetative"],
      ["early-blight", "flowering"],
      ["late-blight", "fruiting"],
      ["fruit-borer", "fruiting"],
    ],
  },
  {
    slug: "chilli",
    name: "Chilli",
    nameHi: "मिर्च",
    seasons: ["kharif", "rabi"],
    stages: [
      ["nursery", "Nursery", "नर्सरी"],
      ["vegetative", "Vegetative growth", "बढ़वार"],
      ["flowering", "Flowering", "फूल आना"],
      ["fruiting", "Fruiting", "फल लगना"],
    ],
    aliases: ["mirch", "mirchi", "chili", "hari mirch", "lal mirch"],
    art: "chilli-seeds",
    colour: "#b03a2e",
    problems: [
      ["thrips", "vegetative"],
      ["whitefly", "vegetative"],
      ["fruit-borer", "fruiting"],
      ["fruit-rot", "fruiting"],
    ],
  },
  {
    slug: "soybean",
    name: "Soybean",
    nameHi: "सोयाबीन",
    seasons: ["kharif"],
    stages: [
      ["seedling", "Seedling", "अंकुरण"],
      ["vegetative", "Vegetative growth", "बढ़वार"],
      ["flowering", "Flowering", "फूल आना"],
      ["pod-filling", "Pod filling", "फली भरना"],
    ],
    aliases: ["soyabean", "soya", "soyabin"],
    art: "seed",
    colour: "#a39046",
    problems: [
      ["stem-fly", "seedling"],
      ["girdle-beetle", "vegetative"],
      ["sulphur-deficiency", "vegetative"],
      ["weeds", "seedling"],
    ],
  },
  {
    slug: "sugarcane",
    name: "Sugarcane",
    nameHi: "गन्ना",
    seasons: ["rabi", "zaid"],
    stages: [
      ["germination", "Germination", "अंकुरण"],
      ["tillering", "Tillering", "कल्ले निकलना"],
      ["grand-growth", "Grand growth", "तेज़ बढ़वार"],
    ],
    aliases: ["ganna", "ikh", "ikhu", "ganne"],
    art: "leaf",
    colour: "#5b8c2a",
    problems: [
      ["early-shoot-borer", "tillering"],
      ["nitrogen-deficiency", "grand-growth"],
      ["weeds", "germination"],
    ],
  },
  {
    slug: "onion",
    name: "Onion",
    nameHi: "प्याज़",
    seasons: ["kharif", "rabi"],
    stages: [
      ["nursery", "Nursery", "नर्सरी"],
      ["vegetative", "Vegetative growth", "बढ़वार"],
      ["bulb", "Bulb development", "कंद बनना"],
    ],
    aliases: ["pyaz", "pyaj", "kanda", "प्याज"],
    art: "fruit",
    colour: "#8e4585",
    problems: [
      ["purple-blotch", "bulb"],
      ["sulphur-deficiency", "bulb"],
      ["weeds", "vegetative"],
    ],
  },
];

/**
 * What each demo product serves: the crops it is for, the crops' problems it treats
 * ("crop:problem"), and a pesticide's label claim. A pesticide is linked only to pairs of its claim.
 */
export const DEMO_PRODUCT_CROPS: Record<string, { crops?: string[]; problems?: string[]; claims?: string[] }> = {
  "Hybrid Tomato Seeds Abhilash": { crops: ["tomato"] },
  "Bt Cotton Seeds RCH 659 BG II": { crops: ["cotton"] },
  "Paddy Seeds Pusa Basmati 1121": { crops: ["paddy"] },
  "Chilli Seeds Teja 4884": { crops: ["chilli"] },
  "Wheat Seeds HD 3086": { crops: ["wheat"] },
  "Neem Coated Urea": {
    crops: ["wheat", "paddy", "cotton", "sugarcane"],
    problems: ["wheat:nitrogen-deficiency", "paddy:nitrogen-deficiency", "cotton:nitrogen-deficiency", "sugarcane:nitrogen-deficiency"],
  },
  "DAP 18-46-0 50 kg": { crops: ["wheat", "paddy", "soybean", "onion"] },
  "Muriate of Potash 50 kg": { crops: ["sugarcane", "paddy"] },
  "NPK 19-19-19 Water Soluble 1 kg": { crops: ["tomato", "chilli", "onion"] },
  "Zinc Sulphate 33 % 5 kg": { crops: ["paddy", "wheat"], problems: ["paddy:zinc-deficiency", "wheat:zinc-deficiency"] },
  "Sulphur 90 % WDG 3 kg": { crops: ["soybean", "onion"], problems: ["soybean:sulphur-deficiency", "onion:sulphur-deficiency"] },
  "Pseudomonas fluorescens 1 kg": {
    claims: ["paddy:blast", "paddy:sheath-blight"],
    problems: ["paddy:blast", "paddy:sheath-blight"],
  },
  "Yellow Sticky Traps (pack of 20)": { problems: ["cotton:whitefly", "tomato:whitefly", "chilli:whitefly"] },
  "Hand Hoe with Wooden Handle": { problems: ["wheat:weeds", "onion:weeds", "soybean:weeds"] },
  "Power Weeder 7 HP Petrol": { problems: ["cotton:weeds", "sugarcane:weeds"] },
  "Imidacloprid 17.8 % SL 100 ml": {
    claims: ["cotton:whitefly", "cotton:jassid", "paddy:brown-plant-hopper", "chilli:thrips", "tomato:whitefly"],
    problems: ["cotton:whitefly", "cotton:jassid", "paddy:brown-plant-hopper", "chilli:thrips", "tomato:whitefly"],
  },
  "Mancozeb 75 % WP 500 g": {
    claims: ["tomato:early-blight", "tomato:late-blight", "wheat:rust", "chilli:fruit-rot", "onion:purple-blotch", "paddy:blast"],
    problems: ["tomato:early-blight", "tomato:late-blight", "wheat:rust", "chilli:fruit-rot", "onion:purple-blotch", "paddy:blast"],
  },
  "Propiconazole 25 % EC 250 ml": {
    claims: ["wheat:rust", "paddy:sheath-blight"],
    problems: ["wheat:rust", "paddy:sheath-blight"],
  },
  "Chlorantraniliprole 18.5 % SC 60 ml": {
    claims: [
      "paddy:stem-borer",
      "paddy:leaf-folder",
      "tomato:fruit-borer",
      "chilli:fruit-borer",
      "soybean:girdle-beetle",
      "soybean:stem-fly",
      "sugarcane:early-shoot-borer",
    ],
    problems: [
      "paddy:stem-borer",
      "paddy:leaf-folder",
      "tomato:fruit-borer",
      "chilli:fruit-borer",
      "soybean:girdle-beetle",
      "soybean:stem-fly",
      "sugarcane:early-shoot-borer",
    ],
  },
  "Cartap Hydrochloride 4 % GR 5 kg": {
    claims: ["paddy:stem-borer", "paddy:leaf-folder"],
    problems: ["paddy:stem-borer", "paddy:leaf-folder"],
  },
};
