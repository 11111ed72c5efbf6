import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../../services";
import { encodeImageVariants, MESSAGES } from "./images";
import { createPlaceholderCache, parsePlaceholderSide } from "./placeholder";

export const BYTES_PER_MB = 1024 * 1024;

export interface SavedImage {
  /** The largest width: what gets stored in imageUrl / logoUrl / images. */
  url: string;
  /** Every stored width, smallest first, for `srcset`. */
  variants: { width: number; url: string }[];
}

/** Where uploads live on disk: `${DATA_DIR}/uploads`, served at /uploads/ by uploadsStatic. */
export function uploadsDirectory(dataDir: string): string {
  return resolve(dataDir, "uploads");
}

export function createUploadsService(deps: ServiceDeps) {
  const uploadsDir = uploadsDirectory(deps.config.dataDir);
  const placeholders = createPlaceholderCache();

  return {
    /**
     * Checks, cleans and stores an image as WebP files named
     * `/uploads/<yyyy>/<mm>/<random-id>-<width>.webp`; the random id makes names
     * unguessable and lets them be cached for ever.
     */
    async saveImage(file: { buffer: Buffer }, options: { maxBytes: number }): Promise<SavedImage> {
      if (file.buffer.length === 0) throw AppError.badRequest(MESSAGES.noImage);
      if (file.buffer.length > options.maxBytes) {
        throw AppError.tooLarge(MESSAGES.tooLarge(megabytes(options.maxBytes)));
      }
      const variants = await encodeImageVariants(file.buffer);

      const now = new Date();
      const folder = [
        String(now.getUTCFullYear()),
        String(now.getUTCMonth() + 1).padStart(2, "0"),
      ].join("/");
      const id = randomBytes(12).toString("hex");
      await mkdir(join(uploadsDir, folder), { recursive: true });
      const stored = await Promise.all(
        variants.map(async ({ width, data }) => {
          const name = `${id}-${width}.webp`;
          // "wx": a name is never reused, so never overwrite.
          await writeFile(join(uploadsDir, folder, name), data, { flag: "wx" });
          return { width, url: `/uploads/${folder}/${name}` };
        }),
      );
      return { url: stored[stored.length - 1].url, variants: stored };
    },

    /** A grey WebP picture of the given size, each size rendered once (LRU of 50). */
    async placeholder(width: number, height: number): Promise<Buffer> {
      for (const side of [width, height]) {
        if (parsePlaceholderSide(String(side)) === null) {
          throw AppError.badRequest(PLACEHOLDER_SIZE_MESSAGE);
        }
      }
      return placeholders.get(width, height);
    },
  };
}

export const PLACEHOLDER_SIZE_MESSAGE =
  "Tamaño inválido: el ancho y el alto deben ser números enteros de 1 a 2000";

/** 5242880 → 5, 1572864 → 1.5: the limit as people read it. */
function megabytes(bytes: number): number {
  return Math.round((bytes / BYTES_PER_MB) * 10) / 10;
}
