/**
 * Backups and restores of a whole Tiangue installation (issue 13, docs/deploy.md):
 * the database plus the uploaded images kept in DATA_DIR/uploads, in one ustar file:
 *
 *   manifest.json            { format, version, createdAt, database, migrations, uploads }
 *   database.pgdump          PostgreSQL, `pg_dump --format=custom` (database: "pg_dump")
 *   database/tables.json     PostgreSQL without a usable pg_dump: table order, columns, sequences
 *   database/<n>.jsonl       … and one JSON row per line for each table (database: "logical")
 *   pgdata.tar               embedded PGlite, its data directory (database: "pglite")
 *   uploads/<path>           every file under DATA_DIR/uploads (none when the images live in
 *                            an S3 bucket: manifest.imagesInBucket names it)
 *
 * A restore only writes into an empty database and an empty DATA_DIR/uploads (and, embedded,
 * an empty DATA_DIR/pgdata): it never merges into or overwrites a running marketplace.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { uploadsDirectory } from "../modules/uploads/uploads.service";
import { BackupError } from "./backup-error";
import { type BackupManifest, type DatabaseManifest, readManifest } from "./backup-manifest";
import { dumpEmbedded, restoreEmbedded } from "./embedded-backup";
import { isEmptyDir } from "./is-empty-dir";
import { restoreLogical } from "./logical-dump";
import { dumpPostgres, refuseNonEmptyPostgres, restorePgDump } from "./postgres-backup";
import { extractEntry, TarWriter, type TarEntry } from "./tar";

// The parts: manifest.json (backup-manifest.ts), PostgreSQL (postgres-backup.ts, by pg_dump,
// or logical-dump.ts through the driver), the embedded database (embedded-backup.ts); the
// uploads are here.

export interface Installation {
  /** PostgreSQL when set; otherwise the embedded database in dataDir/pgdata. */
  databaseUrl?: string;
  dataDir: string;
  /** The images' bucket (endpoint/bucket) when S3_* is configured: they are left out. */
  imagesInBucket?: string;
}

// ---------------------------------------------------------------------------------------------
// Backup

export async function createBackup(
  file: string,
  target: Installation,
  options: { logical?: boolean } = {},
): Promise<BackupManifest> {
  const path = resolve(file);
  if (existsSync(path)) throw new BackupError(`El archivo ${path} ya existe; elija otro nombre.`);
  const work = await mkdtemp(join(tmpdir(), "tiangue-backup-"));
  const partial = `${path}.partial`;
  await rm(partial, { force: true });
  try {
    const tar = await TarWriter.create(partial);
    let manifest: DatabaseManifest;
    try {
      // The database first: it is the part that must be consistent; images are only added.
      manifest = target.databaseUrl
        ? await dumpPostgres(tar, target.databaseUrl, work, options.logical === true)
        : await dumpEmbedded(tar, target.dataDir, work);
      const bucket = target.imagesInBucket;
      const uploads = bucket ? 0 : await addUploads(tar, uploadsDirectory(target.dataDir));
      const full: BackupManifest = {
        ...manifest,
        uploads,
        ...(bucket && { imagesInBucket: bucket }),
      };
      await tar.addBuffer("manifest.json", Buffer.from(JSON.stringify(full, null, 2) + "\n"));
      await tar.close();
      await rename(partial, path);
      return full;
    } catch (error) {
      await tar.close().catch(() => {});
      throw error;
    }
  } finally {
    await rm(partial, { force: true });
    await rm(work, { recursive: true, force: true });
  }
}

async function addUploads(tar: TarWriter, dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  let count = 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries.sort((a, b) =>
    join(a.parentPath, a.name).localeCompare(join(b.parentPath, b.name)),
  )) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    await tar.addFile(`uploads/${relative(dir, full).split(sep).join("/")}`, full);
    count++;
  }
  return count;
}

// ---------------------------------------------------------------------------------------------
// Restore

export async function restoreBackup(file: string, target: Installation): Promise<BackupManifest> {
  const path = resolve(file);
  const { manifest, entries } = await readManifest(path);
  const uploadsDir = uploadsDirectory(target.dataDir);
  if (!(await isEmptyDir(uploadsDir))) {
    throw new BackupError(
      `La carpeta de imágenes ${uploadsDir} no está vacía: restaure en una instalación nueva ` +
        "(o mueva esa carpeta a otro lugar antes).",
    );
  }
  const entry = (name: string) => {
    const found = entries.find((e) => e.name === name);
    if (!found) throw new BackupError(`El respaldo está incompleto: falta ${name}.`);
    return found;
  };

  if (manifest.database === "pglite") {
    if (target.databaseUrl) {
      throw new BackupError(
        "Este respaldo es de la base embebida (PGlite): restáurelo sin DATABASE_URL, en DATA_DIR.",
      );
    }
    await restoreEmbedded(path, entry("pgdata.tar"), target.dataDir);
  } else {
    if (!target.databaseUrl) {
      throw new BackupError(
        "Este respaldo es de PostgreSQL: defina DATABASE_URL con una base de datos vacía.",
      );
    }
    await refuseNonEmptyPostgres(target.databaseUrl);
    if (manifest.database === "pg_dump") {
      await restorePgDump(path, entry("database.pgdump"), target.databaseUrl);
    } else {
      await restoreLogical(
        path,
        entries,
        entry("database/tables.json"),
        target.databaseUrl,
        manifest,
      );
    }
  }
  await restoreUploads(path, entries, uploadsDir);
  return manifest;
}

async function restoreUploads(archive: string, entries: TarEntry[], uploadsDir: string) {
  for (const entry of entries) {
    if (!entry.name.startsWith("uploads/")) continue;
    const to = resolve(uploadsDir, entry.name.slice("uploads/".length));
    // Names come from a file someone may have edited: never write outside the uploads folder.
    if (!to.startsWith(uploadsDir + sep)) {
      throw new BackupError(`Nombre de archivo no válido en el respaldo: ${entry.name}`);
    }
    await mkdir(dirname(to), { recursive: true, mode: 0o700 });
    await extractEntry(archive, entry, to);
  }
}
