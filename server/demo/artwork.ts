import type { DemoCategorySlug } from "./data/categories";
import { createRandom } from "./random";

/**
 * Flat illustrations drawn as SVG in code, turned into WebP by server/demo/images.ts and
 * server/demo/make-static-images.ts. Only our own constants go into these SVGs (text is
 * escaped all the same); nothing is fetched.
 */

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** HSL (degrees, percent, percent) → '#rrggbb'; librsvg's CSS colour support varies by version. */
export function hsl(h: number, s: number, l: number): string {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, "0");
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

type Glyph = (light: string, dark: string) => string;

/** One pictogram per category, drawn in a 100×100 box. */
export const GLYPHS: Record<DemoCategorySlug, Glyph> = {
  "comida-tipica": (light, dark) => `
    <ellipse cx="50" cy="66" rx="44" ry="13" fill="${dark}" opacity="0.45"/>
    <ellipse cx="50" cy="55" rx="33" ry="19" fill="${light}"/>
    <ellipse cx="38" cy="50" rx="5" ry="2.6" fill="${dark}" opacity="0.55"/>
    <ellipse cx="57" cy="47" rx="4" ry="2" fill="${dark}" opacity="0.5"/>
    <ellipse cx="62" cy="60" rx="5.5" ry="2.6" fill="${dark}" opacity="0.55"/>
    <ellipse cx="44" cy="62" rx="3.5" ry="1.8" fill="${dark}" opacity="0.45"/>`,
  panaderias: (light, dark) => `
    <path d="M14 66 Q14 32 50 32 Q86 32 86 66 Q86 74 78 74 L22 74 Q14 74 14 66 Z" fill="${light}"/>
    <g stroke="${dark}" stroke-width="4" stroke-linecap="round" opacity="0.6">
      <path d="M32 44 L40 58"/><path d="M46 41 L54 56"/><path d="M60 44 L68 58"/>
    </g>`,
  cafe: (light, dark) => `
    <g fill="none" stroke="${light}" stroke-width="3.5" stroke-linecap="round">
      <path d="M40 30 q-5 -7 0 -13 q5 -6 0 -12"/><path d="M54 30 q-5 -7 0 -13 q5 -6 0 -12"/>
      <circle cx="76" cy="53" r="9"/>
    </g>
    <path d="M24 38 L76 38 L71 74 Q69 80 62 80 L38 80 Q31 80 29 74 Z" fill="${light}"/>
    <ellipse cx="50" cy="85" rx="34" ry="5" fill="${light}" opacity="0.8"/>
    <rect x="30" y="46" width="40" height="6" fill="${dark}" opacity="0.35"/>`,
  artesanias: (light, dark) => `
    <path d="M39 16 L61 16 L59 26 Q82 36 80 60 Q77 84 50 86 Q23 84 20 60 Q18 36 41 26 Z" fill="${light}"/>
    <path d="M24 52 l6.5 -6 l6.5 6 l6.5 -6 l6.5 6 l6.5 -6 l6.5 6 l6.5 -6 l6.5 6" fill="none" stroke="${dark}" stroke-width="3.5" stroke-linejoin="round" opacity="0.6"/>
    <rect x="24" y="64" width="52" height="4" rx="2" fill="${dark}" opacity="0.35"/>`,
  "ropa-y-calzado": (light, dark) => `
    <path d="M36 18 L18 27 L8 46 L22 53 L28 43 L28 84 L72 84 L72 43 L78 53 L92 46 L82 27 L64 18 Q50 32 36 18 Z" fill="${light}"/>
    <path d="M50 34 L50 84" stroke="${dark}" stroke-width="2" opacity="0.3"/>
    <circle cx="50" cy="48" r="2.2" fill="${dark}" opacity="0.5"/><circle cx="50" cy="62" r="2.2" fill="${dark}" opacity="0.5"/>`,
  belleza: (light, dark) => `
    <circle cx="44" cy="40" r="26" fill="${light}"/>
    <circle cx="44" cy="40" r="19" fill="${dark}" opacity="0.3"/>
    <path d="M35 30 Q40 25 47 26" stroke="${light}" stroke-width="3" fill="none" stroke-linecap="round"/>
    <rect x="40" y="64" width="9" height="28" rx="4.5" fill="${light}"/>
    <g fill="${light}"><rect x="70" y="30" width="6" height="56" rx="3"/><rect x="76" y="34" width="10" height="3" rx="1.5"/><rect x="76" y="42" width="10" height="3" rx="1.5"/><rect x="76" y="50" width="10" height="3" rx="1.5"/><rect x="76" y="58" width="10" height="3" rx="1.5"/><rect x="76" y="66" width="10" height="3" rx="1.5"/></g>`,
  ferreterias: (light, dark) => `
    <g transform="rotate(-35 50 50)">
      <rect x="45" y="32" width="10" height="60" rx="4" fill="${light}"/>
      <rect x="45" y="70" width="10" height="22" rx="4" fill="${dark}" opacity="0.4"/>
      <path d="M24 18 L70 18 Q80 18 80 26 L80 34 L24 34 Q18 34 18 26 Q18 18 24 18 Z" fill="${light}"/>
    </g>`,
  tecnologia: (light, dark) => `
    <rect x="29" y="10" width="42" height="80" rx="8" fill="${light}"/>
    <rect x="34" y="19" width="32" height="58" rx="2" fill="${dark}" opacity="0.4"/>
    <circle cx="50" cy="84" r="2.6" fill="${dark}" opacity="0.5"/>
    <path d="M40 40 L48 48 L40 56 M52 56 L60 56" stroke="${light}" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  farmacias: (light, dark) => `
    <path d="M39 14 H61 V39 H86 V61 H61 V86 H39 V61 H14 V39 H39 Z" fill="${light}"/>
    <path d="M44 19 H56 V44 H81 V56 H56 V81 H44 V56 H19 V44 H44 Z" fill="${dark}" opacity="0.18"/>`,
  mascotas: (light) => `
    <g fill="${light}">
      <ellipse cx="50" cy="66" rx="21" ry="17"/>
      <ellipse cx="26" cy="44" rx="8" ry="10.5" transform="rotate(-20 26 44)"/>
      <ellipse cx="41" cy="29" rx="8" ry="11"/>
      <ellipse cx="59" cy="29" rx="8" ry="11"/>
      <ellipse cx="74" cy="44" rx="8" ry="10.5" transform="rotate(20 74 44)"/>
    </g>`,
  hogar: (light, dark) => `
    <path d="M50 12 L90 46 L80 46 L80 86 L20 86 L20 46 L10 46 Z" fill="${light}"/>
    <rect x="42" y="58" width="16" height="28" rx="2" fill="${dark}" opacity="0.45"/>
    <rect x="27" y="52" width="11" height="11" rx="1.5" fill="${dark}" opacity="0.35"/>
    <rect x="62" y="52" width="11" height="11" rx="1.5" fill="${dark}" opacity="0.35"/>`,
  floristerias: (light, dark) => `
    <path d="M50 56 Q47 72 50 92" stroke="${light}" stroke-width="4" fill="none" stroke-linecap="round"/>
    <ellipse cx="62" cy="76" rx="10" ry="4.5" transform="rotate(-30 62 76)" fill="${light}"/>
    <g fill="${light}">
      <circle cx="50" cy="24" r="12"/><circle cx="64" cy="35" r="12"/><circle cx="59" cy="51" r="12"/>
      <circle cx="41" cy="51" r="12"/><circle cx="36" cy="35" r="12"/>
    </g>
    <circle cx="50" cy="38" r="9" fill="${dark}" opacity="0.5"/>`,
  librerias: (light, dark) => `
    <path d="M50 28 Q34 19 12 23 L12 76 Q34 72 50 81 Z" fill="${light}"/>
    <path d="M50 28 Q66 19 88 23 L88 76 Q66 72 50 81 Z" fill="${light}" opacity="0.85"/>
    <g stroke="${dark}" stroke-width="2.2" stroke-linecap="round" opacity="0.4">
      <path d="M20 36 Q32 33 42 37"/><path d="M20 46 Q32 43 42 47"/><path d="M20 56 Q32 53 42 57"/>
      <path d="M58 37 Q68 33 80 36"/><path d="M58 47 Q68 43 80 46"/><path d="M58 57 Q68 53 80 56"/>
    </g>`,
  deportes: (light, dark) => `
    <circle cx="50" cy="50" r="36" fill="${light}"/>
    <path d="M50 38 L61.4 46.3 L57.1 59.7 L42.9 59.7 L38.6 46.3 Z" fill="${dark}" opacity="0.6"/>
    <g stroke="${dark}" stroke-width="2.2" opacity="0.45" fill="none">
      <path d="M50 38 L50 15"/><path d="M61.4 46.3 L83 39"/><path d="M57.1 59.7 L70 78"/>
      <path d="M42.9 59.7 L30 78"/><path d="M38.6 46.3 L17 39"/>
    </g>`,
};

/** Five looks per category: hue shift, gradient direction, glyph size and place. */
const VARIANTS = [
  { shift: 0, angle: [0, 0, 1, 1], scale: 0.72, dx: 0, dy: 2, rotate: 0 },
  { shift: 10, angle: [1, 0, 0, 1], scale: 0.64, dx: -6, dy: 4, rotate: -8 },
  { shift: -12, angle: [0, 1, 1, 0], scale: 0.8, dx: 4, dy: 0, rotate: 6 },
  { shift: 20, angle: [0, 0, 0, 1], scale: 0.6, dx: 8, dy: 6, rotate: 12 },
  { shift: -20, angle: [1, 1, 0, 0], scale: 0.7, dx: -4, dy: -2, rotate: -14 },
] as const;

export const ILLUSTRATIONS_PER_CATEGORY = VARIANTS.length;

function gradient(id: string, from: string, to: string, [x1, y1, x2, y2]: readonly number[]) {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** A square product picture (viewBox 100×100) for the given category and look (0–4). */
export function productIllustrationSvg(
  slug: DemoCategorySlug,
  hue: number,
  variant: number,
  size: number,
): string {
  const v = VARIANTS[variant % VARIANTS.length];
  const h = (hue + v.shift + 360) % 360;
  const light = hsl(h, 90, 96);
  const dark = hsl(h, 60, 28);
  const s = v.scale;
  const offset = 50 - 50 * s;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <defs>${gradient("bg", hsl(h, 75, 62), hsl((h + 25) % 360, 70, 42), v.angle)}</defs>
  <rect width="100" height="100" fill="url(#bg)"/>
  <circle cx="${18 + variant * 14}" cy="${20 + (variant % 2) * 60}" r="${22 + variant * 3}" fill="#ffffff" opacity="0.10"/>
  <circle cx="${86 - variant * 9}" cy="${84 - variant * 12}" r="${16 + variant * 2}" fill="#ffffff" opacity="0.08"/>
  <ellipse cx="${50 + v.dx}" cy="${88 + v.dy / 2}" rx="${30 * s}" ry="4" fill="#000000" opacity="0.12"/>
  <g transform="translate(${offset + v.dx} ${offset + v.dy}) scale(${s}) rotate(${v.rotate} 50 50)">${GLYPHS[slug](light, dark)}</g>
</svg>`;
}

