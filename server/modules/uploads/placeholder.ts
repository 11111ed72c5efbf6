import sharp from "sharp";

export const PLACEHOLDER_MAX_SIDE = 2000;
const CACHE_ENTRIES = 50;

/** A size from the URL: a whole number from 1 to 2000 written plainly, or null. */
export function parsePlaceholderSide(text: string): number | null {
  if (!/^[1-9]\d{0,3}$/.test(text)) return null;
  const value = Number(text);
  return value <= PLACEHOLDER_MAX_SIDE ? value : null;
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

export async function renderPlaceholder(width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(placeholderSvg(width, height)))
    .webp({ quality: 80 })
    .toBuffer();
}

/** Least-recently-used memo of rendered placeholders: a page asks for the same few sizes. */
export function createPlaceholderCache(maxEntries = CACHE_ENTRIES) {
  const entries = new Map<string, Promise<Buffer>>();
  return {
    get(width: number, height: number): Promise<Buffer> {
      const key = `${width}x${height}`;
      const hit = entries.get(key);
      if (hit) {
        // Re-inserting moves the key to the end: Map keeps insertion order.
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const rendered = renderPlaceholder(width, height);
      // A failed render is not remembered, so the next request tries again.
      rendered.catch(() => {
        if (entries.get(key) === rendered) entries.delete(key);
      });
      entries.set(key, rendered);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return rendered;
    },
    get size() {
      return entries.size;
    },
    has(width: number, height: number) {
      return entries.has(`${width}x${height}`);
    },
  };
}
