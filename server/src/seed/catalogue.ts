/** The demo catalogue: realistic Indian agricultural products with rupee prices (in paise). */

import type { GstRate, PackUnit, ProductLabel } from "@krishi/contract";
import type { Pictogram } from "./artwork.ts";

/** A pack of a demo product; its SKU is made from the product's place in the catalogue. */
export interface DemoPack {
  label: string;
  netQuantity: number;
  unit: PackUnit;
  pricePaise: number;
  mrpPaise: number;
  stock: number;
  weightGrams: number;
  sku: string;
}

export interface DemoProduct {
  name: string;
  brand: string;
  category: string;
  /** The packs, default first (at the row's price and stock unless DEMO_PACKS says more). */
  packs: DemoPack[];
  label: ProductLabel;
  images: number;
  description: string;
  /** What the product's artwork draws. */
  art: Pictogram;
  /** The name in Hindi (Devanagari), as a farmer would ask for it. */
  nameHi?: string;
  /** The description in Hindi. */
  descriptionHi?: string;
  /** The HSN code of the goods and their GST rate in percent (DEMO_TAX). */
  hsnCode: string;
  gstRate: GstRate;
}

export const DEMO_CATEGORIES = [
  { name: "Seeds", nameHi: "बीज", colour: "#5b8c2a", icon: "seed" },
  { name: "Fertilisers", nameHi: "उर्वरक", colour: "#8a5a2b", icon: "sack" },
  { name: "Bio-pesticides", nameHi: "जैविक कीटनाशक", colour: "#2f7d6d", icon: "leaf" },
  { name: "Pesticides", nameHi: "कीटनाशक", colour: "#2e5e8c", icon: "leaf" },
  { name: "Farm Tools", nameHi: "कृषि उपकरण", colour: "#54606e", icon: "tool" },
  { name: "Irrigation", nameHi: "सिंचाई", colour: "#1f6fa8", icon: "drop" },
  { name: "Organic Produce", nameHi: "जैविक उपज", colour: "#b5482f", icon: "fruit" },
  { name: "Animal Husbandry", nameHi: "पशुपालन", colour: "#7a5c99", icon: "sack" },
] as const;

type Row = [
  name: string,
  brand: string,
  category: string,
  rupees: number,
  stock: number,
  images: number,
  art: Pictogram,
  description: string,
  nameHi: string,
  descriptionHi: string,
];

