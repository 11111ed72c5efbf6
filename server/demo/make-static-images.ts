/**
 * Draws the images shipped with the app into public/images (served at /images/).
 * Run once after changing the artwork, and commit the outputs:
 *   npx tsx server/demo/make-static-images.ts
 */
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { DEFAULT_SHARE_IMAGE } from "../../shared/share-image";
import { projectRoot } from "../project-root";
import {
  defaultBannerSvg,
  defaultCategorySvg,
  defaultProductSvg,
  faviconSvg,
  ogSvg,
} from "./artwork";

const MAX_BYTES = 40 * 1024;
const folder = join(projectRoot(), "public", "images");

const images: { name: string; svg: string; quality?: number }[] = [
  { name: "default-product.webp", svg: defaultProductSvg(800) },
  { name: "default-merchant-banner.webp", svg: defaultBannerSvg(1200) },
  { name: "default-category.webp", svg: defaultCategorySvg(600, 400) },
  // Link previews (WhatsApp, Facebook) want 1200×630 and well under 300 KB.
  { name: "og-default.webp", svg: ogSvg("Tiangue", "Comercios locales de El Salvador") },
];
// hero-*.webp in the same folder are the home page's illustration, drawn elsewhere: never touched here.

async function main() {
  mkdirSync(folder, { recursive: true });
  for (const image of images) {
    const data = await sharp(Buffer.from(image.svg))
      .flatten({ background: "#ffffff" })
      .webp({ quality: image.quality ?? 82, effort: 6 })
      .toBuffer();
    if (data.length > MAX_BYTES) throw new Error(`${image.name}: ${data.length} bytes > 40 KB`);
    writeFileSync(join(folder, image.name), data);
  }
  writeFileSync(join(folder, "favicon.svg"), faviconSvg());
  // The link preview of pages without a picture: the hero as a JPEG (chat apps and WebP).
  const ogDefault = DEFAULT_SHARE_IMAGE.url.replace("/images/", "");
  const hero = sharp(join(folder, "hero-1200.webp")).resize({
    width: DEFAULT_SHARE_IMAGE.width,
    height: DEFAULT_SHARE_IMAGE.height,
    fit: "cover",
  });
  writeFileSync(
    join(folder, ogDefault),
    await hero.jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
  );
  for (const name of [...images.map((i) => i.name), ogDefault, "favicon.svg"]) {
    console.log(`${name}: ${statSync(join(folder, name)).size} bytes`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
