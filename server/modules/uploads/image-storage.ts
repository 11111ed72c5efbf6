import { extname } from "node:path";
import type { Readable } from "node:stream";

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

/** '/uploads/2026/11/x.webp' → '2026/11/x.webp'; null for any other address. */
export function keyOfUploadUrl(url: string): string | null {
  if (!url.startsWith("/uploads/")) return null;
  const key = url.slice("/uploads/".length);
  return isStorageKey(key) ? key : null;
}