const rows: Row[] = [
  [
    "Hybrid Tomato Seeds Abhilash",
    "Syngenta",
    "Seeds",
    1249.5,
    35,
    3,
    "tomato-seeds",
    "High-yielding determinate hybrid tomato with firm, deep-red fruits of 80–90 g. Tolerant to leaf curl virus; first harvest 65–70 days after transplanting. Pack of 10 g.",
    "टमाटर के हाइब्रिड बीज अभिलाष",
    "अधिक उपज देने वाली डिटरमिनेट (सीमित बढ़वार वाली) हाइब्रिड टमाटर किस्म; फल सख्त, गहरे लाल, 80–90 ग्राम के। पत्ती मोड़क (लीफ कर्ल) वायरस के प्रति सहनशील; रोपाई के 65–70 दिन बाद पहली तुड़ाई। 10 ग्राम का पैकेट।",
  ],
  [
    "Bt Cotton Seeds RCH 659 BG II",
    "Rasi Seeds",
    "Seeds",
    864,
    60,
    2,
    "cotton",
    "Bollgard II cotton hybrid for irrigated and rain-fed black soils. Big bolls, good fibre length, 160–170 days duration. 475 g packet for one acre.",
    "बीटी कपास बीज RCH 659 BG II",
    "सिंचित और बारानी (वर्षा आधारित) काली मिट्टी के लिए बॉलगार्ड II कपास हाइब्रिड। बड़े टिंडे, रेशे की अच्छी लंबाई, 160–170 दिन की अवधि। एक एकड़ के लिए 475 ग्राम का पैकेट।",
  ],
  [
    "Paddy Seeds Pusa Basmati 1121",
    "IARI",
    "Seeds",
    95,
    120,
    2,
    "paddy",
    "Extra-long grain aromatic basmati variety with excellent cooking quality. Maturity 140–145 days. Price per kg of certified seed.",
    "धान बीज पूसा बासमती 1121",
    "बहुत लंबे दाने वाली सुगंधित बासमती किस्म, पकाने की गुणवत्ता उत्कृष्ट। 140–145 दिन में पककर तैयार। प्रमाणित बीज का दाम प्रति किग्रा।",
  ],
  [
    "Okra Seeds Radhika",
    "Mahyco",
    "Seeds",
    310,
    48,
    1,
    "okra-seeds",
    "Dark-green, tender okra pods with five ridges; tolerant to yellow vein mosaic virus. Continuous picking from 45 days.",
    "भिंडी बीज राधिका",
    "गहरी हरी, मुलायम, पाँच धारियों वाली भिंडी; पीली नस मोज़ेक (येलो वेन मोज़ेक) वायरस के प्रति सहनशील। 45 दिन से लगातार तुड़ाई।",
  ],
  [
    "Chilli Seeds Teja 4884",
    "Nuziveedu Seeds",
    "Seeds",
    720,
    0,
    2,
    "chilli-seeds",
    "Pungent red chilli hybrid for dry and green chilli markets, with high colour value. Pack of 10 g. Currently sold out for the season.",
    "मिर्च बीज तेजा 4884",
    "सूखी और हरी मिर्च, दोनों बाज़ारों के लिए तीखी लाल मिर्च हाइब्रिड, गहरा रंग (ऊँची कलर वैल्यू)। 10 ग्राम का पैकेट। इस सीज़न के लिए फ़िलहाल स्टॉक खत्म।",
  ],
  [
    "Maize Seeds DKC 9144",
    "Bayer Dekalb",
    "Seeds",
    1850,
    22,
    1,
    "maize",
    "Single-cross maize hybrid with bold orange grains and strong stalks. Suits kharif and rabi; 4 kg pack for one acre.",
    "मक्का बीज DKC 9144",
    "सिंगल-क्रॉस मक्का हाइब्रिड, मोटे नारंगी दाने और मज़बूत तना। खरीफ़ और रबी दोनों के लिए उपयुक्त; एक एकड़ के लिए 4 किग्रा का पैक।",
  ],
  [
    "Wheat Seeds HD 3086",
    "National Seeds Corporation",
    "Seeds",
    55,
    300,
    1,
    "wheat",
    "Timely-sown wheat for the north-western plains, rust resistant, yield potential 70 q/ha.",
    "गेहूँ बीज HD 3086",
    "उत्तर-पश्चिमी मैदानी इलाकों के लिए समय पर बुवाई वाली गेहूँ किस्म, रतुआ (रस्ट) रोग प्रतिरोधी, उपज क्षमता 70 क्विंटल/हेक्टेयर।",
  ],
  [
    "Bottle Gourd Seeds Sharad",
    "VNR Seeds",
    "Seeds",
    240,
    75,
    1,
    "gourd-seeds",
    "Cylindrical light-green fruits of 35–40 cm, early and prolific. Pack of 50 g.",
    "लौकी बीज शरद",
    "35–40 सेमी लंबे, बेलनाकार, हल्के हरे फल; अगेती और भरपूर फलन। 50 ग्राम का पैकेट।",
  ],
  [
    "Marigold Seeds Pusa Narangi",
    "Namdhari Seeds",
    "Seeds",
    180,
    5,
    1,
    "marigold-seeds",
    "Bright orange double flowers for garlands and festivals. Pack of 10 g.",
    "गेंदा बीज पूसा नारंगी",
    "मालाओं और त्योहारों के लिए चमकीले नारंगी, भरे हुए (डबल) फूल। 10 ग्राम का पैकेट।",
  ],
  [
    "Neem Coated Urea",
    "IFFCO",
    "Fertilisers",
    266.5,
    200,
    2,
    "urea-sack",
    "Neem-coated urea with 46 % nitrogen; slows nitrogen release and reduces losses. Government-notified price per 45 kg bag.",
    "नीम लेपित यूरिया खाद",
    "46 % नाइट्रोजन वाला नीम लेपित यूरिया; नाइट्रोजन धीरे-धीरे छोड़ता है और उसका नुकसान कम करता है। 45 किग्रा की बोरी का सरकार द्वारा अधिसूचित दाम।",
  ],
  [
    "DAP 18-46-0 50 kg",
    "Coromandel Gromor",
    "Fertilisers",
    1350,
    80,
    2,
    "dap-sack",
    "Di-ammonium phosphate for basal application: 18 % nitrogen and 46 % phosphorus. 50 kg bag.",
    "डीएपी 18-46-0 50 किग्रा",
    "बुवाई के समय आधार (बेसल) खाद के लिए डाई-अमोनियम फॉस्फेट: 18 % नाइट्रोजन और 46 % फॉस्फोरस। 50 किग्रा की बोरी।",
  ],
  [
    "NPK 19-19-19 Water Soluble 1 kg",
    "Mahadhan",
    "Fertilisers",
    165,
    150,
    1,
    "npk-pouch",
    "Fully water-soluble balanced fertiliser for drip and foliar spray in the vegetative stage.",
    "एनपीके 19-19-19 पानी में घुलनशील 1 किग्रा",
    "पूरी तरह पानी में घुलनशील संतुलित उर्वरक, बढ़वार की अवस्था में ड्रिप और पत्तियों पर छिड़काव के लिए।",
  ],
  [
    "Muriate of Potash 50 kg",
    "Indian Potash Limited",
    "Fertilisers",
    1700,
    0,
    1,
    "mop-sack",
    "60 % K2O potash for fruit size, sugar content and disease tolerance. 50 kg bag. Out of stock until the next rake arrives.",
    "म्यूरेट ऑफ़ पोटाश (पोटाश) 50 किग्रा",
    "60 % K2O वाला पोटाश — फल का आकार, मिठास और रोग सहनशीलता बढ़ाता है। 50 किग्रा की बोरी। अगली रेल रेक आने तक स्टॉक में नहीं।",
  ],
  [
    "Vermicompost 25 kg",
    "Ugaoo",
    "Fertilisers",
    449,
    64,
    2,
    "vermicompost-sack",
    "Earthworm compost rich in humus and micro-organisms; improves soil structure and water holding.",
    "वर्मीकम्पोस्ट (केंचुआ खाद) 25 किग्रा",
    "ह्यूमस और सूक्ष्मजीवों से भरपूर केंचुआ खाद; मिट्टी की बनावट और पानी रोकने की क्षमता सुधारती है।",
  ],
  [
    "Zinc Sulphate 33 % 5 kg",
    "Chambal Fertilisers",
    "Fertilisers",
    385,
    40,
    1,
    "zinc-pouch",
    "Corrects zinc deficiency (khaira disease) in paddy and wheat. Apply 10 kg per acre at sowing.",
    "जिंक सल्फेट 33 % 5 किग्रा",
    "धान और गेहूँ में जिंक की कमी (खैरा रोग) दूर करता है। बुवाई के समय 10 किग्रा प्रति एकड़ डालें।",
  ],
  [
    "Seaweed Extract Granules 4 kg",
    "Tata Rallis",
    "Fertilisers",
    690,
    18,
    1,
    "seaweed-pouch",
    "Bio-stimulant from Kappaphycus seaweed for root growth, flowering and stress tolerance.",
    "समुद्री शैवाल अर्क दानेदार 4 किग्रा",
    "कप्पाफाइकस समुद्री शैवाल से बना जैव-उत्तेजक (बायो-स्टिमुलेंट); जड़ों की बढ़वार, फूल आने और तनाव सहने की क्षमता के लिए।",
  ],
  [
    "Sulphur 90 % WDG 3 kg",
    "Nagarjuna Fertilizers",
    "Fertilisers",
    540,
    27,
    1,
    "sulphur-pouch",
    "Bentonite sulphur for oilseeds and pulses; improves oil content and protein.",
    "सल्फर (गंधक) 90 % WDG 3 किग्रा",
    "तिलहन और दलहन के लिए बेंटोनाइट सल्फर; तेल की मात्रा और प्रोटीन बढ़ाता है।",
  ],
  [
    "Neem Oil 10000 ppm",
    "Parijat",
    "Bio-pesticides",
    899,
    33,
    2,
    "neem-oil",
    "Cold-pressed azadirachtin 1 % for sucking pests, whitefly and mites. Mix 3 ml per litre of water.",
    "नीम का तेल 10000 ppm",
    "कोल्ड-प्रेस्ड, 1 % एज़ाडिरेक्टिन; रस चूसने वाले कीटों, सफ़ेद मक्खी और माइट (मकड़ी) के लिए। 3 मिली प्रति लीटर पानी में मिलाएँ।",
  ],
  [
    "Trichoderma viride 1 kg",
    "T. Stanes",
    "Bio-pesticides",
    210,
    90,
    1,
    "trichoderma-pouch",
    "Bio-fungicide against root rot, wilt and damping-off. Seed treatment 10 g per kg.",
    "ट्राइकोडर्मा विरिडी 1 किग्रा",
    "जड़ सड़न, उकठा (विल्ट) और आर्द्र गलन (डैम्पिंग-ऑफ़) के विरुद्ध जैविक फफूंदनाशक। बीज उपचार: 10 ग्राम प्रति किग्रा बीज।",
  ],
  [
    "Beauveria bassiana 1 L",
    "Dharmaj Crop Guard",
    "Bio-pesticides",
    480,
    12,
    1,
    "beauveria-bottle",
    "Entomopathogenic fungus against white grub, stem borer and thrips. Safe for pollinators.",
    "ब्यूवेरिया बैसियाना 1 लीटर",
    "कीटों में रोग फैलाने वाली फफूंद; सफ़ेद लट (व्हाइट ग्रब), तना छेदक और थ्रिप्स के विरुद्ध। परागण करने वाले कीटों के लिए सुरक्षित।",
  ],
  [
    "Pseudomonas fluorescens 1 kg",
    "International Panaacea",
    "Bio-pesticides",
    260,
    0,
    1,
    "pseudomonas-pouch",
    "Bio-control agent for blast and sheath blight in paddy. Temporarily unavailable.",
    "स्यूडोमोनास फ्लोरेसेंस 1 किग्रा",
    "धान में ब्लास्ट (झोंका) और शीथ ब्लाइट (पर्णच्छद झुलसा) के जैविक नियंत्रण के लिए। फ़िलहाल उपलब्ध नहीं।",
  ],
  [
    "Yellow Sticky Traps (pack of 20)",
    "Pest Control India",
    "Bio-pesticides",
    349,
    140,
    2,
    "sticky-trap",
    "Double-sided glue traps for whitefly, aphids and leaf miners in polyhouses and open fields.",
    "पीले चिपचिपे ट्रैप (20 का पैक)",
    "दोनों तरफ़ गोंद वाले ट्रैप; पॉलीहाउस और खुले खेतों में सफ़ेद मक्खी, माहू (एफिड) और पत्ती सुरंगक (लीफ माइनर) के लिए।",
  ],
  [
    "Pheromone Trap Kit for Fruit Fly",
    "UPL",
    "Bio-pesticides",
    199,
    8,
    1,
    "pheromone-trap",
    "Methyl eugenol lure with reusable trap. Place 6 traps per acre in mango and guava orchards.",
    "फल मक्खी के लिए फेरोमोन ट्रैप किट",
    "मिथाइल यूजीनॉल ल्योर के साथ दोबारा इस्तेमाल होने वाला ट्रैप। आम और अमरूद के बागों में प्रति एकड़ 6 ट्रैप लगाएँ।",
  ],
  [
    "Battery Knapsack Sprayer 16 L",
    "Kisankraft",
    "Farm Tools",
    2799,
    15,
    12,
    "sprayer",
    "12 V 8 Ah battery spray pump with adjustable pressure, four nozzles and a padded harness. Sprays up to 12 tanks on a charge. Shown here from every angle.",
    "बैटरी स्प्रे पंप (नैपसैक) 16 लीटर",
    "12 V 8 Ah बैटरी वाला स्प्रेयर; दबाव घटाने-बढ़ाने की सुविधा, चार नोज़ल और गद्देदार पट्टे। एक बार चार्ज करने पर 12 टंकी तक छिड़काव। यहाँ हर कोण से दिखाया गया है।",
  ],
  [
    "Hand Hoe with Wooden Handle",
    "Falcon Garden Tools",
    "Farm Tools",
    329,
    70,
    2,
    "hoe",
    "Forged carbon-steel blade for weeding and earthing up; seasoned wooden handle.",
    "लकड़ी के हत्थे वाली हाथ कुदाल",
    "निराई और मिट्टी चढ़ाने के लिए फोर्ज्ड कार्बन-स्टील का फल; पकी (सीज़न की हुई) लकड़ी का हत्था।",
  ],
  [
    "Pruning Secateurs 8 inch",
    "Falcon Garden Tools",
    "Farm Tools",
    449.99,
    55,
    2,
    "secateurs",
    "Bypass secateurs with high-carbon blades and a safety lock for orchards and nurseries.",
    "छँटाई कैंची (सिकेटियर) 8 इंच",
    "बागों और नर्सरी के लिए बाईपास सिकेटियर, हाई-कार्बन ब्लेड और सेफ़्टी लॉक के साथ।",
  ],
  [
    "Power Weeder 7 HP Petrol",
    "Honda",
    "Farm Tools",
    84500,
    3,
    6,
    "power-weeder",
    "Four-stroke petrol tiller with 18 blades and 3-forward-gear transmission for inter-row cultivation.",
    "पावर वीडर 7 HP पेट्रोल",
    "कतारों के बीच गुड़ाई के लिए फोर-स्ट्रोक पेट्रोल टिलर, 18 ब्लेड और 3 फ़ॉरवर्ड गियर वाला ट्रांसमिशन।",
  ],
  [
    "Sickle Serrated (pack of 2)",
    "Kisankraft",
    "Farm Tools",
    198,
    0,
    1,
    "sickle",
    "Serrated harvesting sickles for paddy and wheat. Sold out.",
    "दाँतेदार हँसिया (2 का पैक)",
    "धान और गेहूँ की कटाई के लिए दाँतेदार हँसिए। स्टॉक खत्म।",
  ],
  [
    "Manual Seed Drill 2 Row",
    "Agrotech",
    "Farm Tools",
    3650,
    9,
    3,
    "seed-drill",
    "Push-type seed drill for maize, groundnut and pulses with adjustable spacing.",
    "हाथ से चलने वाली सीड ड्रिल 2 कतार",
    "मक्का, मूँगफली और दलहन के लिए धक्का देकर चलाई जाने वाली सीड ड्रिल; कतारों की दूरी बदली जा सकती है।",
  ],
  [
    "Garden Fork 4 Prong",
    "Truper",
    "Farm Tools",
    599,
    25,
    1,
    "fork",
    "Heat-treated steel fork for turning compost and loosening soil.",
    "गार्डन फोर्क (4 दाँते)",
    "कम्पोस्ट पलटने और मिट्टी भुरभुरी करने के लिए हीट-ट्रीटेड स्टील का काँटा।",
  ],
  [
    "Drip Irrigation Kit 1 Acre",
    "Jain Irrigation",
    "Irrigation",
    18999,
    6,
    4,
    "drip-kit",
    "Complete kit with 16 mm laterals, inline drippers every 40 cm, screen filter, venturi and fittings for one acre.",
    "ड्रिप सिंचाई किट 1 एकड़",
    "एक एकड़ के लिए पूरी किट: 16 मिमी लेटरल, हर 40 सेमी पर इनलाइन ड्रिपर, स्क्रीन फ़िल्टर, वेंचुरी और फ़िटिंग्स।",
  ],
  [
    "Inline Drip Lateral 16 mm 400 m",
    "Netafim",
    "Irrigation",
    3299,
    20,
    1,
    "drip-coil",
    "Pressure-compensating inline drippers at 30 cm spacing, 2 litres per hour.",
    "इनलाइन ड्रिप लेटरल 16 मिमी 400 मीटर",
    "प्रेशर-कम्पेंसेटिंग इनलाइन ड्रिपर, 30 सेमी की दूरी पर, 2 लीटर प्रति घंटा।",
  ],
  [
    "Rain Pipe 40 mm 100 m",
    "Finolex",
    "Irrigation",
    2450,
    11,
    1,
    "rain-pipe",
    "Micro-sprinkling hose for vegetables, nurseries and lawns.",
    "रेन पाइप 40 मिमी 100 मीटर",
    "सब्ज़ियों, नर्सरी और लॉन के लिए बारीक फुहार वाला (माइक्रो-स्प्रिंकलिंग) पाइप।",
  ],
  [
    "Mini Sprinkler Set (10 pcs)",
    "Finolex",
    "Irrigation",
    799,
    42,
    2,
    "sprinkler",
    "Rotating mini sprinklers with stakes and 6 mm connectors; 4 m throw.",
    "मिनी स्प्रिंकलर सेट (10 नग)",
    "घूमने वाले मिनी स्प्रिंकलर, खूँटियों और 6 मिमी कनेक्टर के साथ; 4 मीटर तक फुहार।",
  ],
  [
    "Solar Water Pump 3 HP DC",
    "Shakti Pumps",
    "Irrigation",
    152000,
    2,
    5,
    "solar-pump",
    "Submersible solar pump with MPPT controller for borewells up to 100 m. PM-KUSUM eligible.",
    "सोलर वाटर पंप 3 HP DC",
    "100 मीटर तक गहरे बोरवेल के लिए MPPT कंट्रोलर वाला सबमर्सिबल सोलर पंप। पीएम-कुसुम योजना के लिए पात्र।",
  ],
  [
    "HDPE Water Tank 1000 L",
    "Sintex",
    "Irrigation",
    7499,
    0,
    1,
    "water-tank",
    "Triple-layer UV-stabilised tank for farm storage. Out of stock.",
    "HDPE पानी की टंकी 1000 लीटर",
    "खेत पर पानी जमा करने के लिए तीन परतों वाली, UV-स्टेबलाइज़्ड टंकी। स्टॉक में नहीं।",
  ],
  [
    "Organic Basmati Rice 5 kg",
    "24 Mantra Organic",
    "Organic Produce",
    749,
    90,
    2,
    "rice",
    "Aged certified-organic basmati with long, fragrant grains.",
    "जैविक बासमती चावल 5 किग्रा",
    "पुराना (एज्ड), प्रमाणित जैविक बासमती चावल; लंबे, खुशबूदार दाने।",
  ],
  [
    "Cold-Pressed Mustard Oil 1 L",
    "Organic India",
    "Organic Produce",
    289,
    130,
    1,
    "mustard-oil",
    "Kachi ghani mustard oil from organically grown seeds.",
    "कच्ची घानी सरसों का तेल 1 लीटर",
    "जैविक तरीके से उगाई गई सरसों से निकाला गया कच्ची घानी सरसों का तेल।",
  ],
  [
    "Alphonso Mangoes (1 dozen)",
    "Ratnagiri Farmers Co-op",
    "Organic Produce",
    1199,
    14,
    3,
    "mango",
    "GI-tagged Devgad-Ratnagiri Alphonso mangoes, naturally ripened, packed the day they ship.",
    "हापुस (अल्फांसो) आम (1 दर्जन)",
    "जीआई टैग वाले देवगढ़-रत्नागिरी हापुस (अल्फांसो) आम, प्राकृतिक रूप से पके, भेजने के दिन ही पैक किए जाते हैं।",
  ],
  [
    "Turmeric Powder Lakadong 500 g",
    "Meghalaya Organics",
    "Organic Produce",
    345,
    0,
    1,
    "turmeric",
    "High-curcumin Lakadong turmeric, stone ground. Sold out until the next harvest.",
    "लकडोंग हल्दी पाउडर 500 ग्राम",
    "अधिक करक्यूमिन वाली लकडोंग हल्दी, पत्थर की चक्की में पिसी। अगली फ़सल आने तक स्टॉक खत्म।",
  ],
  [
    "Jaggery Blocks 1 kg",
    "Pro Nature",
    "Organic Produce",
    139,
    200,
    1,
    "jaggery",
    "Chemical-free sugarcane jaggery made in open pans.",
    "गुड़ की भेली 1 किग्रा",
    "खुले कड़ाहों में बना, बिना रसायन का गन्ने का गुड़।",
  ],
  [
    "Desi Cow Ghee 1 L",
    "Amul",
    "Organic Produce",
    675,
    38,
    2,
    "ghee",
    "Pure cow ghee with a granular texture and rich aroma.",
    "देसी गाय का घी 1 लीटर",
    "दानेदार बनावट और भरपूर सुगंध वाला शुद्ध गाय का घी।",
  ],
  [
    "Cattle Feed Pellets 50 kg",
    "Godrej Agrovet",
    "Animal Husbandry",
    1420,
    28,
    1,
    "cattle-feed",
    "Balanced compound feed with bypass protein for higher milk yield.",
    "पशु आहार पेलेट 50 किग्रा",
    "अधिक दूध उत्पादन के लिए बाईपास प्रोटीन वाला संतुलित मिश्रित पशु आहार।",
  ],
  [
    "Mineral Mixture 1 kg",
    "Virbac",
    "Animal Husbandry",
    160,
    85,
    1,
    "mineral-tub",
    "Chelated minerals and vitamins for dairy cattle and buffaloes.",
    "मिनरल मिक्सचर (खनिज लवण मिश्रण) 1 किग्रा",
    "दुधारू गायों और भैंसों के लिए कीलेटेड खनिज और विटामिन।",
  ],
  [
    "Poultry Starter Feed 25 kg",
    "Venky's",
    "Animal Husbandry",
    1150,
    0,
    1,
    "poultry-feed",
    "Crumbled starter for broiler chicks up to 10 days. Out of stock.",
    "मुर्गी स्टार्टर दाना 25 किग्रा",
    "10 दिन तक के ब्रॉयलर चूज़ों के लिए चूरा (क्रम्बल) स्टार्टर दाना। स्टॉक में नहीं।",
  ],
  [
    "Milking Machine Single Bucket",
    "Prompt Dairy Tech",
    "Animal Husbandry",
    38500,
    4,
    3,
    "milking-machine",
    "Piston-type milking machine for 10–12 animals, stainless-steel bucket, 1 HP motor.",
    "दूध निकालने की मशीन (सिंगल बाल्टी)",
    "10–12 पशुओं के लिए पिस्टन वाली मिल्किंग मशीन, स्टेनलेस-स्टील की बाल्टी, 1 HP मोटर।",
  ],
  // Chemical crop protection (DEMO listings: their label claims, crops.ts, are written from CIB&RC's public lists of uses).
  [
    "Imidacloprid 17.8 % SL 100 ml",
    "Demo Crop Care",
    "Pesticides",
    245,
    60,
    1,
    "imidacloprid-bottle",
    "Systemic insecticide against sucking pests: whitefly, jassids, thrips and plant hoppers. Spray only on the crops and pests its label claim names. Demo listing: the claim is written from CIB&RC's public list of uses for imidacloprid 17.8 % SL; read the label on the pack before use.",
    "इमिडाक्लोप्रिड 17.8 % एसएल 100 मिली",
    "रस चूसने वाले कीटों (सफेद मक्खी, हरा तेला, थ्रिप्स, फुदका) के विरुद्ध अंतःप्रवाही कीटनाशक। केवल उन्हीं फसलों और कीटों पर छिड़कें जो इसके लेबल दावे में लिखे हैं। डेमो सूची: दावा इमिडाक्लोप्रिड 17.8 % एसएल के CIB&RC के सार्वजनिक उपयोगों से लिखा गया है; इस्तेमाल से पहले पैक का लेबल पढ़ें।",
  ],
  [
    "Mancozeb 75 % WP 500 g",
    "Demo Crop Care",
    "Pesticides",
    290,
    80,
    1,
    "mancozeb-pouch",
    "Contact fungicide against blights, rusts, leaf spots and fruit rots. Use only on the crops and diseases its label claim names. Demo listing: the claim is written from CIB&RC's public list of uses for mancozeb 75 % WP; read the label on the pack before use.",
    "मैंकोजेब 75 % डब्ल्यूपी 500 ग्राम",
    "झुलसा, रतुआ, पत्ती धब्बा और फल सड़न के विरुद्ध संपर्क फफूंदनाशक। केवल उन्हीं फसलों और रोगों पर इस्तेमाल करें जो इसके लेबल दावे में लिखे हैं। डेमो सूची: दावा मैंकोजेब 75 % डब्ल्यूपी के CIB&RC के सार्वजनिक उपयोगों से लिखा गया है; इस्तेमाल से पहले पैक का लेबल पढ़ें।",
  ],
  [
    "Propiconazole 25 % EC 250 ml",
    "Demo Crop Care",
    "Pesticides",
    420,
    35,
    1,
    "propiconazole-bottle",
    "Systemic fungicide against wheat rust and paddy sheath blight. Use only on the crops and diseases its label claim names. Demo listing: the claim is written from CIB&RC's public list of uses for propiconazole 25 % EC; read the label on the pack before use.",
    "प्रोपिकोनाज़ोल 25 % ईसी 250 मिली",
    "गेहूँ के रतुआ और धान के पर्णच्छद झुलसा के विरुद्ध अंतःप्रवाही फफूंदनाशक। केवल उन्हीं फसलों और रोगों पर इस्तेमाल करें जो इसके लेबल दावे में लिखे हैं। डेमो सूची: दावा प्रोपिकोनाज़ोल 25 % ईसी के CIB&RC के सार्वजनिक उपयोगों से लिखा गया है; इस्तेमाल से पहले पैक का लेबल पढ़ें।",
  ],
  [
    "Chlorantraniliprole 18.5 % SC 60 ml",
    "Demo Crop Care",
    "Pesticides",
    780,
    40,
    1,
    "chlorantraniliprole-bottle",
    "Insecticide against caterpillars: stem borers, leaf folder, fruit borers, girdle beetle and stem fly. Use only on the crops and pests its label claim names. Demo listing: the claim is written from CIB&RC's public list of uses for chlorantraniliprole 18.5 % SC; read the label on the pack before use.",
    "क्लोरेंट्रानिलिप्रोल 18.5 % एससी 60 मिली",
    "सुंडियों (तना छेदक, पत्ती लपेटक, फल छेदक), चक्र भृंग और तना मक्खी के विरुद्ध कीटनाशक। केवल उन्हीं फसलों और कीटों पर इस्तेमाल करें जो इसके लेबल दावे में लिखे हैं। डेमो सूची: दावा क्लोरेंट्रानिलिप्रोल 18.5 % एससी के CIB&RC के सार्वजनिक उपयोगों से लिखा गया है; इस्तेमाल से पहले पैक का लेबल पढ़ें।",
  ],
  [
    "Cartap Hydrochloride 4 % GR 5 kg",
    "Demo Crop Care",
    "Pesticides",
    450,
    25,
    1,
    "cartap-sack",
    "Granules for paddy against stem borer and leaf folder, broadcast in standing water. Demo listing: the claim is written from CIB&RC's public list of uses for cartap hydrochloride 4 % GR; read the label on the pack before use.",
    "कारटाप हाइड्रोक्लोराइड 4 % जीआर 5 किग्रा",
    "धान में तना छेदक और पत्ती लपेटक के विरुद्ध दाने, खड़े पानी में बिखेरें। डेमो सूची: दावा कारटाप हाइड्रोक्लोराइड 4 % जीआर के CIB&RC के सार्वजनिक उपयोगों से लिखा गया है; इस्तेमाल से पहले पैक का लेबल पढ़ें।",
  ],
];

