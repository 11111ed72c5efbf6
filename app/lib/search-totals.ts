import type { SearchResultDto } from "../../shared/api-types";
import { plural } from "../../shared/plural";

type Kind = "product" | "merchant";

const NOUNS: Record<Kind, [string, string]> = {
  product: ["producto", "productos"],
  merchant: ["comercio", "comercios"],
};

/**
 * A search total as a shopper reads it: exact ("12 productos"), estimated from PostgreSQL's
 * statistics for a very common word ("unos 61000 productos", decision 0017), or where the
 * search stopped counting ("más de 500 productos", decision 0018).
 */
export function searchTotal(result: SearchResultDto, kind: Kind): string {
  const total = kind === "product" ? result.productTotal : result.merchantTotal;
  const atLeast = kind === "product" ? result.productTotalAtLeast : result.merchantTotalAtLeast;
  const estimated =
    kind === "product" ? result.productTotalEstimated : result.merchantTotalEstimated;
  const [singular, pluralForm] = NOUNS[kind];
  const prefix = atLeast ? "más de " : estimated ? "unos " : "";
  return `${prefix}${total} ${atLeast ? pluralForm : plural(total, singular, pluralForm)}`;
}

/** "Mostrando 20 de más de 500 productos", or the total alone when every match is shown. */
export function shownOfTotal(result: SearchResultDto, kind: Kind): string {
  const shown = kind === "product" ? result.products.length : result.merchants.length;
  const total = kind === "product" ? result.productTotal : result.merchantTotal;
  const exact =
    kind === "product"
      ? !result.productTotalAtLeast && !result.productTotalEstimated
      : !result.merchantTotalAtLeast && !result.merchantTotalEstimated;
  const label = searchTotal(result, kind);
  return exact && shown >= total ? label : `Mostrando ${shown} de ${label}`;
}

/** The page's summary: "3 comercios y más de 500 productos", capitalised. */
export function searchSummary(result: SearchResultDto): string {
  const text = `${searchTotal(result, "merchant")} y ${searchTotal(result, "product")}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