/** A merchant's banner (viewBox 300×100, drawn at 1200×400): hills, sun and scattered pictograms. */
export function bannerSvg(
  slug: DemoCategorySlug,
  hue: number,
  seed: number,
  width: number,
): string {
  const random = createRandom(seed).next;
  const h = (hue + Math.round(random() * 40) - 20 + 360) % 360;
  const light = hsl(h, 90, 96);
  const dark = hsl(h, 60, 28);
  const sunX = 200 + random() * 80;
  const icons: string[] = [];
  for (let i = 0; i < 7; i++) {
    const x = i * 42 + random() * 12 - 4;
    const y = 2 + random() * 36;
    const s = 0.2 + random() * 0.12;
    icons.push(
      `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${s.toFixed(3)}) rotate(${Math.round(random() * 40 - 20)} 50 50)" opacity="${(0.22 + random() * 0.16).toFixed(2)}">${GLYPHS[slug]("#ffffff", dark)}</g>`,
    );
  }
  const hill = (y: number, amp: number, color: string) => {
    const p = random() * 60;
    return `<path d="M0 ${y} C ${60 + p} ${y - amp}, ${120 + p} ${y + amp}, 180 ${y - amp / 2} S 270 ${y - amp}, 300 ${y} L300 100 L0 100 Z" fill="${color}"/>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round(width / 3)}" viewBox="0 0 300 100" preserveAspectRatio="xMidYMid slice">
  <defs>${gradient("sky", hsl(h, 70, 70), hsl((h + 30) % 360, 65, 48), [0, 0, 1, 1])}</defs>
  <rect width="300" height="100" fill="url(#sky)"/>
  <circle cx="${sunX.toFixed(1)}" cy="30" r="16" fill="${light}" opacity="0.55"/>
  ${icons.join("\n  ")}
  ${hill(74, 10, hsl(h, 45, 40))}
  ${hill(86, 8, hsl(h, 50, 30))}
</svg>`;
}

/** Initials on a colour, for merchants' logos (256×256). */
export function logoSvg(initials: string, hue: number, size = 256): string {
  const background = hsl(hue, 65, 42);
  const ring = hsl(hue, 80, 85);
  const fontSize = initials.length > 1 ? 96 : 120;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256">
  <rect width="256" height="256" fill="${background}"/>
  <circle cx="128" cy="128" r="112" fill="none" stroke="${ring}" stroke-width="6" opacity="0.6"/>
  <text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${fontSize}" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
}

const STOPWORDS = new Set(["de", "del", "la", "las", "el", "los", "y", "e", "a"]);

/** "Pupusería La Ceiba" → "PC", "Café de Altura Perquín" → "CA". */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => w && !STOPWORDS.has(w.toLowerCase()));
  return words
    .slice(0, 2)
    .map((w) => w[0].toLocaleUpperCase("es"))
    .join("");
}