/**
 * The HSN code (6 digits, as the invoices of larger sellers carry it) and GST rate of each demo
 * product, as an Indian seller invoices them since the GST reform of September 2025: seeds for
 * sowing, fresh fruit, cattle and poultry feed 0 %; fertilisers, bio-pesticides, hand tools,
 * sprayers, irrigation and dairy machinery, packaged food and mineral mixture 5 %; a plastic water
 * tank 18 %.
 */
export const DEMO_TAX: Record<string, [hsnCode: string, gstRate: GstRate]> = {
  // Seeds for sowing: vegetable seeds 1209 91, flower seeds 1209 30; cereal and cotton seed in their own headings.
  "Hybrid Tomato Seeds Abhilash": ["120991", 0],
  "Bt Cotton Seeds RCH 659 BG II": ["120721", 0],
  "Paddy Seeds Pusa Basmati 1121": ["100610", 0],
  "Okra Seeds Radhika": ["120991", 0],
  "Chilli Seeds Teja 4884": ["120991", 0],
  "Maize Seeds DKC 9144": ["100510", 0],
  "Wheat Seeds HD 3086": ["100191", 0],
  "Bottle Gourd Seeds Sharad": ["120991", 0],
  "Marigold Seeds Pusa Narangi": ["120930", 0],
  // Fertilisers: urea 3102, potash 3104, DAP and NPK 3105, organic manure 3101, FCO micronutrients.
  "Neem Coated Urea": ["310210", 5],
  "DAP 18-46-0 50 kg": ["310530", 5],
  "NPK 19-19-19 Water Soluble 1 kg": ["310520", 5],
  "Muriate of Potash 50 kg": ["310420", 5],
  "Vermicompost 25 kg": ["310100", 5],
  "Zinc Sulphate 33 % 5 kg": ["283329", 5],
  "Seaweed Extract Granules 4 kg": ["310100", 5],
  "Sulphur 90 % WDG 3 kg": ["310590", 5],
  // Bio-pesticides: 3808 91 insecticides, 3808 92 fungicides.
  "Neem Oil 10000 ppm": ["380891", 5],
  "Trichoderma viride 1 kg": ["380892", 5],
  "Beauveria bassiana 1 L": ["380891", 5],
  "Pseudomonas fluorescens 1 kg": ["380892", 5],
  "Yellow Sticky Traps (pack of 20)": ["380891", 5],
  "Pheromone Trap Kit for Fruit Fly": ["380891", 5],
  // Chemical pesticides: 3808 91 insecticides, 3808 92 fungicides, at 18 %.
  "Imidacloprid 17.8 % SL 100 ml": ["380891", 18],
  "Mancozeb 75 % WP 500 g": ["380892", 18],
  "Propiconazole 25 % EC 250 ml": ["380892", 18],
  "Chlorantraniliprole 18.5 % SC 60 ml": ["380891", 18],
  "Cartap Hydrochloride 4 % GR 5 kg": ["380891", 18],
  // Farm tools: hand tools 8201, sprayers 8424, soil and seeding machinery 8432.
  "Battery Knapsack Sprayer 16 L": ["842441", 5],
  "Hand Hoe with Wooden Handle": ["820130", 5],
  "Pruning Secateurs 8 inch": ["820150", 5],
  "Power Weeder 7 HP Petrol": ["843229", 5],
  "Sickle Serrated (pack of 2)": ["820190", 5],
  "Manual Seed Drill 2 Row": ["843239", 5],
  "Garden Fork 4 Prong": ["820120", 5],
  // Irrigation: drip and sprinkler systems 8424 82, solar pumps 8413; a plastic tank is not a farm machine.
  "Drip Irrigation Kit 1 Acre": ["842482", 5],
  "Inline Drip Lateral 16 mm 400 m": ["842482", 5],
  "Rain Pipe 40 mm 100 m": ["842482", 5],
  "Mini Sprinkler Set (10 pcs)": ["842482", 5],
  "Solar Water Pump 3 HP DC": ["841381", 5],
  "HDPE Water Tank 1000 L": ["392510", 18],
  // Produce: fresh fruit 0 %; packaged and labelled rice, oil, spices, jaggery and ghee 5 %.
  "Organic Basmati Rice 5 kg": ["100630", 5],
  "Cold-Pressed Mustard Oil 1 L": ["151491", 5],
  "Alphonso Mangoes (1 dozen)": ["080450", 0],
  "Turmeric Powder Lakadong 500 g": ["091030", 5],
  "Jaggery Blocks 1 kg": ["170113", 5],
  "Desi Cow Ghee 1 L": ["040590", 5],
  // Animal husbandry: cattle and poultry feed 0 %, mineral mixture 5 %, milking machines 8434.
  "Cattle Feed Pellets 50 kg": ["230990", 0],
  "Mineral Mixture 1 kg": ["230990", 5],
  "Poultry Starter Feed 25 kg": ["230990", 0],
  "Milking Machine Single Bucket": ["843410", 5],
};

