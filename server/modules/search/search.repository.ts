import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { folded } from "../../../db/schema/columns";
import { merchants, products, searchWords } from "../../../db/schema/index";
import type { SvMoment } from "../../../shared/open-now";
import { publicMerchant } from "../catalog/visibility";
import { openAtCondition, servesCondition } from "../catalog/opening-hours";
import type { Zone } from "../../../shared/places";
import {
  shelfFilters,
  type ProductShelf,
  type ProductSort,
} from "../../../shared/schemas/product-sort";
import { productOrder, shelfCondition } from "../catalog/product-order";

/**
 * What a query matches, built by the service from sanitised words only (letters and
 * digits): `tsquery` is a to_tsquery('spanish') text such as "pupus & revuelt:*",
 * `nameQuery` the same restricted to the name (weight A), `text` the folded words the
 * queries use, `phrase` every folded word as typed, `namePattern` a regular expression that
 * matches the start of a name that begins with those words, the whole name if it is them
 * (case, accents and punctuation aside).
 */
export interface SearchTerms {
  tsquery: string;
  nameQuery: string;
  text: string;
  phrase: string;
  namePattern: string;
  namePrefix?: string;
  department?: string;
  /** Issue 12: merchants open at that moment, and located in or delivering to a zone (issue 36). */
  openAt?: SvMoment;
  serves?: Zone;
  /** Issue 36: the products' order (none: relevance) and price and availability filters. */
  shelf?: ProductShelf;
}

/** The merchant filters of a pass (department, open now, municipality), or undefined. */
function merchantFilter(pass: SearchPass) {
  return and(
    pass.department === undefined ? undefined : eq(merchants.department, pass.department),
    pass.openAt === undefined ? undefined : openAtCondition(pass.openAt),
    pass.serves === undefined ? undefined : servesCondition(pass.serves),
  );
}

const hasMerchantFilter = (pass: SearchPass) =>
  pass.department !== undefined || pass.openAt !== undefined || pass.serves !== undefined;

/** A pass of the search: its terms, minus what an earlier pass (`except`) already found. */
export interface SearchPass {
  tsquery: string;
  nameQuery: string;
  namePattern: string;
  /**
   * The folded words as typed ("cafe molido"): names that start with them are always among
   * the ranked candidates (namePrefixIds). Only the typed words' own pass has it.
   */
  namePrefix?: string;
  except?: string;
  department?: string;
  /** Issue 12: merchants open at that moment, and located in or delivering to a zone (issue 36). */
  openAt?: SvMoment;
  serves?: Zone;
  /** Issue 36: the products' order (none: relevance) and filters; merchants ignore it. */
  shelf?: ProductShelf;
}

export interface ProductHit {
  id: number;
  slug: string;
  name: string;
  imageUrl: string;
  price: string;
  /** What a shelf's order reads (issue 36), when the exact and the typo pass are merged. */
  rating: string;
  reviewCount: number;
  createdAt: Date;
  total: number;
}

export interface MerchantHit {
  id: number;
  slug: string;
  name: string;
  address: string;
  total: number;
}

// tiangue_unaccent keeps the query folded exactly like the generated search columns.
const tsQuery = (text: string) => sql`to_tsquery('spanish', tiangue_unaccent(${text}))`;

/**
 * How well a name answers the query, best first: 0 the name is the query, 1 the name starts
 * with it, 2 the name holds the words in other forms or places, 3 only other text
 * (description, address) does. One regular expression call on the names that hold the words
 * tells 0, 1 and 2 apart: what `namePattern` matched is the whole name, a part of it, or
 * nothing. It reads the rows the match already fetched (no index, no other scan); folding
 * each name instead (tiangue_unaccent, regexp_replace) would double an uncached search.
 */
function nameTier(name: AnyColumn, search: AnyColumn, pass: SearchPass): SQL {
  return sql`case
    when not (${search} @@ ${tsQuery(pass.nameQuery)}) then 3
    else coalesce(sign(char_length(${name}) - char_length(substring(${name} from ${pass.namePattern}))), 2)
    end`;
}