/* ---- The images shipped in public/images (see server/demo/make-static-images.ts). ---- */

const BRAND = { blue: "#2348d6", deep: "#1d306b", maize: "#f4be2b", paper: "#fafaf9" };

/** A market stall's striped awning across the top: the "tiangue". */
function awning(width: number, depth: number, stripes: number): string {
  const w = width / stripes;
  const parts: string[] = [];
  for (let i = 0; i < stripes; i++) {
    const color = i % 2 === 0 ? BRAND.maize : "#ffffff";
    const x = i * w;
    parts.push(
      `<path d="M${x} 0 H${x + w} V${depth} A${w / 2} ${w / 2.4} 0 0 1 ${x} ${depth} Z" fill="${color}"/>`,
    );
  }
  return parts.join("");
}

/** The default product photo: neutral, with a shopping bag. */
export function defaultProductSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <defs>${gradient("bg", "#f5f5f4", "#e7e5e4", [0, 0, 1, 1])}</defs>
  <rect width="100" height="100" fill="url(#bg)"/>
  <ellipse cx="50" cy="80" rx="24" ry="3.5" fill="#000" opacity="0.06"/>
  <path d="M28 36 H72 L76 78 Q76 80 74 80 H26 Q24 80 24 78 Z" fill="#d6d3d1"/>
  <path d="M40 42 V32 Q40 22 50 22 Q60 22 60 32 V42" fill="none" stroke="#a8a29e" stroke-width="3.5" stroke-linecap="round"/>
  <circle cx="40" cy="43" r="2.4" fill="#a8a29e"/><circle cx="60" cy="43" r="2.4" fill="#a8a29e"/>
