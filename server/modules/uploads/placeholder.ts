import { loadSharp, withSlot } from "./images";

export const PLACEHOLDER_MAX_SIDE = 2000;

export interface PlaceholderSize {
  width: number;
  height: number;
}

/**
 * The only sizes rendered: those the product shows a placeholder at (the `width`×`height`
 * of each ResponsiveImage without its own fallback, the search box's 36×36, the admin
 * thumbnails' and spec §7's 64×64). Any other size is sent to the nearest of these, so at
 * most this many pictures are ever rendered and kept per process.
 */
export const PLACEHOLDER_SIZES: readonly PlaceholderSize[] = [
  { width: 36, height: 36 }, // search suggestions
  { width: 56, height: 56 }, // merchant card logo
  { width: 64, height: 64 }, // spec §7's fallback, admin thumbnails, the seller on a product
  { width: 80, height: 80 }, // gallery thumbnails
  { width: 96, height: 96 }, // category card
  { width: 112, height: 112 }, // merchant page logo
  { width: 800, height: 800 }, // product gallery
  { width: 640, height: 360 }, // merchant card banner
  { width: 1200, height: 400 }, // merchant page banner
];

/** A size from the URL: a whole number from 1 to 2000 written plainly, or null. */
export function parsePlaceholderSide(text: string): number | null {
  if (!/^[1-9]\d{0,3}$/.test(text)) return null;
  const value = Number(text);
  return value <= PLACEHOLDER_MAX_SIDE ? value : null;
}

export function isPlaceholderSize(width: number, height: number): boolean {
  return PLACEHOLDER_SIZES.some((s) => s.width === width && s.height === height);
}

/**
 * The allowed size closest in shape, then in scale: a 300×100 banner gets the 3:1
 * 1200×400 rather than a small square, and a square gets the square nearest in size.
 * Distances are ratios (logarithms), so 32 is as far from 64 as 128 is; a tie goes to
 * the larger picture, which the browser scales down cleanly.
 */
export function nearestPlaceholderSize(width: number, height: number): PlaceholderSize {
  const distance = (s: PlaceholderSize) => [
    // Rounded so that sizes of one shape (e.g. every square) tie exactly.
    Math.round(Math.abs(Math.log(s.width / s.height / (width / height))) * 1e6),
    Math.abs(Math.log((s.width * s.height) / (width * height))),
    -(s.width * s.height),
  ];
  const closer = (a: number[], b: number[]) => {
    const i = a.findIndex((value, index) => value !== b[index]);
    return i >= 0 && a[i] < b[i];
  };
  return PLACEHOLDER_SIZES.reduce((best, size) =>
    closer(distance(size), distance(best)) ? size : best,
  );
}

/**
 * A neutral grey picture with a simple "image" icon (frame, sun, mountains), drawn from
 * our own SVG: nothing of the request but two checked integers goes into it.
 */
export function placeholderSvg(width: number, height: number): string {
  const icon = Math.max(1, Math.round(Math.min(width, height) * 0.4));
  const x = (width - icon) / 2;
  const y = (height - icon) / 2;
  const stroke = Math.max(1, icon / 16);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#e5e7eb"/>
  <g transform="translate(${x} ${y}) scale(${icon / 24})" fill="none" stroke="#9ca3af" stroke-width="${(stroke * 24) / icon}" stroke-linecap="round" stroke-linejoin="round">
    <rect x="3" y="3" width="18" height="18" rx="2"/>
    <circle cx="9" cy="9" r="2"/>
    <path d="m21 15-3.086-3.086a2 2 0 0 0-2.828 0L6 21"/>
  </g>
</svg>`;
}

/** Renders in the uploads' image queue (images.ts), so placeholders never add to its parallel work. */
export async function renderPlaceholder(width: number, height: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return withSlot(() =>
    sharp(Buffer.from(placeholderSvg(width, height)))
      .webp({ quality: 80 })
      .toBuffer(),
  );
}

/**
 * The rendered placeholders, each allowed size rendered once and kept (nine small WebP
 * files); requests that arrive while a size renders share that render.
 */
export function createPlaceholderCache() {
  const entries = new Map<string, Promise<Buffer>>();
  return {
    get(width: number, height: number): Promise<Buffer> {
      if (!isPlaceholderSize(width, height)) {
        throw new Error(`${width}×${height} is not a placeholder size`);
      }
      const key = `${width}x${height}`;
      const hit = entries.get(key);
      if (hit) return hit;
      const rendered = renderPlaceholder(width, height);
      // A failed render is not remembered, so the next request tries again.
      rendered.catch(() => {
        if (entries.get(key) === rendered) entries.delete(key);
      });
      entries.set(key, rendered);
      return rendered;
    },
    get size() {
      return entries.size;
    },
  };
}