type PackRow = [label: string, netQuantity: number, unit: PackUnit, rupees: number, stock: number, weightGrams: number];

/**
 * The products sold in several packs, default first (a product whose default pack the row's price
 * and stock describe keeps them: the journeys buy its default pack at that price).
 */
const DEMO_PACKS: Record<string, PackRow[]> = {
  "Neem Coated Urea": [["45 kg", 45, "kg", 266.5, 200, 45_500]],
  "Wheat Seeds HD 3086": [
    ["1 kg", 1, "kg", 55, 300, 1_050],
    ["5 kg", 5, "kg", 265, 60, 5_150],
  ],
  "Okra Seeds Radhika": [
    ["250 g", 250, "g", 749, 48, 280],
    ["1 kg", 1, "kg", 2_899, 12, 1_060],
    ["4 kg", 4, "kg", 11_200, 3, 4_150],
  ],
  "Neem Oil 10000 ppm": [
    ["1 l", 1, "l", 899, 33, 1_100],
    ["250 ml", 250, "ml", 260, 40, 290],
    ["100 ml", 100, "ml", 120, 0, 120],
  ],
};

/** The one pack of a product whose name does not say it, and the shipping weight of things sold by the piece. */
const DEMO_ONE_PACK: Record<string, [label: string, netQuantity: number, unit: PackUnit, weightGrams: number]> = {
  "Hybrid Tomato Seeds Abhilash": ["10 g", 10, "g", 30],
  "Bt Cotton Seeds RCH 659 BG II": ["475 g", 475, "g", 520],
  "Paddy Seeds Pusa Basmati 1121": ["1 kg", 1, "kg", 1_050],
  "Chilli Seeds Teja 4884": ["10 g", 10, "g", 30],
  "Maize Seeds DKC 9144": ["4 kg", 4, "kg", 4_150],
  "Bottle Gourd Seeds Sharad": ["50 g", 50, "g", 70],
  "Marigold Seeds Pusa Narangi": ["10 g", 10, "g", 30],
  "Yellow Sticky Traps (pack of 20)": ["20 traps", 20, "piece", 500],
  "Pheromone Trap Kit for Fruit Fly": ["1 kit", 1, "piece", 300],
  "Battery Knapsack Sprayer 16 L": ["1 sprayer", 1, "piece", 4_500],
  "Hand Hoe with Wooden Handle": ["1 hoe", 1, "piece", 900],
  "Pruning Secateurs 8 inch": ["1 piece", 1, "piece", 300],
  "Power Weeder 7 HP Petrol": ["1 machine", 1, "piece", 52_000],
  "Sickle Serrated (pack of 2)": ["2 sickles", 2, "piece", 600],
  "Manual Seed Drill 2 Row": ["1 drill", 1, "piece", 11_000],
  "Garden Fork 4 Prong": ["1 fork", 1, "piece", 1_600],
  "Drip Irrigation Kit 1 Acre": ["1 kit", 1, "piece", 35_000],
  "Inline Drip Lateral 16 mm 400 m": ["400 m coil", 1, "piece", 24_000],
  "Rain Pipe 40 mm 100 m": ["100 m roll", 1, "piece", 12_000],
  "Mini Sprinkler Set (10 pcs)": ["10 sprinklers", 10, "piece", 800],
  "Solar Water Pump 3 HP DC": ["1 pump", 1, "piece", 30_000],
  "HDPE Water Tank 1000 L": ["1 tank", 1, "piece", 18_000],
  "Alphonso Mangoes (1 dozen)": ["12 mangoes", 12, "piece", 3_500],
  "Milking Machine Single Bucket": ["1 machine", 1, "piece", 45_000],
};