</svg>`;
}

/** The banner of a merchant without one: brand blue under a striped awning. */
export function defaultBannerSvg(width: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${width / 3}" viewBox="0 0 300 100">
  <defs>${gradient("bg", BRAND.blue, BRAND.deep, [0, 0, 1, 1])}</defs>
  <rect width="300" height="100" fill="url(#bg)"/>
  ${awning(300, 14, 12)}
  <path d="M0 86 C 60 76, 120 92, 180 82 S 270 76, 300 84 L300 100 L0 100 Z" fill="#ffffff" opacity="0.08"/>
</svg>`;
}

/** The picture of a category without one: a neutral grid of tiles. */
export function defaultCategorySvg(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 150 100">
  <rect width="150" height="100" fill="#eef4ff"/>
  <g fill="#bdd2ff">
    <rect x="49" y="24" width="24" height="24" rx="5"/><rect x="77" y="24" width="24" height="24" rx="5"/>
    <rect x="49" y="52" width="24" height="24" rx="5"/><rect x="77" y="52" width="24" height="24" rx="12" fill="${BRAND.maize}"/>
  </g>
</svg>`;
}

/** The link-preview picture (1200×630): name and tagline under the awning. */
export function ogSvg(title: string, tagline: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>${gradient("bg", BRAND.blue, BRAND.deep, [0, 0, 1, 1])}</defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  ${awning(1200, 70, 12)}
  <circle cx="1030" cy="470" r="210" fill="#ffffff" opacity="0.06"/>
  <circle cx="170" cy="560" r="140" fill="#ffffff" opacity="0.05"/>
  <text x="600" y="330" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="132" fill="#ffffff">${escapeXml(title)}</text>
  <text x="600" y="420" text-anchor="middle" font-family="sans-serif" font-size="48" fill="${BRAND.maize}">${escapeXml(tagline)}</text>
</svg>`;
}

/** The site icon: an awning over a counter, brand colours. */
export function faviconSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="7" fill="${BRAND.blue}"/>
  <path d="M4 9 H28 V13 Q28 16 25 16 Q22 16 22 13 Q22 16 19 16 Q16 16 16 13 Q16 16 13 16 Q10 16 10 13 Q10 16 7 16 Q4 16 4 13 Z" fill="${BRAND.maize}"/>
  <rect x="7" y="18" width="18" height="8" rx="1.5" fill="#ffffff"/>
</svg>
`;
}
