import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { folded } from "../../../db/schema/columns";
import { merchants, products } from "../../../db/schema/index";
import { publicMerchant, publicProduct } from "../catalog/visibility";

/**
 * The two ways a query matches, both built by the service from sanitised words only
 * (letters and digits): `tsquery` is a to_tsquery('spanish') text such as
 * "pupus & revuelt:*", `nameQuery` the same restricted to the name (weight A),
 * `text` the folded words for trigram similarity.
 */
export interface SearchTerms {
  tsquery: string;
  nameQuery: string;
  text: string;
  department?: string;
}

export interface ProductHit {
  id: number;
  slug: string;
  name: string;
  imageUrl: string;
  price: string;
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

/** Full-text matches, name matches first, then by rank; `total` counts every match. */
export async function fullTextProducts(
  db: Queryable,
  terms: SearchTerms,
  limit: number,
): Promise<ProductHit[]> {
  const query = tsQuery(terms.tsquery);
  return db
    .select({ ...productFields, total: sql<number>`(count(*) over ())::int` })
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(and(sql`${products.search} @@ ${query}`, publicProduct, departmentIs(terms.department)))
    .orderBy(
      desc(sql`${products.search} @@ ${tsQuery(terms.nameQuery)}`),
      desc(sql`ts_rank(${products.search}, ${query})`),
      products.name,
      products.id,
    )
    .limit(limit);
}

/**
 * pg_trgm's default word similarity (0.6) misses one wrong letter in a six-letter word
 * ("volcna" for "volcán" is 0.57); 0.5 catches it and still needs most of the word.
 */
const TYPO_WORD_SIMILARITY = "0.5";

/**
 * Runs `query` in a transaction whose `%>` operator uses TYPO_WORD_SIMILARITY. With
 * `useIndex`, the planner may not read the table whole: it costs folding a name as nearly
 * free, so it scans the few thousand merchants (~30 ms) rather than use the trigram index (~4 ms).
 */
function withTypoThreshold<T>(
  db: Queryable,
  query: (tx: Queryable) => Promise<T>,
  options: { useIndex?: boolean } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${TYPO_WORD_SIMILARITY}, true)${
        options.useIndex ? sql`, set_config('enable_seqscan', 'off', true)` : sql``
      }`,
    );
    return query(tx);
  });
}

/**
 * Typo-tolerant matches on the folded name that full text missed (word similarity,
 * served by the trigram index), most similar first.
 */
export async function similarProducts(
  db: Queryable,
  terms: SearchTerms,
  limit: number,
): Promise<ProductHit[]> {
  // The trigram index is on exactly this expression.
  const name = folded(products.name);
  const text = folded(terms.text);
  return withTypoThreshold(db, (tx) =>
    tx
      .select({ ...productFields, total: sql<number>`(count(*) over ())::int` })
      .from(products)
      .innerJoin(merchants, eq(merchants.id, products.merchantId))
      .where(
        and(
          sql`${name} %> ${text}`,
          sql`not (${products.search} @@ ${tsQuery(terms.tsquery)})`,
          publicProduct,
          departmentIs(terms.department),
        ),
      )
      .orderBy(desc(sql`word_similarity(${text}, ${name})`), products.name, products.id)
      .limit(limit),
  );
}

export async function fullTextMerchants(
  db: Queryable,
  terms: SearchTerms,
  limit: number,
): Promise<MerchantHit[]> {
  const query = tsQuery(terms.tsquery);
  return db
    .select({ ...merchantFields, total: sql<number>`(count(*) over ())::int` })
    .from(merchants)
    .where(
      and(sql`${merchants.search} @@ ${query}`, publicMerchant, departmentIs(terms.department)),
    )
    .orderBy(
      desc(sql`${merchants.search} @@ ${tsQuery(terms.nameQuery)}`),
      desc(sql`ts_rank(${merchants.search}, ${query})`),
      merchants.name,
      merchants.id,
    )
    .limit(limit);
}

export async function similarMerchants(
  db: Queryable,
  terms: SearchTerms,
  limit: number,
): Promise<MerchantHit[]> {
  // The trigram index is on exactly this expression.
  const name = folded(merchants.name);
  const text = folded(terms.text);
  return withTypoThreshold(
    db,
    (tx) =>
      tx
        .select({ ...merchantFields, total: sql<number>`(count(*) over ())::int` })
        .from(merchants)
        .where(
          and(
            sql`${name} %> ${text}`,
            sql`not (${merchants.search} @@ ${tsQuery(terms.tsquery)})`,
            publicMerchant,
            departmentIs(terms.department),
          ),
        )
        .orderBy(desc(sql`word_similarity(${text}, ${name})`), merchants.name, merchants.id)
        .limit(limit),
    { useIndex: true },
  );
}

const productFields = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  imageUrl: products.imageUrl,
  price: products.price,
};

const merchantFields = {
  id: merchants.id,
  slug: merchants.slug,
  name: merchants.name,
  address: merchants.address,
};

const departmentIs = (department: string | undefined): SQL | undefined =>
  department === undefined ? undefined : eq(merchants.department, department);
