import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import type { IMAGE_LIMITS_MB } from "../../../shared/limits";
import {
  parseShareImagePath,
  shareImagePath,
  type ShareImageShape,
} from "../../../shared/share-image";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../../services";
import { encodeShareImage, encodeUpload, MESSAGES } from "./images";
import {
  createPlaceholderCache,
  isPlaceholderSize,
  nearestPlaceholderSize,
  parsePlaceholderSide,
  type PlaceholderSize,
} from "./placeholder";

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

/**
 * The link-preview JPEGs made at upload time, by what the picture is for; any other one
 * (another kind, a picture from before) is made on its first request.
 */
const SHARE_SHAPES_BY_KIND: Record<keyof typeof IMAGE_LIMITS_MB, ShareImageShape[]> = {
  default: [],
  merchantImage: ["wide"],
  merchantLogo: ["logo"],
  categoryImage: [],
  productImage: ["square"],
};

export function createUploadsService(deps: ServiceDeps) {
  const uploadsDir = uploadsDirectory(deps.config.dataDir);
  const placeholders = createPlaceholderCache();

  return {
    /**
     * Checks, cleans and stores an image as WebP files named
     * `/uploads/<yyyy>/<mm>/<random-id>-<width>.webp`; the random id makes names
     * unguessable and lets them be cached for ever.
     */
    async saveImage(
      file: { buffer: Buffer },
      options: { maxBytes: number; kind?: keyof typeof IMAGE_LIMITS_MB },
    ): Promise<SavedImage> {
      if (file.buffer.length === 0) throw AppError.badRequest(MESSAGES.noImage);
      if (file.buffer.length > options.maxBytes) {
        throw AppError.tooLarge(MESSAGES.tooLarge(megabytes(options.maxBytes)));
      }
      const { variants, shareImages: previews } = await encodeUpload(
        file.buffer,
        SHARE_SHAPES_BY_KIND[options.kind ?? "default"],
      );

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
      const url = stored[stored.length - 1].url;
      // The link-preview JPEGs sit beside the WebP widths: '<id>-1600-og-wide.jpg'.
      await Promise.all(
        previews.map(({ shape, data }) =>
          writeFile(join(uploadsDir, folder, basename(shareImagePath(url, shape)!)), data, {
            flag: "wx",
          }),
        ),
      );
      return { url, variants: stored };
    },

    /**
     * The grey WebP placeholder of a size the product uses (rendered once, in the image
     * queue, then kept), or for any other size the nearest such size to send the client to.
     */
    async placeholder(
      width: number,
      height: number,
    ): Promise<{ image: Buffer } | { nearest: PlaceholderSize }> {
      for (const side of [width, height]) {
        if (parsePlaceholderSide(String(side)) === null) {
          throw AppError.badRequest(PLACEHOLDER_SIZE_MESSAGE);
        }
      }
      if (!isPlaceholderSize(width, height)) {
        return { nearest: nearestPlaceholderSize(width, height) };
      }
      return { image: await placeholders.get(width, height) };
    },
  };
}

export const PLACEHOLDER_SIZE_MESSAGE =
  "Tamaño inválido: el ancho y el alto deben ser números enteros de 1 a 2000";

/** 5242880 → 5, 1572864 → 1.5: the limit as people read it. */
function megabytes(bytes: number): number {
  return Math.round((bytes / BYTES_PER_MB) * 10) / 10;
}

/**
 * Makes a missing preview JPEG ('/uploads/…-og-wide.jpg') from its WebP on its first request
 * (pictures uploaded before previews were made at upload time), each once: concurrent
 * requests share the work, and the file appears whole (written aside, then renamed).
 * `get` answers null when the path names no preview or its WebP is missing.
 */
export function createShareImageMaker(uploadsDir: string) {
  const inFlight = new Map<string, Promise<Buffer | null>>();

  async function make(path: string): Promise<Buffer | null> {
    const parsed = parseShareImagePath(path);
    if (!parsed) return null;
    const target = join(uploadsDir, path.slice("/uploads/".length));
    const existing = await readFile(target).catch(() => null);
    if (existing) return existing;
    const source = await readFile(join(uploadsDir, parsed.source.slice("/uploads/".length))).catch(
      () => null,
    );
    if (!source) return null;
    const data = await encodeShareImage(source, parsed.shape);
    const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await writeFile(temporary, data, { flag: "wx" });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return data;
  }

  return {
    get(path: string): Promise<Buffer | null> {
      const pending = inFlight.get(path);
      if (pending) return pending;
      const made = make(path).finally(() => inFlight.delete(path));
      inFlight.set(path, made);
      return made;
    },
  };
}
