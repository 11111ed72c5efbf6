import { catalogueChanges } from "../../cache/index";
import type { MerchantRow } from "./merchants.repository";

/*
 * What a merchant write changed, for the cache (server/cache/tags.ts, docs/decisions/0042):
 * its own entries always (its page, its products' pages, the cards that show it); the lists
 * when what they filter and order by moved; the whole shelf when it was shown or hidden.
 */

/** What the merchant lists (and the product lists that filter by a shop's place) read. */
const LIST_FIELDS = [
  "name",
  "slug",
  "categoryId",
  "department",
  "municipality",
  "district",
  "servedPlaces",
  "schedule",
  "temporarilyClosed",
  "rating",
] as const satisfies readonly (keyof MerchantRow)[];

/** What a search reads beyond those (merchants.search). */
const TEXT_FIELDS = ["description", "address"] as const satisfies readonly (keyof MerchantRow)[];

const isPublic = (row: Pick<MerchantRow, "approved" | "isActive">) => row.approved && row.isActive;

const moved = (before: MerchantRow, after: MerchantRow, fields: readonly (keyof MerchantRow)[]) =>
  fields.some((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));

/**
 * The tags a change of `before` into `after` names; `datesWritten` when its special dates
 * were rewritten (they decide 'Abierto ahora' like its hours).
 */
export function merchantChanges(
  before: MerchantRow,
  after: MerchantRow,
  datesWritten = false,
): string[] {
  return catalogueChanges.merchant(after.id, {
    members: isPublic(before) !== isPublic(after),
    lists: datesWritten || moved(before, after, LIST_FIELDS),
    text: moved(before, after, TEXT_FIELDS),
  });
}

/** A merchant created or deleted: shown or hidden with everything it has. */
export const merchantShownOrHidden = (merchantId: number) =>
  catalogueChanges.merchant(merchantId, { members: true });
