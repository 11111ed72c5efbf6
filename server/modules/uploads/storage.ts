import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, extname, join, relative, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import type { Config } from "../../env";

/**
 * Where uploaded images live (issue 13, docs/decisions/0014-object-storage.md): the
 * folder DATA_DIR/uploads (one machine) or an S3-compatible bucket (S3_*: every machine
 * sees the same images). Keys are the path after '/uploads/': '2026/11/<id>-1600.webp',
 * 'demo/banner-<slug>-1200.webp'. Every picture the product stores (the WebP widths, the
 * link-preview JPEGs, the demo catalogue's pictures) goes through this interface; the grey
 * placeholders are drawn in memory and never stored.
 */
export interface ImageStorage {
  readonly kind: "local" | "s3";
  /** For the start-up log: the folder, or the endpoint and bucket. */
  readonly location: string;
  /** Writes (or replaces) an object whole: a reader never sees half of it. */
  put(key: string, data: Buffer): Promise<void>;
  /** The object's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** The object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /**
   * The object as a stream with what an HTTP answer needs; "not-modified" when its ETag is
   * `ifNoneMatch`; null when there is none.
   */
  open(key: string, ifNoneMatch?: string): Promise<OpenedObject | "not-modified" | null>;
  /** Removes these objects; missing ones are no error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every object whose key starts with `prefix` (all when empty), in no set order. */
  list(prefix?: string): AsyncIterable<{ key: string; size: number }>;
}

export interface OpenedObject {
  body: Readable;
  contentType: string;
  contentLength?: number;
  etag?: string;
  lastModified?: Date;
}

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

/** The type an object is stored and served with, from its name. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[extname(key).toLowerCase()] ?? "application/octet-stream";
}

/** Names are random or ours: once stored, an object never changes (cached a year). */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

// Plain path segments only: no '..', no dotfiles, no empty segment, nothing to escape.
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Whether `key` is a name this storage may hold (the serving route refuses any other). */
export function isStorageKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.split("/").some((s) => s.includes(".."));
}

function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Nombre de imagen inválido: ${JSON.stringify(key)}`);
  return key;
}

/** '/uploads/2026/11/x.webp' → '2026/11/x.webp'; null for any other address. */
export function keyOfUploadUrl(url: string): string | null {
  if (!url.startsWith("/uploads/")) return null;
  const key = url.slice("/uploads/".length);
  return isStorageKey(key) ? key : null;
}

/** Where uploads live on disk: `${DATA_DIR}/uploads`, served at /uploads/ by uploadsStatic. */
export function uploadsDirectory(dataDir: string): string {
  return resolve(dataDir, "uploads");
}

/** The S3 bucket when S3_* is configured, else DATA_DIR/uploads. */
export async function createImageStorage(config: Config): Promise<ImageStorage> {
  if (!config.objectStorage) return createLocalStorage(uploadsDirectory(config.dataDir));
  // Loaded only when configured: the SDK is large and most installations never need it.
  const { createS3Storage } = await import("./s3-storage");
  return createS3Storage(config.objectStorage);
}

const isMissing = (error: unknown) =>
  ["ENOENT", "ENOTDIR"].includes((error as { code?: string }).code ?? "");

/** Files under one folder (DATA_DIR/uploads). */
export function createLocalStorage(root: string): ImageStorage {
  const pathOf = (key: string) => join(root, ...checkKey(key).split("/"));

  return {
    kind: "local",
    location: root,

    async put(key, data) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // Written aside, then renamed: a concurrent reader sees the old file or the new one.
      const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temporary, data, { flag: "wx" });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async read(key) {
      return readFile(pathOf(key)).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
    },

    async size(key) {
      const info = await stat(pathOf(key)).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      return info?.isFile() ? info.size : null;
    },

    async open(key, ifNoneMatch) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      const etag = `"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`;
      if (ifNoneMatch === etag) return "not-modified";
      return {
        body: createReadStream(path),
        contentType: contentTypeOf(key),
        contentLength: info.size,
        etag,
        lastModified: info.mtime,
      };
    },

    async delete(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },

    async *list(prefix = "") {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = join(entry.parentPath, entry.name);
        const key = relative(root, full).split(sep).join("/");
        // Half-written files (.tmp) and anything not named like an upload are left alone.
        if (!key.startsWith(prefix) || !isStorageKey(key) || key.endsWith(".tmp")) continue;
        const info = await stat(full).catch(() => null);
        if (info) yield { key, size: info.size };
      }
    },
  };
}
