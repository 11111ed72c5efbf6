/**
 * Draws the icons of the web app manifest (public/manifest.webmanifest) into public/icons,
 * from the site icon (faviconSvg, server/demo/artwork.ts): 192 and 512 px, and a 512 px
 * maskable one whose picture stays inside the safe circle (the middle 80 %) on a full-bleed
 * brand background, for launchers that cut icons to their own shape.
 * Run once after changing the artwork, and commit the outputs:
 *   npx tsx scripts/make-app-icons.ts
 */
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { faviconSvg } from "../server/demo/artwork";
import { projectRoot } from "../server/project-root";

const folder = join(projectRoot(), "public", "icons");
/** The favicon's own blue (BRAND.blue in artwork.ts), under the maskable icon's picture. */
const BACKGROUND = "#2348d6";
const MAX_BYTES = 12 * 1024;

/** The favicon at `size` px. */
function plain(size: number): string {
  return faviconSvg().replace("<svg ", `<svg width="${size}" height="${size}" `);
}

/** The favicon at 80 % in the middle of a full square of its own blue (its corners vanish). */
function maskable(size: number): string {
  const inner = size * 0.8;
  const offset = (size - inner) / 2;
  const nested = faviconSvg().replace(
    "<svg ",
    `<svg x="${offset}" y="${offset}" width="${inner}" height="${inner}" `,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <rect width="${size}" height="${size}" fill="${BACKGROUND}"/>
  ${nested}
</svg>`;
}

const icons = [
  { name: "icon-192.png", svg: plain(192) },
  { name: "icon-512.png", svg: plain(512) },
  { name: "icon-maskable-512.png", svg: maskable(512) },
];

async function main() {
  mkdirSync(folder, { recursive: true });
  for (const icon of icons) {
    const data = await sharp(Buffer.from(icon.svg))
      .png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 })
      .toBuffer();
    if (data.length > MAX_BYTES) throw new Error(`${icon.name}: ${data.length} bytes > 12 KB`);
    writeFileSync(join(folder, icon.name), data);
    console.log(`${icon.name}: ${statSync(join(folder, icon.name)).size} bytes`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
