import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { lockDataDir } from "../../db/data-dir-lock";
import { BackupError } from "./backup-error";
import { baseManifest, type DatabaseManifest } from "./backup-manifest";
import { isEmptyDir } from "./is-empty-dir";
import { readEntry, type TarEntry, type TarWriter } from "./tar";

// The embedded database (PGlite): its data directory DATA_DIR/pgdata as pgdata.tar.

const PGDATA = "pgdata";

async function openEmbedded(dataDir: string, loadDataDir?: Blob) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const path = resolve(dataDir, PGDATA);
  await mkdir(path, { recursive: true, mode: 0o700 });
  return PGlite.create(path, { extensions: { pg_trgm, unaccent }, loadDataDir });
}

/**
 * The embedded database belongs to one process (db/data-dir-lock.ts): the backup takes the
 * same lock, so it runs while the server is stopped, and says so when it is not.
 */
export async function dumpEmbedded(
  tar: TarWriter,
  dataDir: string,
  work: string,
): Promise<DatabaseManifest> {
  if (!existsSync(resolve(dataDir, PGDATA, "PG_VERSION"))) {
    throw new BackupError(`No hay base de datos embebida en ${resolve(dataDir, PGDATA)}.`);
  }
  const release = lockDataDir(dataDir);
  try {
    const db = await openEmbedded(dataDir);
    try {
      const journal = await db.query<{ t: string | null }>(
        "select to_regclass('drizzle.__drizzle_migrations')::text as t",
      );
      const migrations = journal.rows[0].t
        ? (
            await db.query<{ n: number }>(
              "select count(*)::int as n from drizzle.__drizzle_migrations",
            )
          ).rows[0].n
        : 0;
      const dump = await db.dumpDataDir("none");
      const local = join(work, "pgdata.tar");
      await writeFile(local, Buffer.from(await dump.arrayBuffer()));
      await tar.addFile("pgdata.tar", local);
      return baseManifest("pglite", migrations);
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

export async function restoreEmbedded(archive: string, entry: TarEntry, dataDir: string) {
  const pgdata = resolve(dataDir, PGDATA);
  if (!(await isEmptyDir(pgdata))) {
    throw new BackupError(
      `La carpeta ${pgdata} ya tiene una base de datos: la restauración solo escribe en una ` +
        "carpeta de datos vacía (use otro DATA_DIR, o mueva esa carpeta a otro lugar antes).",
    );
  }
  const release = lockDataDir(dataDir);
  try {
    const dump = new Blob([new Uint8Array(await readEntry(archive, entry))]);
    const db = await openEmbedded(dataDir, dump);
    await db.close();
  } finally {
    release();
  }
}