/**
 * Matches of `pass` through the GIN index on `search`, best first (nameTier, then rank),
 * among the first `ranked` matches the index gives (table order): `total` counts those, so
 * `total === ranked` says there may be more. Issue 13: 'hamaca' at 1M products matched
 * 25,000 rows, and reading and ranking all of them took 440 ms; the bitmap scan stops
 * after `ranked` rows (docs/decisions/0018). Visibility is the stored products.is_public, so
 * no match is joined to its merchant (only a merchant filter reads merchants, by its index).
 */
export async function matchingProducts(
  db: Queryable,
  pass: SearchPass,
  limit: number,
  ranked: number,
): Promise<ProductHit[]> {
  const capped = db
    .select({ id: products.id })
    .from(products)
    .where(productMatch(db, pass))
    .limit(ranked);
  return bestProducts(db, pass, capped.getSQL(), limit);
}

/**
 * The best `limit` of a product list's candidates (candidatesOf around `capped`): nameTier,
 * then rank, then name. `total` counts the candidates.
 */
function bestProducts(db: Queryable, pass: SearchPass, capped: SQL, limit: number) {
  const found = db
    .select({ ...productFields, search: products.search })
    .from(products)
    .where(
      candidatesOf(db, products, pass, capped, {
        visible: PUBLIC_PRODUCT,
        match: productMatch(db, pass, true),
      }),
    )
    .as("found");
  // Issue 36: a shelf's order replaces relevance; the candidates are the same.
  const sort = pass.shelf?.sort;
  return db
    .select({
      id: found.id,
      slug: found.slug,
      name: found.name,
      imageUrl: found.imageUrl,
      price: found.price,
      rating: found.rating,
      reviewCount: found.reviewCount,
      createdAt: found.createdAt,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(found)
    .orderBy(...(sort ? productOrder(sort, found) : bestFirst(found, pass)))
    .limit(limit);
}

/** The order of every list: nameTier, then rank, then name and id (a stable order). */
function bestFirst(found: { id: AnyColumn; name: AnyColumn; search: AnyColumn }, pass: SearchPass) {
  return [
    asc(nameTier(found.name, found.search, pass)),
    desc(sql`ts_rank(${found.search}, ${tsQuery(pass.tsquery)})`),
    asc(found.name),
    asc(found.id),
  ];
}

/**
 * `unindexed`: the match is written so that the GIN index cannot serve it (coalesce of the
 * column is not the indexed expression), so the planner reads the newest-first index and
 * stops after the LIMIT instead of gathering every match in a bitmap first. One statement
 * (decision 0017 switched bitmap scans off in a transaction: four round trips).
 */
function matchOf(search: AnyColumn, tsquery: string, unindexed: boolean): SQL {
  return unindexed
    ? sql`coalesce(${search}, ''::tsvector) @@ ${tsQuery(tsquery)}`
    : sql`${search} @@ ${tsQuery(tsquery)}`;
}

/** How many rows whose name starts with the query are always among a list's candidates. */
const NAME_PREFIX_CANDIDATES = 20;

/** A folded name in byte order, the expression of the *_public_name_prefix_idx indexes. */
const nameKey = (name: AnyColumn) => sql`(${folded(name)} collate "C")`;

/**
 * The candidates of a list: the capped read (the first matches in table order, or the newest
 * ones for a common word) and, when the pass has typed words, up to NAME_PREFIX_CANDIDATES
 * matches among the public rows whose folded name comes first from those words on, read in
 * name order through the prefix index. However many rows hold the words (decision 0018 ranks a
 * capped sample of them), the row named exactly as the query, and those whose name starts with
 * it, are ranked first (issue 15.3). The nearest names are read first and matched after: with
 * the match inside, PostgreSQL would rather gather every name with that prefix (2,500
 * merchants named "Café…" at 1M products: 22 ms instead of 1).
 */
function candidatesOf(
  db: Queryable,
  table: typeof products | typeof merchants,
  pass: SearchPass,
  capped: SQL,
  { visible, match }: { visible: SQL; match: SQL },
): SQL {
  if (!pass.namePrefix) return sql`${table.id} in (${capped})`;
  const nearest = db
    .select({ id: table.id })
    .from(table)
    .where(and(sql`${nameKey(table.name)} like ${`${pass.namePrefix}%`}`, visible))
    .orderBy(nameKey(table.name))
    .limit(NAME_PREFIX_CANDIDATES * 3);
  const byName = db
    .select({ id: table.id })
    .from(table)
    .where(and(sql`${table.id} in (${nearest})`, match))
    .orderBy(nameKey(table.name))
    .limit(NAME_PREFIX_CANDIDATES);
  return sql`${table.id} in ((${capped}) union (${byName}))`;
}

/** The public rows, as the prefix indexes' predicates write them. */
const PUBLIC_PRODUCT = sql`is_public`;
const PUBLIC_MERCHANT = sql`approved and is_active`;

function productMatch(db: Queryable, pass: SearchPass, unindexed = false): SQL {
  return and(
    matchOf(products.search, pass.tsquery, unindexed),
    eq(products.isPublic, true),
    pass.shelf ? shelfCondition(pass.shelf) : undefined,
    except(products.search, pass.except),
    hasMerchantFilter(pass)
      ? inArray(
          products.merchantId,
          db.select({ id: merchants.id }).from(merchants).where(merchantFilter(pass)),
        )
      : undefined,
  )!;
}

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

/**
 * Matches of a very common query (see commonness): the newest `candidates` matches, read
 * through the newest-first index and stopping there, ranked like matchingProducts. GIN only
 * offers bitmap scans, which would first collect every match; the match is written so that
 * the index cannot serve it (matchOf). `total` counts the candidates; the caller estimates
 * the matches. With a shelf's order (issue 36) the first `limit` matches in that order are
 * the answer itself, exact however many rows match, when they lie within ORDER_WALK rows of
 * its index (firstInOrder); else the newest `candidates` are ranked in that order. A shelf
 * that filters reads its first `candidates` in its order, which the statistics' estimate
 * cannot count (the caller then says "at least" them).
 */
export async function commonMatchingProducts(
  db: Queryable,
  pass: SearchPass,
  limit: number,
  candidates: number,
): Promise<ProductHit[]> {
  const sort = pass.shelf?.sort;
  const filtered = pass.shelf !== undefined && shelfFilters(pass.shelf);
  if (sort !== undefined && sort !== "newest" && !filtered) {
    const ids = await firstInOrder(db, pass, sort, limit);
    if (ids.length >= limit) {
      return bestProducts(db, pass, sql`select unnest(${sql.param(ids)}::int[])`, limit);
    }
  }
  const first = db
    .select({ id: products.id })
    .from(products)
    .where(productMatch(db, pass, true))
    // Unfiltered, newest first whatever the order asked: another order's index could hold the
    // word's matches only at its far end (ORDER_WALK). A filtered shelf walks its order's
    // index, its filters checked inside it, so 'Menor precio' is the cheapest of them.
    .orderBy(...productOrder(filtered ? (sort ?? "newest") : "newest"))
    .limit(sort === "newest" && !filtered ? limit : candidates);
  return bestProducts(db, pass, first.getSQL(), limit);
}

/**
 * How many rows of an order's index a common query walks for its first page (issue 36). A
 * word in 2 % of the rows, spread evenly, has its 20 first matches within 1,000 of them; but
 * a word may gather where the order puts it last («café» among the worst rated: 277,000 rows
 * walked, 600 ms at 1M), so the walk stops a little past that. Past this many rows the page is ranked from the newest matches in
 * that order instead, as relevance ranks them (decision 0018).
 */
const ORDER_WALK = 1_200;

/**
 * The ids of the first `limit` matches among the first ORDER_WALK public products in `sort`'s
 * order: every match of the page when there are `limit` of them (none better in that order
 * lies further on). The walk reads each row once, for its `search`; the match is checked
 * outside the LIMIT, so the walk stops there (no merchant filter reaches a common query).
 */
async function firstInOrder(
  db: Queryable,
  pass: SearchPass,
  sort: ProductSort,
  limit: number,
): Promise<number[]> {
  const walked = db
    .select({ id: products.id, search: products.search })
    .from(products)
    .where(eq(products.isPublic, true))
    .orderBy(...productOrder(sort))
    .limit(ORDER_WALK)
    .as("walked");
  const rows = await db
    .select({ id: walked.id })
    .from(walked)
    .where(and(matchOf(walked.search, pass.tsquery, true), except(walked.search, pass.except)))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Merchants matching `pass`, ordered and counted like matchingProducts (at most `ranked`). */
export async function matchingMerchants(
  db: Queryable,
  pass: SearchPass,
  limit: number,
  ranked: number,
): Promise<MerchantHit[]> {
  const capped = db
    .select({ id: merchants.id })
    .from(merchants)
    .where(merchantMatch(pass))
    .limit(ranked);
  return bestMerchants(db, pass, capped.getSQL(), limit);
}

/** bestProducts for merchants. */
function bestMerchants(db: Queryable, pass: SearchPass, capped: SQL, limit: number) {
  const found = db
    .select({ ...merchantFields, search: merchants.search })
    .from(merchants)
    .where(
      candidatesOf(db, merchants, pass, capped, {
        visible: PUBLIC_MERCHANT,
        match: merchantMatch(pass, true),
      }),
    )
    .as("found");
  return db
    .select({
      id: found.id,
      slug: found.slug,
      name: found.name,
      address: found.address,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(found)
    .orderBy(...bestFirst(found, pass))
    .limit(limit);
}

function merchantMatch(pass: SearchPass, unindexed = false): SQL {
  return and(
    matchOf(merchants.search, pass.tsquery, unindexed),
    publicMerchant,
    except(merchants.search, pass.except),
    merchantFilter(pass),
  )!;
}

/** commonMatchingProducts for merchants: the first `candidates` matches by id, ranked. */
export async function commonMatchingMerchants(
  db: Queryable,
  pass: SearchPass,
  limit: number,
  candidates: number,
): Promise<Omit<MerchantHit, "total">[]> {
  const first = db
    .select({ id: merchants.id })
    .from(merchants)
    .where(merchantMatch(pass, true))
    .orderBy(merchants.id)
    .limit(candidates);
  return bestMerchants(db, pass, first.getSQL(), limit);
}

/**
 * pg_trgm's default word similarity (0.6) misses one wrong letter in a six-letter word
 * ("volcna" for "volcán" is 0.57); 0.5 catches it and still needs most of the word.
 */
const TYPO_WORD_SIMILARITY = "0.5";

/**
 * Words of names (search_words) that `typed` may be a misspelling of: word similarity of
 * at least TYPO_WORD_SIMILARITY, served by the trigram index on the few thousand words
 * rather than on every name; at most `perWord` for each typed word, closest first.
 * Spanish stop words ("para", "con") are not corrected: they match nothing anyway.
 */
export async function similarWords(
  db: Queryable,
  typed: string[],
  perWord: number,
): Promise<{ typed: string; word: string }[]> {
  if (typed.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${TYPO_WORD_SIMILARITY}, true)`,
    );
    const q = sql`q.typed`;
    const found = tx
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(sql`${searchWords.word} %> ${q}`)
      .orderBy(
        desc(sql`word_similarity(${q}, ${searchWords.word})`),
        desc(sql`similarity(${q}, ${searchWords.word})`),
        searchWords.word,
      )
      .limit(perWord);
    const result = (await tx.execute(sql`
      select q.typed, w.word
      from unnest(${sql.param(typed)}::text[]) as q(typed)
      cross join lateral (${found}) as w
      where length(to_tsvector('spanish', q.typed)) > 0`)) as unknown as {
      rows: { typed: string; word: string }[];
    };
    return result.rows;
  });
}

const except = (search: unknown, tsquery: string | undefined): SQL | undefined =>
  tsquery === undefined ? undefined : sql`not (${search} @@ ${tsQuery(tsquery)})`;

const productFields = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  imageUrl: products.imageUrl,
  price: products.price,
  rating: products.rating,
  reviewCount: products.reviewCount,
  createdAt: products.createdAt,
};

const merchantFields = {
  id: merchants.id,
  slug: merchants.slug,
  name: merchants.name,
  address: merchants.address,
};