/** A quantity ending a name ("DAP 18-46-0 50 kg"): the pack it declares. */
const TRAILING_QUANTITY = /(\d+(?:\.\d+)?)\s*(kg|g|ml|L)$/;
const GRAMS = { kg: 1000, g: 1, ml: 1, l: 1000, piece: 0 } as const;

function packsOf(name: string, rupees: number, stock: number, sku: string): DemoPack[] {
  const pack = (row: PackRow, i: number): DemoPack => {
    const [label, netQuantity, unit, price, units, weightGrams] = row;
    const paise = Math.round(price * 100);
    return { label, netQuantity, unit, pricePaise: paise, mrpPaise: paise, stock: units, weightGrams, sku: `${sku}-${i + 1}` };
  };
  const several = DEMO_PACKS[name];
  if (several) return several.map(pack);
  const one = DEMO_ONE_PACK[name];
  if (one) return [pack([one[0], one[1], one[2], rupees, stock, one[3]], 0)];
  const match = TRAILING_QUANTITY.exec(name);
  if (!match) throw new Error(`the demo product "${name}" says no pack: give it one in DEMO_ONE_PACK`);
  const quantity = Number(match[1]);
  const unit = (match[2] as string).toLowerCase() as "kg" | "g" | "ml" | "l";
  // Packing adds a little to what the pack holds.
  const weight = Math.round(quantity * GRAMS[unit] * 1.02);
  return [pack([`${quantity} ${unit}`, quantity, unit, rupees, stock, weight], 0)];
}

