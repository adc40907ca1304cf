/**
 * Product artwork for the demo catalogue, drawn as SVG at seed time (no network, no stock
 * photos): a coloured backdrop, a flat pictogram of what the product is and the product's name.
 * Pictograms are drawn around (0, 0) within roughly ±230 units; the outline colour and width come
 * from the surrounding group and `currentColor` is the category colour.
 */

const INK = "#1d2a14";
const CREAM = "#f7f2e2";
const STEEL = "#c9d1d8";
const WOOD = "#a86b32";
const GREEN = "#4f9a2f";
const WATER = "#3d9be0";

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const n = (value: number) => Number(value.toFixed(1));

/** A centred label; shrinks to fit `width` (DejaVu Sans Bold is about 0.76 em a capital at most). */
function label(y: number, content: string, { size = 60, width = 230, fill = INK, x = 0 } = {}): string {
  const fitted = n(Math.min(size, width / (0.76 * content.length)));
  return `<text x="${x}" y="${y}" font-size="${fitted}" font-weight="700" font-family="DejaVu Sans, Arial, sans-serif" text-anchor="middle" fill="${fill}" stroke="none">${escapeXml(content)}</text>`;
}

/** A star polygon (calyx, bracts, sprays). */
function star(points: number, outer: number, inner: number, rotate = -90): string {
  const corners = Array.from({ length: points * 2 }, (_, i) => {
    const angle = ((rotate + (i * 180) / points) * Math.PI) / 180;
    const r = i % 2 === 0 ? outer : inner;
    return `${n(Math.cos(angle) * r)} ${n(Math.sin(angle) * r)}`;
  });
  return `M${corners.join(" L")} Z`;
}

type Point = [number, number];

