/**
 * Product artwork for the demo catalogue, drawn as SVG at seed time (no network, no stock
 * photos): a coloured backdrop, a simple pictogram for the category and the product's name.
 */
const ICONS: Record<string, string> = {
  seed: `<ellipse cx="0" cy="0" rx="90" ry="150" transform="rotate(25)"/><path d="M-20 -120 C 40 -40, 40 40, -10 130" stroke="#fff" stroke-width="10" fill="none" opacity=".5"/>`,
  sack: `<path d="M-130 -150 L130 -150 L160 170 Q0 210 -160 170 Z"/><rect x="-70" y="-190" width="140" height="50" rx="12"/>`,
  leaf: `<path d="M-150 150 C -150 -60, 20 -170, 170 -170 C 170 0, 60 150, -150 150 Z"/><path d="M-150 150 L 120 -120" stroke="#fff" stroke-width="10" opacity=".5"/>`,
  tool: `<rect x="-20" y="-60" width="40" height="240" rx="14"/><path d="M-140 -60 L140 -60 L110 -170 L-110 -170 Z"/>`,
  drop: `<path d="M0 -190 C 80 -60, 150 20, 150 80 A150 150 0 0 1 -150 80 C -150 20, -80 -60, 0 -190 Z"/>`,
  fruit: `<circle cx="0" cy="30" r="160"/><path d="M0 -130 C 30 -190, 90 -200, 120 -190 C 90 -140, 40 -120, 0 -130 Z"/>`,
};

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
  const title = wrap(name, 26)
    .map((line, i) => `<text x="640" y="${760 + i * 64}" font-size="56" font-weight="700">${escapeXml(line)}</text>`)
    .join("");
  const badge = views > 1 ? `<text x="1220" y="80" font-size="36" text-anchor="end" opacity=".8">${view + 1} / ${views}</text>` : "";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960" viewBox="0 0 1280 960">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1" gradientTransform="rotate(${angle} .5 .5)">
    <stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#f4efe1"/></linearGradient></defs>
  <rect width="1280" height="960" fill="url(#g)"/>
  <circle cx="1080" cy="820" r="260" fill="#fff" opacity=".12"/>
  <g transform="translate(640 360) scale(${scale}) rotate(${((view * 23) % 40) - 20})" fill="${colour}" stroke="#1d2a14" stroke-width="6">${ICONS[icon] ?? ICONS.seed}</g>
  <g font-family="DejaVu Sans, Arial, sans-serif" fill="#1d2a14" text-anchor="middle">${title}
    <text x="640" y="${760 + Math.min(wrap(name, 26).length, 3) * 64 + 10}" font-size="40" opacity=".75">${escapeXml(brand)}</text>${badge}</g>
</svg>`;
  return Buffer.from(svg);
}