/** Who makes or packs each brand's goods, and where (Legal Metrology: the manufacturer or packer and their address). */
const MAKERS: Record<string, [manufacturer: string, address: string]> = {
  Syngenta: ["Syngenta India Pvt. Ltd.", "Amar Paradigm, Baner Road, Pune, Maharashtra 411045"],
  "Rasi Seeds": ["Rasi Seeds (P) Ltd.", "174 Sathy Road, Attur, Salem, Tamil Nadu 636102"],
  IARI: ["ICAR – Indian Agricultural Research Institute", "Pusa Campus, New Delhi 110012"],
  Mahyco: ["Maharashtra Hybrid Seeds Co. Pvt. Ltd.", "Dawalwadi, Jalna–Aurangabad Road, Jalna, Maharashtra 431203"],
  "Nuziveedu Seeds": ["Nuziveedu Seeds Ltd.", "Kompally, Medchal-Malkajgiri, Telangana 500014"],
  "Bayer Dekalb": ["Bayer CropScience Ltd.", "Bayer House, Hiranandani Estate, Thane, Maharashtra 400607"],
  "National Seeds Corporation": ["National Seeds Corporation Ltd.", "Beej Bhawan, Pusa Complex, New Delhi 110012"],
  "VNR Seeds": ["VNR Seeds Pvt. Ltd.", "Village Gomchi, Raipur, Chhattisgarh 492099"],
  "Namdhari Seeds": ["Namdhari Seeds Pvt. Ltd.", "Bidadi, Ramanagara, Karnataka 562109"],
  IFFCO: ["Indian Farmers Fertiliser Cooperative Ltd.", "IFFCO Sadan, C-1 District Centre, Saket, New Delhi 110017"],
  "Coromandel Gromor": ["Coromandel International Ltd.", "Coromandel House, Sardar Patel Road, Secunderabad, Telangana 500003"],
  Mahadhan: ["Deepak Fertilisers and Petrochemicals Corp. Ltd.", "Opp. Golf Course, Shastri Nagar, Yerawada, Pune, Maharashtra 411006"],
  "Indian Potash Limited": ["Indian Potash Ltd.", "Potash Bhawan, 10-B Rajendra Park, Pusa Road, New Delhi 110060"],
  Ugaoo: ["Ugaoo Agritech Pvt. Ltd.", "Andheri East, Mumbai, Maharashtra 400093"],
  "Chambal Fertilisers": ["Chambal Fertilisers and Chemicals Ltd.", "Gadepan, Kota, Rajasthan 325208"],
  "Tata Rallis": ["Rallis India Ltd.", "23rd Floor, Lodha Excelus, N. M. Joshi Marg, Mumbai, Maharashtra 400011"],
  "Nagarjuna Fertilizers": ["Nagarjuna Fertilizers and Chemicals Ltd.", "Nagarjuna Hills, Punjagutta, Hyderabad, Telangana 500082"],
  Parijat: ["Parijat Industries (India) Pvt. Ltd.", "Okhla Industrial Area Phase II, New Delhi 110020"],
  "T. Stanes": ["T. Stanes & Company Ltd.", "8/23-24 Race Course Road, Coimbatore, Tamil Nadu 641018"],
  "Dharmaj Crop Guard": ["Dharmaj Crop Guard Ltd.", "Sarkhej–Bavla Highway, Ahmedabad, Gujarat 382213"],
  "International Panaacea": ["International Panaacea Ltd.", "Gurugram, Haryana 122015"],
  "Pest Control India": ["Pest Control (India) Pvt. Ltd.", "Mulund West, Mumbai, Maharashtra 400080"],
  UPL: ["UPL Ltd.", "UPL House, 610 B/2 Bandra Village, Mumbai, Maharashtra 400051"],
  Kisankraft: ["KisanKraft Ltd.", "Jigani Industrial Area, Anekal, Bengaluru, Karnataka 560105"],
  "Falcon Garden Tools": ["Falcon Garden Tools Pvt. Ltd.", "Focal Point, Ludhiana, Punjab 141010"],
  Honda: ["Honda India Power Products Ltd.", "Plot 5, Sector 41 (Kasna), Greater Noida, Uttar Pradesh 201310"],
  Agrotech: ["Agrotech Implements", "Industrial Estate, Rajkot, Gujarat 360004"],
  Truper: ["Truper Herramientas S.A. de C.V.; imported and packed by Truper India Pvt. Ltd.", "Bhiwandi, Thane, Maharashtra 421302"],
  "Jain Irrigation": ["Jain Irrigation Systems Ltd.", "Jain Plastic Park, N.H. No. 6, Bambhori, Jalgaon, Maharashtra 425001"],
  Netafim: ["Netafim Irrigation India Pvt. Ltd.", "Vadodara, Gujarat 391760"],
  Finolex: ["Finolex Industries Ltd.", "D-1/10 M.I.D.C. Chinchwad, Pune, Maharashtra 411019"],
  "Shakti Pumps": ["Shakti Pumps (India) Ltd.", "Plot 401–402, Sector 3, Pithampur, Madhya Pradesh 454774"],
  Sintex: ["Sintex-BAPL Ltd.", "Kalol, Gandhinagar, Gujarat 382721"],
  "24 Mantra Organic": ["Sresta Natural Bioproducts Pvt. Ltd.", "Banjara Hills, Hyderabad, Telangana 500034"],
  "Organic India": ["Organic India Pvt. Ltd.", "Indira Nagar, Lucknow, Uttar Pradesh 226016"],
  "Ratnagiri Farmers Co-op": ["Ratnagiri Mango Growers' Cooperative Society", "Ratnagiri, Maharashtra 415612"],
  "Meghalaya Organics": ["Lakadong Farmers' Producer Company", "Jowai, West Jaintia Hills, Meghalaya 793150"],
  "Pro Nature": ["Pro Nature Organic Foods Pvt. Ltd.", "Whitefield, Bengaluru, Karnataka 560066"],
  Amul: ["Gujarat Co-operative Milk Marketing Federation Ltd.", "Amul Dairy Road, Anand, Gujarat 388001"],
  "Godrej Agrovet": ["Godrej Agrovet Ltd.", "Godrej One, Pirojshanagar, Vikhroli East, Mumbai, Maharashtra 400079"],
  Virbac: ["Virbac Animal Health India Pvt. Ltd.", "Marol, Andheri East, Mumbai, Maharashtra 400059"],
  "Venky's": ["Venky's (India) Ltd.", "Venkateshwara House, Pune–Sinhagad Road, Pune, Maharashtra 411030"],
  "Demo Crop Care": [
    "Demo Crop Care Pvt. Ltd. (a demo maker: not a real company)",
    "Plot 12, Agro Industrial Area, Nashik, Maharashtra 422010",
  ],
  "Prompt Dairy Tech": ["Prompt Equipments Pvt. Ltd.", "GIDC Estate, Vatva, Ahmedabad, Gujarat 382445"],
};

