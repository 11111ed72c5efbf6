import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { seedDemoCatalogue } from "../demo/seed";
import { uploadsDirectory } from "../modules/uploads/uploads.service";
import { createBackup, restoreBackup, type Installation } from "./backup";
import { readManifest } from "./backup-manifest";

const onPostgres = process.env.TEST_DB === "postgres";
type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Every table's rows, ordered by primary key, as JSON text. */
async function snapshot(query: Query): Promise<Record<string, string[]>> {
  const tables = await query(`
    select format('%I.%I', n.nspname, c.relname) as name,
           (select string_agg(format('%I', a.attname), ', ' order by k.i)
              from pg_index x cross join lateral unnest(x.indkey) with ordinality k(attnum, i)
              join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
             where x.indrelid = c.oid and x.indisprimary) as pk
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname in ('public', 'drizzle')
     order by 1`);
  const result: Record<string, string[]> = {};
  for (const { name, pk } of tables as { name: string; pk: string | null }[]) {
    const rows = await query(
      `select to_jsonb(t)::text as row from ${name} t order by ${pk ?? "1"}`,
    );
    result[name] = rows.map((r) => r.row as string);
  }
  return result;
}

async function filesUnder(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = join(e.parentPath, e.name);
    out[relative(dir, full)] = (await readFile(full)).toString("base64");
  }
  return out;
}

let work: string;
const databases: string[] = [];
const serverUrl = process.env.TEST_DATABASE_URL;

async function newPostgresDatabase(): Promise<string> {
  const name = `tiangue_backup_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function newInstallation(): Promise<Installation> {
  const dataDir = await mkdtemp(join(work, "data-"));
  return onPostgres ? { databaseUrl: await newPostgresDatabase(), dataDir } : { dataDir };
}

async function snapshotOf(target: Installation) {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      return await snapshot(async (text) => (await client.query(text)).rows);
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const db = await PGlite.create(join(target.dataDir, "pgdata"), {
    extensions: { pg_trgm, unaccent },
  });
  try {
    return await snapshot(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
  } finally {
    await db.close();
  }
}

let source: Installation;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "tiangue-backup-test-"));
  source = await newInstallation();
  const handle = await openDatabase({ url: source.databaseUrl, dataDir: source.dataDir });
  try {
    const seeded = await seedDemoCatalogue(handle.db, {
      uploadsDir: uploadsDirectory(source.dataDir),
    });
    expect(seeded).not.toBeNull();
  } finally {
    await handle.close();
  }
  // A file beside the demo pictures, like a merchant's own upload.
  await writeFile(join(uploadsDirectory(source.dataDir), "extra-subida.bin"), randomBytes(1000));
}, 240_000);

afterAll(async () => {
  if (onPostgres && databases.length > 0) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  await rm(work, { recursive: true, force: true });
});

const kinds = onPostgres ? (["pg_dump", "logical"] as const) : (["pglite"] as const);

describe.each(kinds)("backup and restore (%s)", (kind) => {
  it("restores a catalogue with orders elsewhere, every table and image equal", async () => {
    const file = join(work, `backup-${kind}.tar`);
    const manifest = await createBackup(file, source, { logical: kind === "logical" });
    expect(manifest.database).toBe(kind);
    expect(manifest.migrations).toBeGreaterThan(5);
    expect(manifest.uploads).toBeGreaterThan(10);
    expect((await readManifest(file)).manifest).toEqual(manifest);

    const target = await newInstallation();
    await restoreBackup(file, target);

    const before = await snapshotOf(source);
    const after = await snapshotOf(target);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(before['"public"."orders"'] ?? before["public.orders"]).toHaveLength(12);
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    expect(await filesUnder(uploadsDirectory(target.dataDir))).toEqual(
      await filesUnder(uploadsDirectory(source.dataDir)),
    );

    // The restored installation opens (migrations find nothing left to apply).
    const handle = await openDatabase({ url: target.databaseUrl, dataDir: target.dataDir });
    await handle.close();

    // Restoring again into the now non-empty installation refuses, touching nothing.
    const images = join(uploadsDirectory(target.dataDir));
    await rm(images, { recursive: true });
    await expect(restoreBackup(file, target)).rejects.toThrow(/no está vacía|ya tiene una base/);
    expect(await snapshotOf(target)).toEqual(before);
  }, 240_000);

  it("refuses a target whose uploads folder has files", async () => {
    const file = join(work, `backup-${kind}.tar`);
    const target = await newInstallation();
    await writeFile(join(target.dataDir, "x"), "");
    const uploads = uploadsDirectory(target.dataDir);
    await import("node:fs/promises").then((fs) => fs.mkdir(uploads, { recursive: true }));
    await writeFile(join(uploads, "foto.webp"), "x");
    await expect(restoreBackup(file, target)).rejects.toThrow(
      /carpeta de imágenes .* no está vacía/,
    );
  });

  it("refuses to overwrite an existing backup file", async () => {
    const file = join(work, `backup-${kind}.tar`);
    await expect(createBackup(file, source)).rejects.toThrow(/ya existe/);
  });
});
