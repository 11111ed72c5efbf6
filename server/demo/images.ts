import type { ImageStorage } from "../modules/uploads/image-storage";
import { createLocalStorage } from "../modules/uploads/storage";
import {
  bannerSvg,
  ILLUSTRATIONS_PER_CATEGORY,
  initialsOf,
  logoSvg,
  productIllustrationSvg,
} from "./artwork";
import type { DemoCategorySlug } from "./data/categories";

/**
 * The demo catalogue's pictures, drawn locally and written as WebP under `demo/` of the
 * uploads' storage (DATA_DIR/uploads or the S3 bucket). Names end in `-<width>.webp` like uploads do, with the
 * smaller widths beside them, so the pages build the same `srcset` for both.
 */

export const DEMO_FOLDER = "demo";
const PRODUCT_WIDTHS = [400, 800] as const;
const BANNER_WIDTHS = [400, 800, 1200] as const;
const LOGO_WIDTH = 256;
const QUALITY = 80;
// Effort 2 encodes flat artwork 4× faster than the default for ~8 % more bytes.
const EFFORT = 2;

export const demoProductImageUrl = (category: DemoCategorySlug, look: number) =>
  `/uploads/${DEMO_FOLDER}/product-${category}-${look + 1}-800.webp`;
export const demoBannerUrl = (merchantSlug: string) =>
  `/uploads/${DEMO_FOLDER}/banner-${merchantSlug}-1200.webp`;
export const demoLogoUrl = (merchantSlug: string) =>
  `/uploads/${DEMO_FOLDER}/logo-${merchantSlug}-${LOGO_WIDTH}.webp`;

export interface DemoImageRequest {
  categories: readonly { slug: DemoCategorySlug; hue: number }[];
  merchants: readonly {
    slug: string;
    name: string;
    category: DemoCategorySlug;
    hue: number;
    seed: number;
  }[];
}

interface Job {
  svg: string;
  /** File name with `{w}` standing for each width. */
  name: string;
  widths: readonly number[];
}

/** Renders the SVG once at its largest width, then encodes every width from those pixels. */
async function runJob(storage: ImageStorage, job: Job): Promise<void> {
  // Loaded here, not at start: a server whose catalogue exists never needs it.
  const { default: sharp } = await import("sharp");
  const { data, info } = await sharp(Buffer.from(job.svg))
    .flatten({ background: "#ffffff" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  await Promise.all(
    job.widths.map(async (width) => {
      const image = sharp(data, { raw });
      if (width !== info.width) image.resize({ width });
      const webp = await image.webp({ quality: QUALITY, effort: EFFORT }).toBuffer();
      await storage.put(`${DEMO_FOLDER}/${job.name.replace("{w}", String(width))}`, webp);
    }),
  );
}

/** Writes every demo picture; safe to run again (same names, same pictures). */
export async function generateDemoImages(
  target: string | ImageStorage,
  request: DemoImageRequest,
): Promise<{ files: number }> {
  const storage = typeof target === "string" ? createLocalStorage(target) : target;

  const jobs: Job[] = [];
  for (const category of request.categories) {
    for (let look = 0; look < ILLUSTRATIONS_PER_CATEGORY; look++) {
      jobs.push({
        svg: productIllustrationSvg(category.slug, category.hue, look, 800),
        name: `product-${category.slug}-${look + 1}-{w}.webp`,
        widths: PRODUCT_WIDTHS,
      });
    }
  }
  for (const merchant of request.merchants) {
    jobs.push({
      svg: bannerSvg(merchant.category, merchant.hue, merchant.seed, 1200),
      name: `banner-${merchant.slug}-{w}.webp`,
      widths: BANNER_WIDTHS,
    });
    jobs.push({
      svg: logoSvg(initialsOf(merchant.name), merchant.hue, LOGO_WIDTH),
      name: `logo-${merchant.slug}-{w}.webp`,
      widths: [LOGO_WIDTH],
    });
  }

  // sharp works on libuv's pool; a few jobs at a time keep every core busy without piling up memory.
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await runJob(storage, jobs[next++]);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { files: jobs.reduce((sum, job) => sum + job.widths.length, 0) };
}