/** Grains set along a cubic Bézier, alternating sides (ears of paddy and wheat). */
function grainsAlong(curve: [Point, Point, Point, Point], count: number, fill: string, from = 0, to = 1): string {
  const [p0, p1, p2, p3] = curve;
  const at = (t: number, i: 0 | 1) => (1 - t) ** 3 * p0[i] + 3 * (1 - t) ** 2 * t * p1[i] + 3 * (1 - t) * t ** 2 * p2[i] + t ** 3 * p3[i];
  const slope = (t: number, i: 0 | 1) =>
    3 * (1 - t) ** 2 * (p1[i] - p0[i]) + 6 * (1 - t) * t * (p2[i] - p1[i]) + 3 * t ** 2 * (p3[i] - p2[i]);
  return Array.from({ length: count }, (_, k) => {
    const t = from + ((to - from) * k) / Math.max(count - 1, 1);
    const angle = (Math.atan2(slope(t, 1), slope(t, 0)) * 180) / Math.PI;
    const side = k % 2 === 0 ? 1 : -1;
    const normal = ((angle + 90) * Math.PI) / 180;
    const x = at(t, 0) + Math.cos(normal) * 15 * side;
    const y = at(t, 1) + Math.sin(normal) * 15 * side;
    return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="20" ry="10" fill="${fill}" stroke-width="4" transform="rotate(${n(angle - side * 30)} ${n(x)} ${n(y)})"/>`;
  }).join("");
}

const water = (x: number, y: number, size = 1) =>
  `<path d="M${x} ${y} c ${n(12 * size)} ${n(16 * size)} ${n(18 * size)} ${n(24 * size)} ${n(18 * size)} ${n(32 * size)} a ${n(18 * size)} ${n(18 * size)} 0 0 1 ${n(-36 * size)} 0 c 0 ${n(-8 * size)} ${n(6 * size)} ${n(-16 * size)} ${n(18 * size)} ${n(-32 * size)} Z" fill="${WATER}" stroke-width="4"/>`;

const insect = (x: number, y: number, size = 1, body = "#2a2a2a") =>
  `<g transform="translate(${x} ${y}) scale(${size})" stroke-width="3"><ellipse cx="-9" cy="-8" rx="12" ry="7" fill="#fff" opacity=".85" transform="rotate(30 -9 -8)"/><ellipse cx="9" cy="-8" rx="12" ry="7" fill="#fff" opacity=".85" transform="rotate(-30 9 -8)"/><ellipse cx="0" cy="2" rx="6" ry="13" fill="${body}"/></g>`;

// ---- motifs, drawn in about ±90 units, placed on packets, sacks and labels ----

const MOTIFS = {
  tomato: `<circle cx="0" cy="12" r="78" fill="#d7322a"/><ellipse cx="-30" cy="-8" rx="14" ry="24" fill="#fff" opacity=".35" stroke="none"/><path d="${star(5, 44, 16)}" fill="#3f8a2a" transform="translate(0 -58) scale(1 .6)"/><path d="M0 -64 L4 -96" stroke-width="9" stroke-linecap="round"/>`,
  okra: [-28, 0, 28]
    .map(
      (angle) =>
        `<g transform="rotate(${angle} 0 -60)"><path d="M-20 -60 C -24 -10, -16 50, 0 110 C 16 50, 24 -10, 20 -60 Z" fill="#5aa02f"/><path d="M-8 -60 C -8 0, -4 60, 0 100 M8 -60 C 8 0, 4 60, 0 100" fill="none" stroke-width="3" opacity=".7"/><path d="M-22 -58 L22 -58 L12 -80 L-12 -80 Z" fill="#2f6e1c"/><path d="M0 -80 L0 -100" stroke-width="7" stroke-linecap="round"/></g>`,
    )
    .join(""),
  chilli: `<path d="M-60 -50 C -10 -40, 40 -10, 62 50 C 70 72, 72 90, 58 96 C 44 62, 6 10, -66 -14 Z" fill="#d42a1f"/><path d="M-40 -36 C 0 -24, 30 0, 48 40" fill="none" stroke="#fff" stroke-width="6" opacity=".45"/><path d="M-78 -46 C -74 -58, -60 -62, -54 -54 L-60 -12 C -70 -14, -80 -30, -78 -46 Z" fill="#3f8a2a"/><path d="M-70 -52 C -80 -70, -74 -86, -60 -96" fill="none" stroke-width="8" stroke-linecap="round"/>`,
  gourd: `<g transform="rotate(32)"><path d="M-16 -96 C -4 -102, 8 -102, 18 -94 C 34 -40, 42 36, 34 76 C 24 104, -24 104, -34 76 C -42 36, -32 -40, -16 -96 Z" fill="#a8d46a"/><path d="M-8 -80 C -14 -20, -16 40, -10 90 M10 -80 C 16 -20, 18 40, 12 90" fill="none" stroke="#fff" stroke-width="5" opacity=".5"/><path d="M0 -100 L6 -126" stroke-width="8" stroke-linecap="round"/></g>`,
  marigold: [
    ...Array.from({ length: 14 }, (_, i) => {
      const a = (i * 2 * Math.PI) / 14;
      return `<circle cx="${n(Math.cos(a) * 56)}" cy="${n(Math.sin(a) * 56)}" r="30" fill="#ef8a17" stroke-width="4"/>`;
    }),
    ...Array.from({ length: 9 }, (_, i) => {
      const a = (i * 2 * Math.PI) / 9 + 0.3;
      return `<circle cx="${n(Math.cos(a) * 28)}" cy="${n(Math.sin(a) * 28)}" r="24" fill="#f7a823" stroke-width="4"/>`;
    }),
    `<circle r="18" fill="#c25a0c" stroke-width="4"/>`,
  ].join(""),
  cow: `<path d="M-50 -66 C -74 -76, -92 -96, -88 -124 C -72 -104, -58 -96, -40 -90 Z" fill="#efe6cf"/><path d="M50 -66 C 74 -76, 92 -96, 88 -124 C 72 -104, 58 -96, 40 -90 Z" fill="#efe6cf"/><ellipse cx="-86" cy="-40" rx="42" ry="18" fill="#fff" transform="rotate(-18 -86 -40)"/><ellipse cx="86" cy="-40" rx="42" ry="18" fill="#fff" transform="rotate(18 86 -40)"/><path d="M-58 -80 C -30 -102, 30 -102, 58 -80 C 62 -20, 54 30, 46 70 L-46 70 C -54 30, -62 -20, -58 -80 Z" fill="#fff"/><path d="M10 -96 C 40 -98, 58 -84, 58 -60 C 40 -50, 20 -60, 10 -96 Z" fill="#8b5a2b" stroke="none"/><circle cx="-26" cy="-22" r="9" fill="${INK}"/><circle cx="26" cy="-22" r="9" fill="${INK}"/><ellipse cx="0" cy="78" rx="58" ry="36" fill="#f2b3a3"/><ellipse cx="-22" cy="80" rx="8" ry="12" fill="${INK}"/><ellipse cx="22" cy="80" rx="8" ry="12" fill="${INK}"/>`,
  hen: `<path d="M-40 -20 C -90 -60, -110 -110, -96 -150 C -70 -120, -40 -110, -10 -70 Z" fill="#7a3418"/><path d="M-70 -26 C -96 -60, -90 -96, -70 -110 C -62 -80, -40 -60, -20 -50 Z" fill="#2f4a2a"/><path d="M-80 -10 C -80 60, 40 90, 80 30 C 92 10, 92 -30, 84 -60 C 78 -96, 30 -100, 34 -60 C 36 -30, 10 -30, -80 -10 Z" fill="#c8702c"/><path d="M-50 10 C -20 -10, 30 -6, 46 20 C 20 50, -30 46, -50 10 Z" fill="#a0531c"/><path d="M38 -92 C 36 -112, 50 -120, 56 -106 C 60 -124, 76 -124, 76 -104 C 86 -118, 98 -110, 92 -92 Z" fill="#d8261c"/><path d="M86 -74 L114 -62 L86 -54 Z" fill="#f4c025"/><ellipse cx="84" cy="-36" rx="9" ry="16" fill="#d8261c"/><circle cx="66" cy="-76" r="6" fill="${INK}"/><path d="M-6 74 L-12 112 M-12 112 L-30 120 M-12 112 L4 122 M30 72 L30 112 M30 112 L14 122 M30 112 L48 120" fill="none" stroke="#d39a1c" stroke-width="7" stroke-linecap="round"/>`,
  worm: `<g transform="translate(0 -20) scale(1.5)"><path d="M-110 60 C -110 -20, 110 -20, 110 60 Z" fill="#5b3a1e"/><path d="M-80 20 C -50 -40, -10 40, 20 -10 S 70 -30, 86 -6" fill="none" stroke="#e07b86" stroke-width="18" stroke-linecap="round"/><path d="M-80 20 C -50 -40, -10 40, 20 -10 S 70 -30, 86 -6" fill="none" stroke="${INK}" stroke-width="2" stroke-dasharray="3 9"/><circle cx="-40" cy="40" r="4" fill="#c9a36a" stroke="none"/><circle cx="40" cy="44" r="4" fill="#c9a36a" stroke="none"/><circle cx="0" cy="30" r="4" fill="#c9a36a" stroke="none"/></g>`,
  seaweed: [-40, 0, 40]
    .map(
      (x, i) =>
        `<path d="M${x} 80 C ${x - 30} 40, ${x + 30} 0, ${x} -40 C ${x - 20} -70, ${x + 10} -90, ${x + 4} ${-100 + i * 10}" fill="none" stroke="#2f7a3a" stroke-width="16" stroke-linecap="round"/><ellipse cx="${x + 14}" cy="20" rx="16" ry="8" fill="#4a9a45" stroke-width="3" transform="rotate(-30 ${x + 14} 20)"/>`,
    )
    .join(""),
  trichoderma: `<path d="M0 90 L0 -10 M0 30 L-50 -30 M0 10 L50 -40 M-25 0 L-70 10" fill="none" stroke="#2f7a3a" stroke-width="8" stroke-linecap="round"/><circle cx="0" cy="-30" r="26" fill="#4fb04a"/><circle cx="-56" cy="-46" r="22" fill="#4fb04a"/><circle cx="58" cy="-56" r="22" fill="#4fb04a"/><circle cx="-80" cy="8" r="18" fill="#4fb04a"/>`,
  bacteria: [
    [-40, -30, 30],
    [40, -20, -20],
    [-20, 40, -60],
    [50, 50, 10],
  ]
    .map(
      ([x, y, a]) =>
        `<g transform="translate(${x} ${y}) rotate(${a})"><rect x="-34" y="-14" width="68" height="28" rx="14" fill="#48b6a6"/><path d="M34 0 C 46 -10, 52 10, 64 0" fill="none" stroke-width="3"/></g>`,
    )
    .join(""),
  neem: `<path d="M-70 80 C -20 20, 20 -30, 60 -90" fill="none" stroke="#3a6b22" stroke-width="6"/>${[
    [-52, 58],
    [-28, 30],
    [-4, 2],
    [20, -28],
    [42, -58],
  ]
    .map(
      ([x, y]) =>
        `<path d="M${x} ${y} c -30 -6, -46 -24, -50 -40 c 20 0, 44 14, 50 40 Z" fill="${GREEN}" stroke-width="3"/><path d="M${x} ${y} c 6 30, 24 46, 40 50 c 0 -20, -14 -44, -40 -50 Z" fill="${GREEN}" stroke-width="3"/>`,
    )
    .join("")}<path d="M60 -90 c -4 -24, 6 -40, 20 -48 c 4 20, -4 38, -20 48 Z" fill="${GREEN}" stroke-width="3"/>`,
  beetle: `<path d="M-40 -40 L-70 -60 M40 -40 L70 -60 M-44 0 L-80 0 M44 0 L80 0 M-40 40 L-70 62 M40 40 L70 62" stroke-width="6" stroke-linecap="round"/><ellipse cx="0" cy="-56" rx="24" ry="18" fill="#3a2a1a"/><ellipse cx="0" cy="10" rx="48" ry="62" fill="#6b4a1f"/><path d="M0 -50 L0 72" stroke-width="4"/><circle cx="-20" cy="0" r="8" fill="#fff" stroke="none"/><circle cx="18" cy="24" r="10" fill="#fff" stroke="none"/><circle cx="-14" cy="38" r="6" fill="#fff" stroke="none"/><circle cx="24" cy="-14" r="6" fill="#fff" stroke="none"/>`,
  mustard: `<path d="M0 90 L0 -20 M0 30 L-40 -20 M0 10 L40 -40" fill="none" stroke="#3f8a2a" stroke-width="6"/>${[
    [0, -40],
    [-44, -34],
    [44, -56],
  ]
    .map(
      ([x, y]) =>
        `<g transform="translate(${x} ${y})" stroke-width="3">${[0, 90, 180, 270].map((a) => `<ellipse cx="0" cy="-14" rx="10" ry="15" fill="#f6d01c" transform="rotate(${a})"/>`).join("")}<circle r="6" fill="#d39a1c"/></g>`,
    )
    .join("")}`,
} satisfies Record<string, string>;

type Motif = keyof typeof MOTIFS;

// ---- containers ----

function zigzag(x0: number, x1: number, y: number, teeth: number, depth: number): string {
  const step = (x1 - x0) / teeth;
  return Array.from({ length: teeth }, (_, i) => `L${n(x0 + step * (i + 0.5))} ${y - depth} L${n(x0 + step * (i + 1))} ${y}`).join(" ");
}

/** A seed packet: crimped top, the crop pictured, a band saying SEEDS. */
function packet(motif: Motif, scale = 1): string {
  return `<path d="M-135 -170 ${zigzag(-135, 135, -170, 10, 16)} L135 190 L-135 190 Z" fill="${CREAM}"/><rect x="-135" y="-170" width="270" height="30" fill="currentColor"/><g transform="translate(0 -20) scale(${scale})">${MOTIFS[motif]}</g><rect x="-135" y="106" width="270" height="84" fill="currentColor"/>${label(166, "SEEDS", { size: 52, fill: "#fff" })}`;
}

/** A woven sack: stitched top, a coloured band with the title, then a subtitle or a picture, then the weight. */
function sack(title: string, opts: { subtitle?: string; motif?: Motif; weight: string; body?: string }): string {
  const middle = opts.motif
    ? `<g transform="translate(0 50) scale(.6)">${MOTIFS[opts.motif]}</g>`
    : label(50, opts.subtitle ?? "", { size: 62, width: 250 });
  return `<path d="M-140 -160 L140 -160 L164 176 Q0 204 -164 176 Z" fill="${opts.body ?? "#f3f0e6"}"/><path d="M-140 -160 Q-152 -186 -128 -200 L128 -200 Q152 -186 140 -160 Z" fill="#e2d9bf"/><path d="M-128 -180 L128 -180" stroke-width="4" stroke-dasharray="12 10"/><rect x="-128" y="-134" width="256" height="90" rx="10" fill="currentColor"/>${label(-66, title, { size: 62, width: 236, fill: "#fff" })}${middle}${label(160, opts.weight, { size: 38, fill: "#5a4a36" })}`;
}

/** A stand-up pouch for powders and granules. */
function pouch(title: string, opts: { subtitle?: string; motif?: Motif; weight: string; body?: string }): string {
  const middle = opts.motif
    ? `<g transform="translate(0 40) scale(.66)">${MOTIFS[opts.motif]}</g>`
    : label(60, opts.subtitle ?? "", { size: 56, width: 200 });
  return `<path d="M-110 -170 L110 -170 L118 146 Q120 182 86 184 L-86 184 Q-120 182 -118 146 Z" fill="${opts.body ?? "#f4f1e8"}"/><rect x="-110" y="-170" width="220" height="34" fill="#d8d2c0"/><circle cx="0" cy="-153" r="8" fill="#fff"/><path d="M-110 -128 L-96 -124 L-110 -120" fill="none" stroke-width="4"/><rect x="-96" y="-118" width="192" height="76" rx="10" fill="currentColor"/>${label(-62, title, { size: 50, width: 180, fill: "#fff" })}${middle}${label(164, opts.weight, { size: 34, fill: "#5a4a36" })}`;
}

/** A plastic bottle with a label carrying a picture and a word. */
function bottle(word: string, motif: Motif, body: string, cap = "currentColor"): string {
  return `<rect x="-36" y="-160" width="72" height="50" fill="${body}"/><rect x="-46" y="-206" width="92" height="52" rx="8" fill="${cap}"/><path d="M-36 -112 L36 -112 C 70 -100, 88 -80, 88 -50 L88 180 Q88 196 72 196 L-72 196 Q-88 196 -88 180 L-88 -50 C -88 -80, -70 -100, -36 -112 Z" fill="${body}"/><rect x="-88" y="-30" width="176" height="176" fill="#fffdf6"/><g transform="translate(0 36) scale(.58)">${MOTIFS[motif]}</g>${label(134, word, { size: 34, width: 160 })}`;
}

function bowl(heap: string, dish: string): string {
  return `<path d="M-175 10 C -150 -120, 150 -120, 175 10 Z" fill="${heap}"/><path d="M-190 10 L190 10 C 186 110, 100 170, 0 170 C -100 170, -186 110, -190 10 Z" fill="${dish}"/><path d="M-120 60 C -60 80, 60 80, 120 60" fill="none" stroke="#fff" stroke-width="6" opacity=".35"/><rect x="-60" y="166" width="120" height="22" rx="8" fill="${dish}"/>`;
}

function cube(x: number, y: number, s: number): string {
  const h = s / 2;
  return `<path d="M${x} ${y} l${s} ${-h} l${s} ${h} l${-s} ${h} Z" fill="#c98536"/><path d="M${x} ${y} l${s} ${h} l0 ${s} l${-s} ${-h} Z" fill="#8e4f1b"/><path d="M${x + s} ${y + h} l${s} ${-h} l0 ${s} l${-s} ${h} Z" fill="#a8622a"/>`;
}

// ---- the pictograms ----

const PICTOGRAMS = {
  // category fallbacks
  seed: `<ellipse cx="0" cy="0" rx="90" ry="150" transform="rotate(25)" fill="currentColor"/><path d="M-20 -120 C 40 -40, 40 40, -10 130" stroke="#fff" stroke-width="10" fill="none" opacity=".5"/>`,
  sack: `<path d="M-130 -150 L130 -150 L160 170 Q0 210 -160 170 Z" fill="currentColor"/><rect x="-70" y="-190" width="140" height="50" rx="12" fill="currentColor"/>`,
  leaf: `<path d="M-150 150 C -150 -60, 20 -170, 170 -170 C 170 0, 60 150, -150 150 Z" fill="currentColor"/><path d="M-150 150 L 120 -120" stroke="#fff" stroke-width="10" opacity=".5"/>`,
  tool: `<rect x="-20" y="-60" width="40" height="240" rx="14" fill="${WOOD}"/><path d="M-140 -60 L140 -60 L110 -170 L-110 -170 Z" fill="${STEEL}"/>`,
  drop: `<path d="M0 -190 C 80 -60, 150 20, 150 80 A150 150 0 0 1 -150 80 C -150 20, -80 -60, 0 -190 Z" fill="${WATER}"/>`,
  fruit: `<circle cx="0" cy="30" r="160" fill="currentColor"/><path d="M0 -130 C 30 -190, 90 -200, 120 -190 C 90 -140, 40 -120, 0 -130 Z" fill="${GREEN}"/>`,

  // seeds
  "tomato-seeds": packet("tomato"),
  "okra-seeds": packet("okra"),
  "chilli-seeds": packet("chilli"),
  "gourd-seeds": packet("gourd"),
  "marigold-seeds": packet("marigold", 0.9),
  cotton: `<path d="M0 90 C 0 140, -10 180, -30 220" fill="none" stroke="#6b4a2b" stroke-width="14" stroke-linecap="round"/><path d="${star(5, 170, 70, 90)}" fill="#7b5230" transform="translate(0 20)"/><g fill="#fbfbf7"><circle cx="-62" cy="-6" r="66"/><circle cx="62" cy="-6" r="66"/><circle cx="0" cy="-66" r="68"/><circle cx="-34" cy="54" r="60"/><circle cx="34" cy="54" r="60"/></g><path d="M-70 -20 C -60 -30, -50 -30, -44 -20 M50 -30 C 60 -40, 74 -36, 78 -26 M-10 -90 C 0 -100, 14 -98, 20 -86 M-40 60 C -30 50, -20 52, -16 62" fill="none" stroke="#c9c6b8" stroke-width="5"/>`,
  paddy: `<path d="M-70 220 C -70 60, -40 -130, 50 -170 C 130 -200, 170 -110, 150 10" fill="none" stroke="#8a7a2a" stroke-width="8"/><path d="M-70 220 C -110 120, -160 60, -200 40 C -150 60, -100 100, -62 160 Z" fill="${GREEN}"/><path d="M-64 200 C -20 80, 40 20, 120 20 C 40 40, -10 100, -50 210 Z" fill="${GREEN}"/>${grainsAlong(
    [
      [-52, -110],
      [-20, -170],
      [40, -175],
      [80, -170],
    ],
    6,
    "#dcb43a",
  )}${grainsAlong(
    [
      [80, -170],
      [140, -160],
      [165, -80],
      [150, 10],
    ],
    9,
    "#dcb43a",
  )}${grainsAlong(
    [
      [50, -170],
      [80, -120],
      [90, -70],
      [80, -10],
    ],
    6,
    "#e6c250",
  )}`,
  wheat: `<g transform="translate(0 20)"><path d="M0 210 L0 -40" stroke="#b58f2e" stroke-width="10"/><path d="M0 190 C -60 120, -120 100, -170 100 C -110 90, -50 110, 4 150 Z" fill="${GREEN}"/><path d="M0 130 C 50 60, 110 30, 160 30 C 110 50, 60 80, 6 160 Z" fill="${GREEN}"/>${Array.from(
    { length: 6 },
    (_, i) => {
      const y = -50 - i * 30;
      return `<path d="M-22 ${y} L-58 ${y - 70} M22 ${y} L58 ${y - 70}" stroke="#b58f2e" stroke-width="3"/><ellipse cx="-20" cy="${y}" rx="15" ry="27" fill="#e3b94a" transform="rotate(-28 -20 ${y})"/><ellipse cx="20" cy="${y}" rx="15" ry="27" fill="#e3b94a" transform="rotate(28 20 ${y})"/>`;
    },
  ).join("")}<path d="M0 -216 L0 -280" stroke="#b58f2e" stroke-width="3"/><ellipse cx="0" cy="-212" rx="14" ry="27" fill="#e3b94a"/></g>`,
  maize: `<g transform="rotate(18)"><path d="M-10 170 C -70 120, -110 20, -100 -90 C -70 -10, -40 60, 0 120 Z" fill="#6aab3a"/><ellipse cx="0" cy="-10" rx="66" ry="160" fill="#f4b32a"/>${Array.from(
    { length: 11 },
    (_, row) =>
      Array.from({ length: 5 }, (_, col) => {
        const y = -140 + row * 26;
        const halfWidth = 66 * Math.sqrt(Math.max(0, 1 - ((y + 10) / 160) ** 2));
        const x = (col - 2) * 24;
        return Math.abs(x) + 10 < halfWidth
          ? `<rect x="${x - 10}" y="${y - 10}" width="20" height="20" rx="7" fill="#f7c64b" stroke="#c98a12" stroke-width="3"/>`
          : "";
      }).join(""),
  ).join(
    "",
  )}<path d="M10 170 C 70 120, 110 30, 96 -60 C 70 10, 40 70, 0 120 Z" fill="#7dbb46"/><path d="M0 140 L0 210" stroke="#6aab3a" stroke-width="16" stroke-linecap="round"/><path d="M-6 -168 C -20 -200, -10 -220, 10 -230 M6 -168 C 20 -200, 30 -210, 40 -214" fill="none" stroke="#c9a03a" stroke-width="5"/></g>`,

  // fertilisers
  "urea-sack": sack("UREA", { subtitle: "N 46%", weight: "45 kg" }),
  "dap-sack": sack("DAP", { subtitle: "18:46:0", weight: "50 kg" }),
  "mop-sack": sack("POTASH", { subtitle: "K₂O 60%", weight: "50 kg", body: "#f3e6e4" }),
  "vermicompost-sack": sack("COMPOST", { motif: "worm", weight: "25 kg", body: "#efe4cf" }),
  "npk-pouch": pouch("NPK", { subtitle: "19:19:19", weight: "1 kg" }),
  "zinc-pouch": pouch("ZINC", { subtitle: "Zn 33%", weight: "5 kg" }),
  "seaweed-pouch": pouch("SEAWEED", { motif: "seaweed", weight: "4 kg" }),
  "sulphur-pouch": pouch("SULPHUR", { subtitle: "S 90%", weight: "3 kg", body: "#f7e98a" }),

  // bio-pesticides
  "neem-oil": bottle("NEEM OIL", "neem", "#e9dca6", "#3f7a2a"),
  "beauveria-bottle": bottle("BEAUVERIA", "beetle", "#f4f4ee"),
  "trichoderma-pouch": pouch("BIO", { motif: "trichoderma", weight: "1 kg" }),
  "pseudomonas-pouch": pouch("BIO", { motif: "bacteria", weight: "1 kg" }),
  "imidacloprid-bottle": bottle("IMIDACLOPRID", "beetle", "#eef3f7", "#2e5e8c"),
  "mancozeb-pouch": pouch("MANCOZEB", { subtitle: "75% WP", weight: "500 g", body: "#f3efe0" }),
  "propiconazole-bottle": bottle("PROPICONAZOLE", "trichoderma", "#f4efe6", "#8a5a2b"),
  "chlorantraniliprole-bottle": bottle("CHLORANTRANILIPROLE", "beetle", "#f1f4ea", "#b03a2e"),
  "cartap-sack": sack("CARTAP", { subtitle: "4% GR", weight: "5 kg", body: "#e9eef3" }),
  "sticky-trap": `<path d="M-40 -160 L0 -200 L40 -160" fill="none" stroke-width="5"/><rect x="-12" y="140" width="24" height="90" fill="${WOOD}"/><rect x="-140" y="-170" width="280" height="320" rx="10" fill="#f4e02a"/><path d="${[-80, -20, 40, 100].map((x) => `M${x - 10} -160 L${x - 10} 140`).join(" ")} ${[-110, -40, 30, 100].map((y) => `M-130 ${y} L130 ${y}`).join(" ")}" stroke="#b8a418" stroke-width="3"/><circle cx="0" cy="-150" r="8" fill="#fff"/>${insect(-70, -70, 1.4)}${insect(50, -90, 1.2)}${insect(-30, 30, 1.5)}${insect(80, 60, 1.3)}${insect(-90, 100, 1.1)}${insect(20, 110, 1)}`,
  "pheromone-trap": `<path d="M0 -150 L0 -210 C 0 -230, 30 -230, 30 -210" fill="none" stroke-width="6"/><rect x="-90" y="-110" width="180" height="250" rx="20" fill="#dff1f4" opacity=".9"/><path d="M-120 -100 L0 -160 L120 -100 Z" fill="#e6b422"/><rect x="-100" y="130" width="200" height="30" rx="8" fill="#e6b422"/><path d="M-90 -60 A18 22 0 0 1 -90 -16 Z M90 -60 A18 22 0 0 0 90 -16 Z" fill="#2c2c2c"/><path d="M0 -100 L0 -50" stroke-width="4"/><rect x="-20" y="-50" width="40" height="56" rx="10" fill="#f6f1e0"/><path d="M-12 -34 L12 -34 M-12 -20 L12 -20 M-12 -6 L12 -6" stroke="#d84f2a" stroke-width="4"/>${insect(-40, 100, 1.2, "#a6631c")}${insect(30, 110, 1.1, "#a6631c")}${insect(0, 60, 1, "#a6631c")}<g transform="translate(160 -20) scale(2.4)">${insect(0, 0, 1, "#c07a1e")}</g>`,

  // farm tools
  sprayer: `<path d="M-60 -120 C -120 -120, -130 -40, -100 40" fill="none" stroke="${INK}" stroke-width="16"/><rect x="-90" y="-150" width="170" height="270" rx="40" fill="#e0452b"/><ellipse cx="-5" cy="-150" rx="44" ry="14" fill="#f4c025"/><rect x="-60" y="-60" width="110" height="80" rx="8" fill="#fff"/><rect x="-44" y="-40" width="70" height="40" rx="4" fill="#2c2c2c"/><rect x="26" y="-28" width="10" height="16" fill="#2c2c2c"/>${label(-10, "12V", { size: 24, fill: "#fff", x: -9 })}<path d="M60 100 C 110 180, 170 170, 160 110" fill="none" stroke="#2c2c2c" stroke-width="12"/><path d="M150 120 L220 -110" stroke="${STEEL}" stroke-width="14" stroke-linecap="round"/><path d="M150 120 L220 -110" stroke-width="3"/><rect x="136" y="90" width="26" height="50" rx="6" fill="#2c2c2c" transform="rotate(17 149 115)"/><path d="M220 -110 L170 -210 M220 -110 L220 -220 M220 -110 L260 -200" stroke="${WATER}" stroke-width="6" stroke-dasharray="4 12" stroke-linecap="round"/>`,
  hoe: `<path d="M-170 190 L110 -110" stroke="${INK}" stroke-width="34" stroke-linecap="round"/><path d="M-170 190 L110 -110" stroke="${WOOD}" stroke-width="24" stroke-linecap="round"/><path d="M100 -120 L140 -150 L160 -120" fill="none" stroke="${INK}" stroke-width="18"/><path d="M140 -160 L230 -90 L190 10 L120 -70 Z" fill="${STEEL}"/><path d="M190 10 L230 -90" stroke="#fff" stroke-width="5" opacity=".7"/>`,
  secateurs: `<path d="M-6 -40 C -20 -110, -10 -180, 40 -220 C 50 -170, 40 -100, 14 -30 Z" fill="${STEEL}"/><path d="M6 -40 C 30 -100, 20 -160, -30 -200 C -30 -160, -30 -110, -16 -30 Z" fill="#8e99a3"/><path d="M-18 -20 C -60 40, -90 120, -104 210 L-70 216 C -56 130, -26 60, 12 0 Z" fill="#d42a1f"/><path d="M18 -20 C 60 40, 90 120, 104 210 L70 216 C 56 130, 26 60, -12 0 Z" fill="#d42a1f"/><path d="M-40 60 L-28 50 L-16 62 L-4 50 L8 62 L20 50 L32 62 L42 52" fill="none" stroke="#8e99a3" stroke-width="6"/><circle cx="0" cy="-24" r="18" fill="#8e99a3"/><circle cx="0" cy="-24" r="6" fill="${INK}"/>`,
  "power-weeder": `<path d="M40 -40 L190 -200 M80 -20 L220 -170" fill="none" stroke="${INK}" stroke-width="14" stroke-linecap="round"/><path d="M170 -210 L210 -190 M200 -180 L240 -160" stroke="#2c2c2c" stroke-width="22" stroke-linecap="round"/><rect x="-120" y="-70" width="170" height="110" rx="14" fill="#c8242b"/><rect x="-100" y="-120" width="110" height="56" rx="16" fill="#c8242b"/><rect x="-150" y="-50" width="36" height="60" rx="8" fill="#555"/><circle cx="-30" cy="-14" r="26" fill="#555"/>${label(30, "7 HP", { size: 28, fill: "#fff", x: -30 })}<path d="M-140 120 A110 110 0 0 1 80 120 Z" fill="#8e99a3"/><g transform="translate(-30 150)"><circle r="22" fill="#555"/><path d="${star(9, 80, 24, 0)}" fill="${STEEL}"/><circle r="16" fill="#555"/></g><path d="M-30 40 L-30 140" stroke-width="16"/>`,
  sickle: `<path d="M-60 100 C -130 -40, -40 -210, 130 -190 C 160 -186, 190 -170, 200 -150 C 140 -170, 60 -160, 10 -110 C -40 -60, -40 30, -20 90 Z" fill="${STEEL}"/><path d="M10 -110 ${Array.from({ length: 8 }, (_, i) => `L${n(10 + i * 22 + 11)} ${n(-110 - (i + 0.5) * 6 + 12)} L${n(10 + (i + 1) * 22)} ${n(-110 - (i + 1) * 6)}`).join(" ")}" fill="none" stroke-width="4"/><path d="M-62 92 L-20 84 L-8 220 Q-30 236 -52 222 Z" fill="${WOOD}"/><path d="M-60 120 L-16 114 M-56 150 L-12 144" stroke-width="5"/>`,
  "seed-drill": `<path d="M40 -40 L200 -200" stroke="${WOOD}" stroke-width="22" stroke-linecap="round"/><path d="M40 -40 L200 -200" stroke-width="4"/><path d="M170 -230 L230 -170" stroke="#2c2c2c" stroke-width="20" stroke-linecap="round"/><path d="M-140 -150 L80 -150 L40 -40 L-100 -40 Z" fill="#3d8b3d"/><rect x="-150" y="-170" width="240" height="30" rx="6" fill="#2f6e2f"/><path d="M-120 -40 L120 -40 L120 -20 L-120 -20 Z" fill="#555"/><path d="M-70 -20 L-60 160 M10 -20 L20 160" stroke="#555" stroke-width="14"/><path d="M-72 150 L-50 180 L-50 150 Z M8 150 L30 180 L30 150 Z" fill="#555"/><circle cx="-160" cy="120" r="80" fill="none" stroke="#2c2c2c" stroke-width="20"/><circle cx="-160" cy="120" r="14" fill="#555"/><path d="M-160 120 L-120 -20" stroke="#555" stroke-width="10"/>${[0, 1, 2].map((i) => `<ellipse cx="${-40 + i * 30}" cy="${60 + i * 40}" rx="8" ry="12" fill="#e3b94a" stroke-width="3"/>`).join("")}<path d="M-240 210 L240 210" stroke="#7a5230" stroke-width="10"/>`,
  fork: `<path d="M-40 -220 L40 -220 L40 -196 L16 -180 L16 -150 L-16 -150 L-16 -180 L-40 -196 Z" fill="#2c2c2c"/><rect x="-16" y="-160" width="32" height="200" fill="${WOOD}"/><rect x="-20" y="30" width="40" height="36" fill="#8e99a3"/><path d="M-110 60 L110 60 L110 90 L-110 90 Z" fill="#8e99a3"/>${[-96, -34, 34, 96].map((x) => `<path d="M${x - 12} 86 L${x + 12} 86 L${x + 8} 200 L${x} 226 L${x - 8} 200 Z" fill="${STEEL}"/>`).join("")}`,

  // irrigation
  "drip-kit": `<rect x="-240" y="130" width="480" height="90" fill="#7a5230"/><rect x="-230" y="-120" width="60" height="110" rx="14" fill="#3d7cc4"/><rect x="-240" y="-140" width="80" height="30" rx="8" fill="#1f4e8c"/><path d="M-200 -10 L-200 20" stroke="#2c2c2c" stroke-width="22"/><rect x="-220" y="10" width="450" height="34" rx="17" fill="#2c2c2c"/>${[
    -100, 30, 160,
  ]
    .map(
      (x) =>
        `<rect x="${x - 18}" y="4" width="36" height="46" rx="8" fill="currentColor"/>${water(x, 66, 1.2)}<path d="M${x} 190 L${x} 140" stroke="${GREEN}" stroke-width="8"/><path d="M${x} 150 C ${x - 40} 150, ${x - 46} 130, ${x - 46} 120 C ${x - 20} 118, ${x - 6} 130, ${x} 150 Z" fill="${GREEN}" stroke-width="4"/><path d="M${x} 150 C ${x + 40} 150, ${x + 46} 130, ${x + 46} 120 C ${x + 20} 118, ${x + 6} 130, ${x} 150 Z" fill="${GREEN}" stroke-width="4"/>`,
    )
    .join("")}`,
  "drip-coil": `<ellipse cx="-20" cy="0" rx="190" ry="150" fill="none" stroke="#2c2c2c" stroke-width="30"/><ellipse cx="-20" cy="0" rx="150" ry="115" fill="none" stroke="#2c2c2c" stroke-width="30"/><ellipse cx="-20" cy="0" rx="110" ry="80" fill="none" stroke="#2c2c2c" stroke-width="30"/><ellipse cx="-20" cy="0" rx="150" ry="115" fill="none" stroke="#555" stroke-width="4"/><path d="M160 60 C 190 120, 220 150, 240 190" fill="none" stroke="#2c2c2c" stroke-width="30"/><rect x="176" y="100" width="40" height="50" rx="8" fill="currentColor" transform="rotate(-30 196 125)"/>${water(222, 162, 1.1)}`,
  "rain-pipe": `<path d="M-240 160 C -120 140, 0 180, 120 150 S 220 140, 240 150" fill="none" stroke="#1d5fa8" stroke-width="34" stroke-linecap="round"/><path d="M-240 160 C -120 140, 0 180, 120 150 S 220 140, 240 150" fill="none" stroke="${WATER}" stroke-width="22" stroke-linecap="round"/>${[
    -180, -100, -20, 60, 140, 210,
  ]
    .map(
      (x, i) =>
        `<path d="M${x} ${150 + (i % 2) * 10} C ${x - 50} 0, ${x - 90} -80, ${x - 110} 20 M${x} ${150 + (i % 2) * 10} C ${x + 40} -40, ${x + 80} -120, ${x + 100} 0 M${x} ${150 + (i % 2) * 10} L${x + 6} -160" fill="none" stroke="${WATER}" stroke-width="7" stroke-dasharray="2 16" stroke-linecap="round"/>`,
    )
    .join("")}`,
  sprinkler: `<path d="M-230 210 Q0 170 230 210 Z" fill="${GREEN}"/><path d="M-12 40 L12 40 L12 180 L0 210 L-12 180 Z" fill="#2c2c2c"/><rect x="-10" y="-60" width="20" height="110" fill="#555"/><rect x="-40" y="-90" width="80" height="36" rx="10" fill="currentColor"/><path d="M-40 -72 L-100 -100 M40 -72 L100 -100" stroke="#555" stroke-width="12" stroke-linecap="round"/><path d="M-100 -100 C -160 -180, -220 -120, -236 40 M100 -100 C 160 -180, 220 -120, 236 40 M-100 -100 C -150 -140, -180 -100, -190 0 M100 -100 C 150 -140, 180 -100, 190 0" fill="none" stroke="${WATER}" stroke-width="8" stroke-dasharray="2 16" stroke-linecap="round"/>`,
  "solar-pump": `<g stroke="#f4b400" stroke-width="8" stroke-linecap="round">${Array.from({ length: 8 }, (_, i) => {
    const a = (i * Math.PI) / 4;
    return `<path d="M${n(170 + Math.cos(a) * 46)} ${n(-170 + Math.sin(a) * 46)} L${n(170 + Math.cos(a) * 66)} ${n(-170 + Math.sin(a) * 66)}"/>`;
  }).join(
    "",
  )}</g><circle cx="170" cy="-170" r="34" fill="#f8c91c"/><path d="M-70 -20 L-70 200" stroke="#555" stroke-width="16"/><path d="M-220 -100 L60 -160 L90 -20 L-190 40 Z" fill="#1f4e9c"/><path d="M-150 -115 L-120 25 M-80 -130 L-50 10 M-10 -145 L20 -5 M-205 -30 L75 -90" stroke="#9cc3f0" stroke-width="4"/><rect x="-100" y="70" width="60" height="60" rx="6" fill="#e6e6e6"/><path d="M-40 100 C 20 100, 60 120, 80 160" fill="none" stroke-width="5"/><rect x="-240" y="200" width="480" height="20" fill="#7a5230"/><path d="M110 200 L110 60 L200 60" fill="none" stroke="#2c2c2c" stroke-width="30"/><path d="M110 200 L110 60 L200 60" fill="none" stroke="#3d7cc4" stroke-width="18"/><path d="M210 60 C 240 90, 230 150, 230 200 L200 200 C 204 150, 210 100, 200 76 Z" fill="${WATER}"/>`,
  "water-tank": `<rect x="-150" y="-130" width="300" height="320" rx="34" fill="#2b2f33"/>${[-70, -10, 50, 110].map((y) => `<path d="M-150 ${y} L150 ${y}" stroke="#5a6068" stroke-width="6"/>`).join("")}<ellipse cx="0" cy="-130" rx="150" ry="36" fill="#3a3f44"/><ellipse cx="0" cy="-146" rx="56" ry="16" fill="#5a6068"/><rect x="150" y="150" width="40" height="20" fill="#5a6068"/>${label(30, "1000 L", { size: 56, fill: "#fff" })}${water(200, 180, 0.9)}`,

  // organic produce
  rice: `${bowl("#fbfaf3", "#8b5a2b")}${Array.from({ length: 14 }, (_, i) => {
    const x = -130 + ((i * 67) % 260);
    const y = -10 - ((i * 37) % 80);
    return `<ellipse cx="${x}" cy="${y}" rx="14" ry="5" fill="#e8e1c8" stroke="#c9c0a0" stroke-width="2" transform="rotate(${(i * 47) % 180} ${x} ${y})"/>`;
  }).join("")}`,
  "mustard-oil": `<rect x="-34" y="-170" width="68" height="40" fill="#f2c230"/><rect x="-42" y="-210" width="84" height="44" rx="8" fill="#c8242b"/><path d="M-34 -132 L34 -132 C 40 -90, 90 -70, 90 -20 L90 180 Q90 196 74 196 L-74 196 Q-90 196 -90 180 L-90 -20 C -90 -70, -40 -90, -34 -132 Z" fill="#f2c230"/><path d="M-60 -10 L-60 170" stroke="#fff" stroke-width="10" opacity=".45"/><rect x="-90" y="10" width="180" height="150" fill="#fffdf6"/><g transform="translate(0 50) scale(.5)">${MOTIFS.mustard}</g>${label(140, "MUSTARD", { size: 32, width: 160 })}`,
  mango: `<g transform="translate(70 20) rotate(30)"><path d="M0 -120 C 80 -130, 130 -40, 114 50 C 100 130, 20 160, -40 136 C -110 110, -120 20, -84 -46 C -56 -96, -36 -116, 0 -120 Z" fill="#f2a91c"/><ellipse cx="50" cy="-30" rx="50" ry="70" fill="#e8642a" opacity=".55" stroke="none"/></g><g transform="translate(-70 40) rotate(-20)"><path d="M0 -120 C 80 -130, 130 -40, 114 50 C 100 130, 20 160, -40 136 C -110 110, -120 20, -84 -46 C -56 -96, -36 -116, 0 -120 Z" fill="#f7c02a"/><ellipse cx="50" cy="-40" rx="46" ry="64" fill="#e8642a" opacity=".5" stroke="none"/><path d="M0 -120 L10 -150" stroke-width="8"/><path d="M10 -150 C 60 -200, 130 -190, 170 -170 C 120 -130, 50 -120, 10 -150 Z" fill="${GREEN}"/><path d="M10 -150 C 70 -170, 120 -168, 170 -170" fill="none" stroke-width="3"/></g>`,
  turmeric: `${bowl("#e9a514", "#b5683a")}<g transform="translate(130 120) rotate(-20)"><path d="M-80 0 C -80 -30, -30 -30, -10 -20 C 10 -50, 40 -50, 50 -20 C 80 -20, 90 10, 70 24 C 30 40, -60 36, -80 0 Z" fill="#c9832e"/><path d="M-50 -16 L-46 14 M-10 -20 L-6 20 M30 -26 L32 20" stroke-width="3"/><ellipse cx="-70" cy="0" rx="8" ry="12" fill="#f2a81c"/></g>`,
  jaggery: `${cube(-180, 60, 90)}${cube(0, 60, 90)}${cube(-90, 105, 90)}${cube(-90, -30, 90)}`,
  ghee: `<rect x="-130" y="-150" width="260" height="56" rx="12" fill="currentColor"/><rect x="-120" y="-96" width="240" height="280" rx="40" fill="#f3cf6a"/><path d="M-90 -60 L-90 150" stroke="#fff" stroke-width="12" opacity=".4"/><rect x="-120" y="-10" width="240" height="110" fill="#fffdf6"/>${label(64, "GHEE", { size: 64 })}${[
    [-60, 130],
    [20, 150],
    [70, 120],
    [-20, -50],
    [60, -60],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="#e0b24a" stroke="none"/>`)
    .join("")}`,

  // animal husbandry
  "cattle-feed": sack("CATTLE FEED", { motif: "cow", weight: "50 kg", body: "#eef0e2" }),
  "poultry-feed": sack("POULTRY FEED", { motif: "hen", weight: "25 kg", body: "#f6efe0" }),
  "mineral-tub": `<path d="M-140 -130 L140 -130 L116 190 L-116 190 Z" fill="#f7f7f2"/><rect x="-150" y="-170" width="300" height="50" rx="12" fill="currentColor"/><g transform="translate(0 -30) scale(.62)">${MOTIFS.cow}</g>${label(90, "MINERAL", { size: 50, width: 220 })}${label(146, "MIXTURE", { size: 40, width: 200 })}`,
  "milking-machine": `<path d="M-10 -116 C 20 -220, 150 -200, 150 -60 M14 -116 C 40 -190, 124 -180, 128 -60" fill="none" stroke="#2c2c2c" stroke-width="9"/><path d="M-100 -50 A100 70 0 0 1 100 -50" fill="none" stroke="#8e99a3" stroke-width="10"/><path d="M-120 -50 L120 -50 L100 190 L-100 190 Z" fill="${STEEL}"/><path d="M-80 -30 L-66 170" stroke="#fff" stroke-width="12" opacity=".6"/><ellipse cx="0" cy="-50" rx="130" ry="24" fill="#aab4bd"/><rect x="-26" y="-120" width="52" height="66" rx="8" fill="#2c2c2c"/>${[
    -36, -12, 12, 36,
  ]
    .map(
      (a) =>
        `<g transform="translate(160 -40) rotate(${a})"><path d="M0 0 L0 60" stroke="#2c2c2c" stroke-width="7"/><rect x="-16" y="56" width="32" height="96" rx="12" fill="#8e99a3"/><rect x="-18" y="56" width="36" height="16" rx="6" fill="#2c2c2c"/></g>`,
    )
    .join(
      "",
    )}<ellipse cx="160" cy="-44" rx="40" ry="26" fill="#aab4bd"/><path d="M-120 120 L-160 120" stroke-width="8"/><rect x="-236" y="60" width="80" height="120" rx="14" fill="#2f6eb5"/><path d="M-236 90 L-156 90 M-236 115 L-156 115 M-236 140 L-156 140" stroke-width="4"/>`,
} satisfies Record<string, string>;

/** The pictogram a product is drawn as. */
export type Pictogram = keyof typeof PICTOGRAMS;

export const PICTOGRAM_KEYS = Object.keys(PICTOGRAMS) as Pictogram[];

const isPictogram = (icon: string): icon is Pictogram => Object.hasOwn(PICTOGRAMS, icon);

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

export function productArtwork(opts: { name: string; brand: string; colour: string; icon: string; view: number; views: number }): Buffer {
  const { name, brand, colour, icon, view, views } = opts;
  const angle = (view * 37) % 360;
  const scale = 1 - (view % 4) * 0.08;
  const lines = wrap(name, 26);
  const title = lines
    .map((line, i) => `<text x="640" y="${760 + i * 64}" font-size="56" font-weight="700">${escapeXml(line)}</text>`)
    .join("");
  const badge = views > 1 ? `<text x="1220" y="80" font-size="36" text-anchor="end" opacity=".8">${view + 1} / ${views}</text>` : "";
  const pictogram = PICTOGRAMS[isPictogram(icon) ? icon : "seed"];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960" viewBox="0 0 1280 960">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1" gradientTransform="rotate(${angle} .5 .5)">
    <stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#f4efe1"/></linearGradient></defs>
  <rect width="1280" height="960" fill="url(#g)"/>
  <circle cx="1080" cy="820" r="260" fill="#fff" opacity=".12"/>
  <g transform="translate(640 370) scale(${n(scale * 1.2)}) rotate(${((view * 23) % 40) - 20})" color="${colour}" fill="${colour}" stroke="${INK}" stroke-width="6" stroke-linejoin="round">${pictogram}</g>
  <g font-family="DejaVu Sans, Arial, sans-serif" fill="${INK}" text-anchor="middle">${title}
    <text x="640" y="${760 + lines.length * 64 + 10}" font-size="40" opacity=".75">${escapeXml(brand)}</text>${badge}</g>
</svg>`;
  return Buffer.from(svg);
}
