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
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import pg from "pg";
import { openDatabase } from "../../db/client";
import { lockDataDir } from "../../db/data-dir-lock";
import { uploadsDirectory } from "../modules/uploads/uploads.service";
import { extractEntry, listTar, readEntry, TarWriter, type TarEntry } from "./tar";

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

export interface Installation {
  /** PostgreSQL when set; otherwise the embedded database in dataDir/pgdata. */
  databaseUrl?: string;
  dataDir: string;
  /** The images' bucket (endpoint/bucket) when S3_* is configured: they are left out. */
  imagesInBucket?: string;
}

/** Errors meant for the operator at the terminal: printed without a stack trace. */
export class BackupError extends Error {}

const PGDATA = "pgdata";

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
    let manifest: Omit<BackupManifest, "uploads">;
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

function baseManifest(database: DatabaseDumpKind, migrations: number) {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    database,
    migrations,
  } as const;
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

/** pg tools take the password from PGPASSWORD, so it never shows in the process list. */
function connectionForTools(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

/** The major version of a PostgreSQL client program on PATH, or null when there is none. */
export function toolMajorVersion(program: "pg_dump" | "pg_restore"): number | null {
  const result = spawnSync(program, ["--version"], { encoding: "utf8" });
  if (result.error || result.status !== 0) return null;
  const match = /\b(\d+)(?:\.\d+)?/.exec(result.stdout.replace(/^[^)]*\)/, ""));
  return match ? Number(match[1]) : null;
}

function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(program, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolvePromise()
        : reject(new BackupError(`${program} terminó con código ${code}:\n${stderr.trim()}`)),
    );
  });
}

async function migrationCount(client: pg.ClientBase): Promise<number> {
  const exists = await client.query<{ t: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as t",
  );
  if (!exists.rows[0].t) return 0;
  const result = await client.query<{ n: number }>(
    "select count(*)::int as n from drizzle.__drizzle_migrations",
  );
  return result.rows[0].n;
}

async function dumpPostgres(
  tar: TarWriter,
  url: string,
  work: string,
  forceLogical: boolean,
): Promise<Omit<BackupManifest, "uploads">> {
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

interface TableDump {
  /** Schema-qualified and quoted, ready for SQL. */
  table: string;
  columns: string[];
  file: string;
  rows: number;
}

interface LogicalIndex {
  tables: TableDump[];
  sequences: { sequence: string; lastValue: string | null }[];
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table of the public schema (and the migrations journal) with its stored columns. */
async function tablesOf(client: pg.ClientBase): Promise<Omit<TableDump, "file" | "rows">[]> {
  const result = await client.query<{ schema: string; name: string; columns: string[] }>(`
    select n.nspname as schema, c.relname as name,
           array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                         and a.attgenerated = ''
     where c.relkind = 'r' and (n.nspname = 'public' or (n.nspname = 'drizzle'))
     group by n.nspname, c.relname
     order by n.nspname, c.relname`);
  return result.rows.map((row) => ({
    table: `${quoteIdent(row.schema)}.${quoteIdent(row.name)}`,
    columns: row.columns,
  }));
}

/** Rows of every table read in one REPEATABLE READ snapshot, a cursor at a time. */
async function dumpLogical(
  tar: TarWriter,
  client: pg.ClientBase,
  work: string,
): Promise<Omit<BackupManifest, "uploads">> {
  await client.query("begin isolation level repeatable read read only");
  try {
    const migrations = await migrationCount(client);
    const index: LogicalIndex = { tables: [], sequences: [] };
    const tables = await tablesOf(client);
    for (const [i, table] of tables.entries()) {
      const file = `database/${i}.jsonl`;
      const local = join(work, `${i}.jsonl`);
      const columns = table.columns.map(quoteIdent).join(", ");
      await client.query(
        `declare dump_rows no scroll cursor for select row_to_json(t)::text as line from (select ${columns} from ${table.table}) t`,
      );
      let rows = 0;
      await writeFile(local, "");
      for (;;) {
        const batch = await client.query<{ line: string }>("fetch 2000 from dump_rows");
        if (batch.rows.length === 0) break;
        await writeFile(local, batch.rows.map((r) => r.line + "\n").join(""), { flag: "a" });
        rows += batch.rows.length;
      }
      await client.query("close dump_rows");
      await tar.addFile(file, local);
      index.tables.push({ ...table, file, rows });
    }
    const sequences = await client.query<{ sequence: string; last_value: string | null }>(`
      select format('%I.%I', schemaname, sequencename) as sequence, last_value::text
        from pg_sequences where schemaname in ('public', 'drizzle')`);
    index.sequences = sequences.rows.map((s) => ({
      sequence: s.sequence,
      lastValue: s.last_value,
    }));
    await tar.addBuffer("database/tables.json", Buffer.from(JSON.stringify(index, null, 2)));
    await client.query("commit");
    return baseManifest("logical", migrations);
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  }
}

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
async function dumpEmbedded(
  tar: TarWriter,
  dataDir: string,
  work: string,
): Promise<Omit<BackupManifest, "uploads">> {
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

// ---------------------------------------------------------------------------------------------
// Restore

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

async function isEmptyDir(dir: string): Promise<boolean> {
  return !existsSync(dir) || (await readdir(dir)).length === 0;
}

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

async function refuseNonEmptyPostgres(url: string) {
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

async function restorePgDump(archive: string, entry: TarEntry, url: string) {
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

/**
 * The schema comes from this checkout's migrations (so they must be the backup's), then every
 * table's rows in one transaction with triggers and foreign keys switched off while loading
 * (session_replication_role: needs a superuser or the database owner on PostgreSQL 15+ with
 * that privilege), then the sequences where they were.
 */
async function restoreLogical(
  archive: string,
  entries: TarEntry[],
  indexEntry: TarEntry,
  url: string,
  manifest: BackupManifest,
) {
  const index = JSON.parse((await readEntry(archive, indexEntry)).toString("utf8")) as LogicalIndex;
  const handle = await openDatabase({ url, poolSize: 1 });
  await handle.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const migrations = await migrationCount(client);
    if (migrations !== manifest.migrations) {
      throw new BackupError(
        `El respaldo tiene ${manifest.migrations} migraciones y esta versión de Tiangue ${migrations}: ` +
          "restáurelo con la versión que lo creó y actualice después.",
      );
    }
    await client.query("begin");
    await client.query("set local session_replication_role = replica");
    for (const table of index.tables) {
      await client.query(`delete from ${table.table}`);
      const dataEntry = entries.find((e) => e.name === table.file);
      if (!dataEntry) throw new BackupError(`El respaldo está incompleto: falta ${table.file}.`);
      const lines = (await readEntry(archive, dataEntry)).toString("utf8").split("\n");
      const columns = table.columns.map(quoteIdent).join(", ");
      for (let i = 0; i < lines.length; i += 1000) {
        const batch = lines.slice(i, i + 1000).filter(Boolean);
        if (batch.length === 0) continue;
        await client.query(
          `insert into ${table.table} (${columns}) overriding system value
           select ${columns} from json_populate_recordset(null::${table.table}, $1::json)`,
          [`[${batch.join(",")}]`],
        );
      }
    }
    for (const { sequence, lastValue } of index.sequences) {
      if (lastValue !== null) {
        await client.query("select setval($1::regclass, $2::bigint, true)", [sequence, lastValue]);
      }
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

async function restoreEmbedded(archive: string, entry: TarEntry, dataDir: string) {
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
