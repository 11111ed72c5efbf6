import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { BackupError } from "./backup-error";
import { baseManifest, type DatabaseManifest } from "./backup-manifest";
import { dumpLogical } from "./logical-dump";
import { connectionForTools, migrationCount, run, toolMajorVersion } from "./postgres-tools";
import { extractEntry, type TarEntry, type TarWriter } from "./tar";

// PostgreSQL (DATABASE_URL): `pg_dump --format=custom` when a new enough one is installed,
// else the logical dump; restored only into an empty database.

export async function dumpPostgres(
  tar: TarWriter,
  url: string,
  work: string,
  forceLogical: boolean,
): Promise<DatabaseManifest> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const serverMajor = Math.floor(
      Number(
        (await client.query<{ v: string }>("select current_setting('server_version_num') as v"))
          .rows[0].v,
      ) / 10000,
    );
    const dumpMajor = forceLogical ? null : toolMajorVersion("pg_dump");
    // pg_dump refuses servers newer than itself; an older server is fine.
    if (dumpMajor !== null && dumpMajor >= serverMajor) {
      const migrations = await migrationCount(client);
      const out = join(work, "database.pgdump");
      const { dbname, env } = connectionForTools(url);
      // pg_dump takes its own snapshot: the dump is consistent by itself.
      await run(
        "pg_dump",
        ["--format=custom", "--no-owner", "--no-privileges", `--file=${out}`, `--dbname=${dbname}`],
        env,
      );
      await tar.addFile("database.pgdump", out);
      return baseManifest("pg_dump", migrations);
    }
    if (!forceLogical) {
      console.warn(
        dumpMajor === null
          ? "pg_dump no está instalado: se hace un volcado lógico a través del controlador."
          : `pg_dump ${dumpMajor} es más antiguo que el servidor (${serverMajor}): se hace un volcado lógico.`,
      );
    }
    return await dumpLogical(tar, client, work);
  } finally {
    await client.end();
  }
}

/** The restore only writes into an empty database. */
export async function refuseNonEmptyPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(`
      select count(*)::int as n
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'S')
         and n.nspname not in ('pg_catalog', 'information_schema')
         and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`);
    if (result.rows[0].n > 0) {
      const where = new URL(url);
      throw new BackupError(
        `La base de datos ${where.pathname.slice(1)} no está vacía (${result.rows[0].n} tablas, vistas o secuencias): ` +
          "la restauración solo escribe en una base de datos vacía (createdb una nueva).",
      );
    }
  } finally {
    await client.end();
  }
}

export async function restorePgDump(archive: string, entry: TarEntry, url: string) {
  const work = await mkdtemp(join(tmpdir(), "tiangue-restore-"));
  try {
    const local = join(work, "database.pgdump");
    await extractEntry(archive, entry, local);
    if (toolMajorVersion("pg_restore") === null) {
      throw new BackupError(
        "Este respaldo se hizo con pg_dump: instale pg_restore para restaurarlo.",
      );
    }
    const { dbname, env } = connectionForTools(url);
    await run(
      "pg_restore",
      [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
        `--dbname=${dbname}`,
        local,
      ],
      env,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
