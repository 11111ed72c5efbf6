import type { SearchResultDto } from "../../../shared/api-types";
import { isDepartment } from "../../../shared/el-salvador";
import { isSearchQuery, SEARCH_MAX_RESULTS } from "../../../shared/limits";
import { stripAccents } from "../../../shared/slug";
import { publicCache } from "../../cache/index";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../../services";
import * as repository from "./search.repository";

const empty = (): SearchResultDto => ({
  products: [],
  merchants: [],
  productTotal: 0,
  merchantTotal: 0,
});

export const DEPARTMENT_MESSAGE = "Departamento no válido";

/** Longest query worth reading: a product name with room to spare. */
const QUERY_MAX_LENGTH = 200;
/** More words than this add nothing but cost. */
const QUERY_MAX_WORDS = 8;

/**
 * Builds the query texts from the letters and digits of q only, so nothing typed can
 * reach to_tsquery's syntax; null when no word is left.
 */
export function searchTerms(q: string, department?: string): repository.SearchTerms | null {
  const words = (stripAccents(q.toLowerCase()).match(/[\p{L}\p{N}]+/gu) ?? []).slice(
    0,
    QUERY_MAX_WORDS,
  );
  if (words.length === 0) return null;
  const last = words.length - 1;
  // The last word may still be being typed: it matches as a prefix.
  const tsquery = words.map((w, i) => (i === last ? `${w}:*` : w)).join(" & ");
  const nameQuery = words.map((w, i) => (i === last ? `${w}:*A` : `${w}:A`)).join(" & ");
  return { tsquery, nameQuery, text: words.join(" "), department };
}

export function createSearchService({ db }: ServiceDeps) {
  const cache = publicCache(db);

  return {
    /**
     * Public products and merchants matching q (decisions §2): full text first (word
     * forms, prefixes, best matches first), trigram similarity only to fill up.
     */
    async search(q: string, filter: { department?: string } = {}): Promise<SearchResultDto> {
      if (typeof q !== "string" || !isSearchQuery(q)) return empty();
      const department = filter.department?.trim() || undefined;
      if (department !== undefined && !isDepartment(department)) {
        throw AppError.badRequest(DEPARTMENT_MESSAGE);
      }
      const terms = searchTerms(q.slice(0, QUERY_MAX_LENGTH), department);
      if (!terms) return empty();
      // Queries that differ only in case, accents or punctuation share one entry.
      return cache.get(`search:${department ?? ""}:${terms.text}`, () => run(terms));
    },
  };

  /** Both lists, each from full text first and trigram similarity to fill up. */
  async function run(terms: repository.SearchTerms): Promise<SearchResultDto> {
    const limit = SEARCH_MAX_RESULTS;
    const [productHits, merchantHits] = await Promise.all([
      withFallback(
        () => repository.fullTextProducts(db, terms, limit),
        (rest) => repository.similarProducts(db, terms, rest),
        limit,
      ),
      withFallback(
        () => repository.fullTextMerchants(db, terms, limit),
        (rest) => repository.similarMerchants(db, terms, rest),
        limit,
      ),
    ]);
    return {
      products: productHits.rows.map(({ id, slug, name, imageUrl, price }) => ({
        id,
        slug,
        name,
        imageUrl,
        price,
      })),
      merchants: merchantHits.rows.map(({ id, slug, name, address }) => ({
        id,
        slug,
        name,
        address,
      })),
      productTotal: productHits.total,
      merchantTotal: merchantHits.total,
    };
  }
}

/** Runs the cheap full-text step, and the trigram step only when it found too little. */
async function withFallback<T extends { total: number }>(
  fullText: () => Promise<T[]>,
  similar: (limit: number) => Promise<T[]>,
  limit: number,
): Promise<{ rows: T[]; total: number }> {
  const exact = await fullText();
  const exactTotal = exact[0]?.total ?? 0;
  if (exact.length >= limit) return { rows: exact, total: exactTotal };
  const fuzzy = await similar(limit - exact.length);
  return { rows: [...exact, ...fuzzy], total: exactTotal + (fuzzy[0]?.total ?? 0) };
}
