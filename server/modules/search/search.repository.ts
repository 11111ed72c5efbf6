import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { folded } from "../../../db/schema/columns";
import { merchants, type products } from "../../../db/schema/index";
import type { SvMoment } from "../../../shared/open-now";
import { openAtCondition, servesCondition } from "../catalog/opening-hours";
import type { Zone } from "../../../shared/places";
import type { ProductShelf } from "../../../shared/schemas/product-sort";

// What a search matches and how its lists rank, shared by the products' and the merchants'
// queries (product-search.repository.ts, merchant-search.repository.ts); the common words'
// statistics are common-words.repository.ts, the typo words similar-words.repository.ts.

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
export function merchantFilter(pass: SearchPass) {
  return and(
    pass.department === undefined ? undefined : eq(merchants.department, pass.department),
    pass.openAt === undefined ? undefined : openAtCondition(pass.openAt),
    pass.serves === undefined ? undefined : servesCondition(pass.serves),
  );
}

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

// tiangue_unaccent keeps the query folded exactly like the generated search columns.
export const tsQuery = (text: string) => sql`to_tsquery('spanish', tiangue_unaccent(${text}))`;

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

/** The order of every list: nameTier, then rank, then name and id (a stable order). */
export function bestFirst(
  found: { id: AnyColumn; name: AnyColumn; search: AnyColumn },
  pass: SearchPass,
) {
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
export function matchOf(search: AnyColumn, tsquery: string, unindexed: boolean): SQL {
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
 */ export function candidatesOf(
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

export const except = (search: unknown, tsquery: string | undefined): SQL | undefined =>
  tsquery === undefined ? undefined : sql`not (${search} @@ ${tsQuery(tsquery)})`;
