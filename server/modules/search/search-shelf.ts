import { priceToCents } from "../../../shared/money";
import type { ProductSort } from "../../../shared/schemas/product-sort";
import { stripAccents } from "../../../shared/slug";
import type { ProductHit } from "./product-search.repository";

type Hit = Omit<ProductHit, "total">;

/** A name as the 'Nombre' order compares it: folded, then by code point (SQL's collate "C"). */
const nameKey = (name: string) => stripAccents(name.toLowerCase());
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const ORDERS: Record<ProductSort, (a: Hit, b: Hit) => number> = {
  price_asc: (a, b) => priceToCents(a.price)! - priceToCents(b.price)! || a.id - b.id,
  price_desc: (a, b) => priceToCents(b.price)! - priceToCents(a.price)! || b.id - a.id,
  rating: (a, b) =>
    Number(b.rating) - Number(a.rating) || b.reviewCount - a.reviewCount || b.id - a.id,
  name: (a, b) => byCodePoint(nameKey(a.name), nameKey(b.name)) || a.id - b.id,
  newest: (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
};

/**
 * The search's product hits in a shelf's order (issue 36), as catalog/product-order.ts
 * writes it in SQL: each pass is read in that order, and this puts the typo pass's hits
 * among the exact pass's.
 */
export function sortHits<T extends Hit>(hits: readonly T[], sort: ProductSort): T[] {
  return [...hits].sort(ORDERS[sort]);
}