/** Whom a customer writes to or calls with a complaint about anything the shop sells. */
const CUSTOMER_CARE = "Krishi Bazaar customer care, care@krishibazaar.in, 1800 572 4455 (toll free, Mon–Sat 9:00–18:00)";

/** The regulated inputs' registrations: a fertiliser's FCO grade, a pesticide's CIB&RC number. */
const FCO_GRADES: Record<string, [genericName: string, grade: string]> = {
  "Neem Coated Urea": ["Urea (neem coated)", "46-0-0 (N 46 %)"],
  "DAP 18-46-0 50 kg": ["Diammonium phosphate", "18-46-0 (N 18 %, P2O5 46 %)"],
  "NPK 19-19-19 Water Soluble 1 kg": ["NPK complex, 100 % water soluble", "19-19-19"],
  "Muriate of Potash 50 kg": ["Muriate of potash", "0-0-60 (K2O 60 %)"],
  "Vermicompost 25 kg": ["Vermicompost", "Vermicompost (organic fertiliser, FCO Schedule IV)"],
  "Zinc Sulphate 33 % 5 kg": ["Zinc sulphate monohydrate", "Zn 33 % (micronutrient, FCO Schedule I)"],
  "Seaweed Extract Granules 4 kg": ["Seaweed extract (biostimulant)", "Biostimulant, FCO Schedule VI"],
  "Sulphur 90 % WDG 3 kg": ["Bentonite sulphur", "S 90 % (secondary nutrient, FCO Schedule I)"],
};
const CIBRC_NUMBERS: Record<string, [genericName: string, number: string]> = {
  "Neem Oil 10000 ppm": ["Azadirachtin 1 % EC (neem based)", "CIR-62,814/2009-Azadirachtin (EC) (359)-1"],
  "Trichoderma viride 1 kg": ["Trichoderma viride 1 % WP", "CIR-71,336/2012-Trichoderma viride (WP) (4)-64"],
  "Beauveria bassiana 1 L": ["Beauveria bassiana 1 % AS", "CIR-1,14,527/2016-Beauveria bassiana (AS) (97)-23"],
  "Pseudomonas fluorescens 1 kg": ["Pseudomonas fluorescens 1 % WP", "CIR-86,402/2011-Pseudomonas fluorescens (WP) (21)-117"],
  // Demo registrations: numbers in CIB&RC's form, not real ones.
  "Imidacloprid 17.8 % SL 100 ml": ["Imidacloprid 17.8 % SL", "CIR-DEMO-1001/2026-Imidacloprid (SL) (demo)"],
  "Mancozeb 75 % WP 500 g": ["Mancozeb 75 % WP", "CIR-DEMO-1002/2026-Mancozeb (WP) (demo)"],
  "Propiconazole 25 % EC 250 ml": ["Propiconazole 25 % EC", "CIR-DEMO-1003/2026-Propiconazole (EC) (demo)"],
  "Chlorantraniliprole 18.5 % SC 60 ml": ["Chlorantraniliprole 18.5 % SC", "CIR-DEMO-1004/2026-Chlorantraniliprole (SC) (demo)"],
  "Cartap Hydrochloride 4 % GR 5 kg": ["Cartap hydrochloride 4 % GR", "CIR-DEMO-1005/2026-Cartap hydrochloride (GR) (demo)"],
};
/** Best before, where it applies. */
const BEST_BEFORE: Record<string, string> = {
  "Organic Basmati Rice 5 kg": "12 months from packing",
  "Cold-Pressed Mustard Oil 1 L": "9 months from packing",
  "Alphonso Mangoes (1 dozen)": "Eat within 5 days of delivery",
  "Turmeric Powder Lakadong 500 g": "12 months from packing",
  "Jaggery Blocks 1 kg": "6 months from packing",
  "Desi Cow Ghee 1 L": "9 months from packing",
  "Cattle Feed Pellets 50 kg": "3 months from manufacture",
  "Mineral Mixture 1 kg": "24 months from manufacture",
  "Poultry Starter Feed 25 kg": "2 months from manufacture",
};

