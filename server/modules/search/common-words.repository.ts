import { sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { tsQuery } from "./search.repository";

// Issue 13's common words: the lexemes in a large share of the rows, from PostgreSQL's
// statistics, and how common a query's words are.

/** A table's lexemes in at least some share of its rows, from PostgreSQL's statistics. */
export interface CommonLexemes {
  lexemes: string[];
  /** The share of rows holding each lexeme (0 to 1). */
  shares: number[];
  /** The table's estimated rows (pg_class.reltuples). */
  rows: number;
}

/**
 * The lexemes of the products' and merchants' `search` columns held by at least `minShare`
 * of the rows (ANALYZE's most common elements; none before the first ANALYZE), and the
 * tables' estimated rows. Issue 13: a word in most products ('salvador') must not make a
 * search read and rank every row. The service keeps this a few minutes: the pg_stats view
 * costs more to plan than to read.
 */
export async function commonLexemes(
  db: Queryable,
  minShare: number,
): Promise<Record<"products" | "merchants", CommonLexemes>> {
  const result = (await db.execute(sql`
    select t.name as table_name,
      coalesce(array_agg(e.lexeme) filter (where e.lexeme is not null), '{}') as lexemes,
      coalesce(array_agg(e.freq) filter (where e.lexeme is not null), '{}')::float8[] as shares,
      coalesce((select greatest(reltuples, 0) from pg_class where oid = to_regclass(t.name)), 0)::float8 as rows
    from (values ('products'), ('merchants')) as t(name)
    left join pg_stats s on s.schemaname = current_schema() and s.tablename = t.name
      and s.attname = 'search'
    left join lateral unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs)
      as e(lexeme, freq) on e.freq >= ${minShare}
    group by t.name`)) as unknown as {
    rows: { table_name: string; lexemes: string[]; shares: number[]; rows: number }[];
  };
  const of = (table: string): CommonLexemes => {
    const row = result.rows.find((r) => r.table_name === table);
    return {
      lexemes: row?.lexemes ?? [],
      shares: (row?.shares ?? []).map(Number),
      rows: Number(row?.rows ?? 0),
    };
  };
  return { products: of("products"), merchants: of("merchants") };
}

/**
 * commonShare for both tables in one statement: the largest share among each table's
 * common lexemes that the whole query matches on its own.
 */
export async function commonShares(
  db: Queryable,
  tsquery: string,
  common: Record<"products" | "merchants", CommonLexemes>,
): Promise<Record<"products" | "merchants", number>> {
  const tables = [
    ...common.products.lexemes.map(() => "products"),
    ...common.merchants.lexemes.map(() => "merchants"),
  ];
  if (tables.length === 0) return { products: 0, merchants: 0 };
  const lexemes = [...common.products.lexemes, ...common.merchants.lexemes];
  const shares = [...common.products.shares, ...common.merchants.shares];
  const result = (await db.execute(sql`
    select coalesce(max(e.share) filter (where e.t = 'products'), 0)::float8 as products,
      coalesce(max(e.share) filter (where e.t = 'merchants'), 0)::float8 as merchants
    from unnest(${sql.param(lexemes)}::text[], ${sql.param(shares)}::float8[], ${sql.param(tables)}::text[])
      as e(lexeme, share, t)
    where array_to_tsvector(array[e.lexeme]) @@ ${tsQuery(tsquery)}`)) as unknown as {
    rows: { products: number; merchants: number }[];
  };
  const row = result.rows[0];
  return { products: Number(row?.products ?? 0), merchants: Number(row?.merchants ?? 0) };
}

/**
 * The largest share among `common`'s lexemes that the whole query matches on its own
 * (a query of several words that must all match reads 0).
 */
export async function commonShare(
  db: Queryable,
  tsquery: string,
  common: CommonLexemes,
): Promise<number> {
  if (common.lexemes.length === 0) return 0;
  const result = (await db.execute(sql`
    select coalesce(max(e.share), 0)::float8 as share
    from unnest(${sql.param(common.lexemes)}::text[], ${sql.param(common.shares)}::float8[]) as e(lexeme, share)
    where array_to_tsvector(array[e.lexeme]) @@ ${tsQuery(tsquery)}`)) as unknown as {
    rows: { share: number }[];
  };
  return Number(result.rows[0]?.share ?? 0);
}
