// Draws Tiangue's hero illustration (a market in front of a volcano) into public/images.
// Run once when the artwork changes: node scripts/make-hero-images.mjs
import { createRequire } from "node:module";
const sharp = createRequire(import.meta.url)("sharp");

const W = 1200,
  H = 630;
function stall(x, color, goods) {
  const stripes = Array.from(
    { length: 6 },
    (_, i) => `<path d="M${x + i * 40} 300 h40 l-6 40 h-28z" fill="${i % 2 ? "#ffffff" : color}"/>`,
  ).join("");
  return `
  <g>
    <rect x="${x + 8}" y="330" width="8" height="170" fill="#7a4a22"/>
    <rect x="${x + 224}" y="330" width="8" height="170" fill="#7a4a22"/>
    <rect x="${x - 4}" y="288" width="248" height="16" rx="4" fill="${color}"/>
    ${stripes}
    <rect x="${x}" y="420" width="240" height="80" rx="6" fill="#a8662f"/>
    <rect x="${x}" y="420" width="240" height="12" fill="#8a5224"/>
    ${goods(x)}
  </g>`;
}
const fruit = (x) =>
  [0, 1, 2, 3, 4, 5, 6]
    .map(
      (i) =>
        `<circle cx="${x + 30 + i * 30}" cy="${405 - (i % 2) * 8}" r="16" fill="${["#f4be2b", "#e4572e", "#6aa84f", "#f08a24"][i % 4]}"/>`,
    )
    .join("");
const pupusas = (x) => `
  <ellipse cx="${x + 120}" cy="412" rx="105" ry="14" fill="#333"/>
  ${[0, 1, 2, 3].map((i) => `<ellipse cx="${x + 50 + i * 47}" cy="402" rx="22" ry="9" fill="#e9c27a" stroke="#c8903e" stroke-width="3"/>`).join("")}
  <path d="M${x + 60} 380 q6 -14 0 -26 M${x + 120} 380 q6 -14 0 -26 M${x + 180} 380 q6 -14 0 -26" stroke="#ffffff" stroke-width="4" fill="none" opacity="0.7" stroke-linecap="round"/>`;
const crafts = (x) => `
  <path d="M${x + 30} 418 l14 -50 h32 l14 50z" fill="#1d3aab"/>
  <path d="M${x + 38} 392 h44" stroke="#f4be2b" stroke-width="5"/>
  <rect x="${x + 110}" y="360" width="50" height="58" rx="6" fill="#e4572e"/>
  <path d="M${x + 110} 380 h50 M${x + 110} 398 h50" stroke="#f4be2b" stroke-width="4"/>
  <circle cx="${x + 198}" cy="396" r="22" fill="#6aa84f"/>
  <path d="M${x + 184} 396 h28" stroke="#ffffff" stroke-width="4"/>`;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#90b4ff"/><stop offset="1" stop-color="#fdf3c4"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="980" cy="130" r="62" fill="#f8d45c"/>
  <path d="M160 420 L470 120 Q500 96 530 120 L860 420Z" fill="#5c6f9e"/>
  <path d="M440 150 L470 120 Q500 96 530 120 L560 150 Q530 140 500 158 Q470 140 440 150Z" fill="#e8eefc"/>
  <path d="M-40 440 Q180 330 420 410 T900 390 T1260 420 V${H} H-40Z" fill="#4d8f3a"/>
  <path d="M-40 480 Q260 420 560 470 T1260 460 V${H} H-40Z" fill="#5fa847"/>
  <rect y="500" width="${W}" height="130" fill="#d9b48a"/>
  <path d="M0 520 H${W}" stroke="#c89f73" stroke-width="6" stroke-dasharray="30 24"/>
  <g>
    <path d="M60 120 q30 -20 60 0 q30 -20 60 0" stroke="#1d306b" stroke-width="5" fill="none" stroke-linecap="round"/>
    <path d="M700 80 q20 -14 40 0 q20 -14 40 0" stroke="#1d306b" stroke-width="4" fill="none" stroke-linecap="round"/>
  </g>
  ${stall(70, "#1d3aab", fruit)}
  ${stall(480, "#f4be2b", pupusas)}
  ${stall(890, "#2348d6", crafts)}
  <g transform="translate(380 455)">
    <circle cx="0" cy="-52" r="18" fill="#8d5a3b"/>
    <path d="M-20 -60 q20 -26 40 0z" fill="#f4be2b"/>
    <rect x="-20" y="-34" width="40" height="60" rx="14" fill="#e4572e"/>
    <rect x="-16" y="24" width="12" height="30" fill="#1d306b"/><rect x="4" y="24" width="12" height="30" fill="#1d306b"/>
    <path d="M20 -20 l26 22" stroke="#8d5a3b" stroke-width="9" stroke-linecap="round"/>
    <path d="M36 2 h34 l-6 26 h-22z" fill="#b9780b"/>
  </g>
  <g transform="translate(820 460)">
    <circle cx="0" cy="-50" r="17" fill="#6b4028"/>
    <path d="M-18 -56 q18 -20 36 0" fill="#1d306b"/>
    <rect x="-19" y="-32" width="38" height="56" rx="14" fill="#2348d6"/>
    <rect x="-15" y="22" width="12" height="30" fill="#333"/><rect x="3" y="22" width="12" height="30" fill="#333"/>
    <rect x="16" y="-24" width="20" height="34" rx="4" fill="#222"/>
    <rect x="19" y="-20" width="14" height="24" rx="2" fill="#128C4A"/>
  </g>
</svg>`;

for (const [w, q] of [
  [1200, 62],
  [640, 62],
]) {
  const info = await sharp(Buffer.from(svg))
    .resize({ width: w })
    .webp({ quality: q, effort: 6 })
    .toFile(new URL(`../public/images/hero-${w}.webp`, import.meta.url).pathname);
  console.log(w, info.size);
}
