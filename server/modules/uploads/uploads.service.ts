import { randomBytes } from "node:crypto";
import type { IMAGE_LIMITS_MB } from "../../../shared/limits";
import {
  parseShareImagePath,
  shareImagePath,
  type ShareImageShape,
} from "../../../shared/share-image";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { encodeShareImage, encodeUpload, MESSAGES } from "./images";
import {
  createPlaceholderCache,
  isPlaceholderSize,
  nearestPlaceholderSize,
  parsePlaceholderSide,
  type PlaceholderSize,
} from "./placeholder";
import { keyOfUploadUrl, type ImageStorage } from "./image-storage";
import { createImageStorage } from "./storage";

export { uploadsDirectory } from "./storage";

export const BYTES_PER_MB = 1024 * 1024;

export interface SavedImage {
  /** The largest width: what gets stored in imageUrl / logoUrl / images ('/uploads/…'). */
  url: string;
  /** Every stored width, smallest first, for `srcset`. */
  variants: { width: number; url: string; publicUrl?: string }[];
  /**
   * With S3_PUBLIC_URL, where browsers read the largest width straight from the CDN; the
   * stored address stays `url`, which then answers a permanent redirect there.
   */
  publicUrl?: string;
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

/** Needs only the configuration: scripts and tests build it without a database. */
export function createUploadsService(deps: Pick<ServiceDeps, "config">) {
  const placeholders = createPlaceholderCache();
  let opened: Promise<ImageStorage> | undefined;
  /** DATA_DIR/uploads or the S3 bucket (server/env.ts), made on first use. */
  const storage = () => (opened ??= createImageStorage(deps.config));
  const publicBase = deps.config.objectStorage?.publicUrl;
  const publicUrlOf = (url: string) =>
    publicBase ? `${publicBase}/${url.slice("/uploads/".length)}` : undefined;

  return {
    storage,

    /** The CDN address of a stored '/uploads/…' address (S3_PUBLIC_URL), if there is one. */
    publicUrlOf,

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
      const store = await storage();
      const stored = await Promise.all(
        variants.map(async ({ width, data }) => {
          const key = `${folder}/${id}-${width}.webp`;
          await store.put(key, data);
          const url = `/uploads/${key}`;
          return { width, url, ...(publicBase ? { publicUrl: publicUrlOf(url) } : {}) };
        }),
      );
      const url = stored[stored.length - 1].url;
      // The link-preview JPEGs sit beside the WebP widths: '<id>-1600-og-wide.jpg'.
      await Promise.all(
        previews.map(({ shape, data }) =>
          store.put(keyOfUploadUrl(shareImagePath(url, shape)!)!, data),
        ),
      );
      return { url, variants: stored, ...(publicBase ? { publicUrl: publicUrlOf(url) } : {}) };
    },

    /**
     * Removes a stored picture: every width and link-preview JPEG of the '/uploads/…'
     * address of any of its widths. Returns how many objects went; 0 for any other address.
     */
    async deleteImage(url: string): Promise<number> {
      const key = keyOfUploadUrl(url);
      const match = key && /^(.+-)\d+\.webp$/.exec(key);
      if (!match) return 0;
      const prefix = match[1];
      const own = /^\d+(?:\.webp|-og-(?:wide|logo|square)\.jpg)$/;
      const store = await storage();
      const keys: string[] = [];
      for await (const object of store.list(prefix)) {
        if (own.test(object.key.slice(prefix.length))) keys.push(object.key);
      }
      await store.delete(keys);
      return keys.length;
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
 * requests share the work, and the object appears whole (ImageStorage.put).
 * `get` answers null when the path names no preview or its WebP is missing.
 */
export function createShareImageMaker(storage: ImageStorage) {
  const inFlight = new Map<string, Promise<Buffer | null>>();

  async function make(path: string): Promise<Buffer | null> {
    const parsed = parseShareImagePath(path);
    const target = keyOfUploadUrl(path);
    const sourceKey = parsed && keyOfUploadUrl(parsed.source);
    if (!parsed || !target || !sourceKey) return null;
    const existing = await storage.read(target);
    if (existing) return existing;
    const source = await storage.read(sourceKey);
    if (!source) return null;
    const data = await encodeShareImage(source, parsed.shape);
    await storage.put(target, data);
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
