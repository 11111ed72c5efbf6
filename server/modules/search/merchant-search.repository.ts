import { and, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { merchants } from "../../../db/schema/index";
import { publicMerchant } from "../catalog/visibility";
import {
  bestFirst,
  candidatesOf,
  except,
  matchOf,
  merchantFilter,
  type SearchPass,
} from "./search.repository";

// The merchants a search finds, ordered and counted like its products
// (product-search.repository.ts).

export interface MerchantHit {
  id: number;
  slug: string;
  name: string;
  address: string;
  total: number;
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

/** The public rows, as the prefix index's predicate writes them. */
const PUBLIC_MERCHANT = sql`approved and is_active`;

/** bestProducts (product-search.repository.ts) for merchants. */
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

const merchantFields = {
  id: merchants.id,
  slug: merchants.slug,
  name: merchants.name,
  address: merchants.address,
};