/** The label's words in Hindi: best before as each product says it, the country, customer care. */
const BEST_BEFORE_HI: Record<string, string> = {
  "12 months from packing": "पैकिंग से 12 महीने",
  "9 months from packing": "पैकिंग से 9 महीने",
  "6 months from packing": "पैकिंग से 6 महीने",
  "Eat within 5 days of delivery": "डिलीवरी के 5 दिन के अंदर खा लें",
  "2 months from manufacture": "निर्माण से 2 महीने",
  "3 months from manufacture": "निर्माण से 3 महीने",
  "24 months from manufacture": "निर्माण से 24 महीने",
  "9 months from the date of test": "जाँच की तारीख़ से 9 महीने",
};
const COUNTRY_HI: Record<string, string> = { India: "भारत", Mexico: "मेक्सिको" };
const CUSTOMER_CARE_HI = "कृषि बाज़ार ग्राहक सेवा, care@krishibazaar.in, 1800 572 4455 (टोल फ़्री, सोम–शनि 9:00–18:00)";

/** A label with its Hindi values, where the demo has them (the generic names stay English). */
function withHindi(label: ProductLabel): ProductLabel {
  return {
    ...label,
    countryOfOriginHi: COUNTRY_HI[label.countryOfOrigin] ?? "",
    bestBeforeHi: BEST_BEFORE_HI[label.bestBefore] ?? "",
    customerCareHi: label.customerCare === CUSTOMER_CARE ? CUSTOMER_CARE_HI : "",
  };
}

/** A product's label from its category: seed lots and tests, FCO grades and CIB&RC numbers where they apply. */
function labelOf(name: string, brand: string, category: string, index: number): ProductLabel {
  const [manufacturer, manufacturerAddress] = MAKERS[brand] ?? [brand, ""];
  if (!manufacturerAddress) throw new Error(`the demo brand "${brand}" has no maker in MAKERS`);
  const label: ProductLabel = {
    kind: "general",
    manufacturer,
    manufacturerAddress,
    countryOfOrigin: brand === "Truper" ? "Mexico" : "India",
    genericName: name.replace(/\s*\(.*\)$/, ""),
    bestBefore: BEST_BEFORE[name] ?? "",
    customerCare: CUSTOMER_CARE,
    cibrcNumber: "",
    seedVariety: "",
    seedLot: "",
    germinationPercent: null,
    seedTestDate: "",
    fcoGrade: "",
    genericNameHi: "",
    countryOfOriginHi: "",
    bestBeforeHi: "",
    customerCareHi: "",
  };
  const fertiliser = FCO_GRADES[name];
  if (fertiliser) return { ...label, kind: "fertiliser", genericName: fertiliser[0], fcoGrade: fertiliser[1], bestBefore: "" };
  const pesticide = CIBRC_NUMBERS[name];
  if (pesticide) {
    return { ...label, kind: "pesticide", genericName: pesticide[0], cibrcNumber: pesticide[1], bestBefore: "24 months from manufacture" };
  }
  if (category !== "Seeds") return label;
  // "Okra Seeds Radhika": okra seed of the variety Radhika.
  const [crop = name, variety = ""] = name.split(" Seeds ");
  return {
    ...label,
    kind: "seed",
    genericName: `${crop} seed`,
    seedVariety: variety,
    seedLot: `KB-26-${String(1000 + index * 37).slice(-4)}`,
    germinationPercent: 80 + (index % 4) * 5,
    seedTestDate: `2026-0${7 + (index % 3)}-${String(10 + index).padStart(2, "0")}`,
    bestBefore: "9 months from the date of test",
  };
}

export const DEMO_PRODUCTS: DemoProduct[] = rows.map(
  ([name, brand, category, rupees, stock, images, art, description, nameHi, descriptionHi], index) => {
    const tax = DEMO_TAX[name];
    if (!tax) throw new Error(`the demo product "${name}" has no HSN code and GST rate in DEMO_TAX`);
    return {
      name,
      brand,
      category,
      packs: packsOf(name, rupees, stock, `KB${String(index + 1).padStart(3, "0")}`),
      label: withHindi(labelOf(name, brand, category, index)),
      images,
      description,
      art,
      nameHi,
      descriptionHi,
      hsnCode: tax[0],
      gstRate: tax[1],
    };
  },
);

export const DEMO_REVIEWERS = [
  { first_name: "Ramesh", last_name: "Patil", email: "ramesh.patil@example.in" },
  { first_name: "Lakshmi", last_name: "Reddy", email: "lakshmi.reddy@example.in" },
  { first_name: "Gurpreet", last_name: "Singh", email: "gurpreet.singh@example.in" },
  { first_name: "Anita", last_name: "Deshmukh", email: "anita.deshmukh@example.in" },
  { first_name: "Suresh", last_name: "Yadav", email: "suresh.yadav@example.in" },
];

export const DEMO_COMMENTS: Record<number, string[]> = {
  1: ["Did not germinate well for me.", "Poor packaging, half the pack was damp."],
  2: ["Average results this season.", "Works, but the price is high."],
  3: ["Decent product, delivered on time.", "Does what it says."],
  4: ["Very good quality, will buy again.", "Good yield compared with last year."],
  5: ["Excellent! Best purchase this kharif.", "Top quality, genuine product."],
};
