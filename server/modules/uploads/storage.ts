import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import type { Config } from "../../env";
import { contentTypeOf, isStorageKey, type ImageStorage } from "./image-storage";

// The storages of image-storage.ts's interface: DATA_DIR/uploads, or the S3 bucket.

function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Nombre de imagen inválido: ${JSON.stringify(key)}`);
  return key;
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
