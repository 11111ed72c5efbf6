import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "../../db/client";
import { BackupError } from "./backup-error";
import { baseManifest, type BackupManifest, type DatabaseManifest } from "./backup-manifest";
import { migrationCount } from "./postgres-tools";
import { readEntry, type TarEntry, type TarWriter } from "./tar";

// PostgreSQL without a usable pg_dump: database/tables.json (table order, columns,
// sequences) and one JSON row per line for each table, read through the driver and written
// back the same way.

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
export async function dumpLogical(
  tar: TarWriter,
  client: pg.ClientBase,
  work: string,
): Promise<DatabaseManifest> {
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

/**
 * The schema comes from this checkout's migrations (so they must be the backup's), then every
 * table's rows in one transaction with triggers and foreign keys switched off while loading
 * (session_replication_role: needs a superuser or the database owner on PostgreSQL 15+ with
 * that privilege), then the sequences where they were.
 */
export async function restoreLogical(
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
