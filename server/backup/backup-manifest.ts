import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { BackupError } from "./backup-error";
import { listTar, readEntry, type TarEntry } from "./tar";

// manifest.json, the backup's first answer: what it holds and how its database was dumped.

export const BACKUP_FORMAT = "tiangue-backup";
export const BACKUP_VERSION = 1;

export type DatabaseDumpKind = "pg_dump" | "logical" | "pglite";

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: DatabaseDumpKind;
  /** Migrations applied to the backed-up database (drizzle.__drizzle_migrations rows). */
  migrations: number;
  uploads: number;
  /**
   * Set when the images live in an S3 bucket (S3_*, issue 13): its endpoint and name. The
   * backup then holds none of them; the bucket is backed up by its provider (docs/deploy.md).
   */
  imagesInBucket?: string;
}

/** What a database dump writes of the manifest (the uploads are counted after it). */
export type DatabaseManifest = Omit<BackupManifest, "uploads">;

export function baseManifest(database: DatabaseDumpKind, migrations: number) {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    database,
    migrations,
  } as const;
}

export async function readManifest(file: string): Promise<{
  manifest: BackupManifest;
  entries: TarEntry[];
}> {
  const path = resolve(file);
  if (!existsSync(path)) throw new BackupError(`No existe el archivo ${path}.`);
  const entries = await listTar(path);
  const entry = entries.find((e) => e.name === "manifest.json");
  if (!entry) throw new BackupError(`${path} no es un respaldo de Tiangue (falta manifest.json).`);
  const manifest = JSON.parse((await readEntry(path, entry)).toString("utf8")) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version > BACKUP_VERSION) {
    throw new BackupError(
      `${path} no es un respaldo que esta versión de Tiangue sepa leer (formato ${manifest.format} ${manifest.version}).`,
    );
  }
  return { manifest, entries };
}
