import type { SearchResultDto } from "../../../shared/api-types";
import { isDepartment } from "../../../shared/el-salvador";
import {
  isSearchQuery,
  SEARCH_MAX_RESULTS,
  SEARCH_MIN_LENGTH,
  SEARCH_QUERY_MAX,
} from "../../../shared/limits";
import { SEARCH_DEPARTMENT_MESSAGE } from "../../../shared/schemas/list-queries";
import { stripAccents } from "../../../shared/slug";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { svMoment } from "../../../shared/open-now";
import { checkZoneFilter } from "../merchants/merchants.service";
import { ensureMerchantHours } from "../catalog/opening-hours";
import { checkShelf } from "../catalog/shelf";
import { sortHits } from "./search-shelf";
import { shelfFilters, shelfKey, type ProductShelf } from "../../../shared/schemas/product-sort";
import * as commonWords from "./common-words.repository";
import * as merchantSearch from "./merchant-search.repository";
import * as productSearch from "./product-search.repository";
import type * as repository from "./search.repository";
import * as typoWords from "./similar-words.repository";
import { catalogueTags } from "../../cache/index";

const empty = (): SearchResultDto => ({
  products: [],
  merchants: [],
  productTotal: 0,
  merchantTotal: 0,
});

export const DEPARTMENT_MESSAGE = SEARCH_DEPARTMENT_MESSAGE;
/** More words than this add nothing but cost (one-letter words after the first aside). */
const QUERY_MAX_WORDS = 8;
/** Shorter words are not corrected: too many words are one letter away from them. */
const TYPO_MIN_LENGTH = 4;
/** The closest name words tried for each typed word. */
const TYPO_CORRECTIONS_PER_WORD = 5;

/** Latin letters (À to ɏ) by the plain lower-case letter they are written with. */
const LATIN_FORMS = (() => {
  const forms = new Map<string, string>();
  for (let code = 0xc0; code <= 0x24f; code++) {
    const letter = String.fromCodePoint(code);
    const plain = stripAccents(letter).toLowerCase();
    if (/^[a-z]$/.test(plain)) forms.set(plain, (forms.get(plain) ?? "") + letter);
  }
  return forms;
})();

/**
 * What separates the words of a name: anything but a digit or a Latin letter (PostgreSQL's
 * [:alnum:] would depend on the database's locale).
 */
const NAME_SEPARATOR = "[^0-9A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]";

/** One folded letter of the query as a class of every way a name may write it: c → [cCçÇ]. */
function letterPattern(letter: string): string {
  const upper = letter.toUpperCase();
  const forms = new Set([letter, ...([...upper].length === 1 ? [upper] : [])]);
  for (const form of LATIN_FORMS.get(letter) ?? "") forms.add(form);
  return forms.size === 1 ? letter : `[${[...forms].join("")}]`;
}

/**
 * A PostgreSQL (and JavaScript) regular expression for a name that starts with the folded
 * words, whatever its case, accents and punctuation; when the name is nothing but those words,
 * it matches the whole name (the optional tail is greedy). The words are letters and digits
 * only: nothing typed becomes regular expression syntax.
 */
export function namePattern(words: string[]): string {
  const start = words.map((word) => [...word].map(letterPattern).join(""));
  return `^${NAME_SEPARATOR}*${start.join(`${NAME_SEPARATOR}+`)}(?:${NAME_SEPARATOR}*$)?`;
}

/**
 * Builds the query texts from the letters and digits of q only, so nothing typed can
 * reach to_tsquery's syntax; null when no word is left.
 */
export function searchTerms(
  q: string,
  department?: string,
  shopper: Pick<repository.SearchTerms, "openAt" | "serves" | "shelf"> = {},
): repository.SearchTerms | null {
  const typed = stripAccents(q.toLowerCase()).match(/[\p{L}\p{N}]+/gu) ?? [];
  // One-letter words after the first narrow nothing ("pan y café") and, many of them, would
  // only lengthen the query; the whole name comparison (namePattern) still reads them.
  const words = typed
    .filter((word, i) => i === 0 || [...word].length > 1)
    .slice(0, QUERY_MAX_WORDS);
  // As few letters as a query needs (SEARCH_MIN_LENGTH) once those are gone: "p q r" or "p.."
  // would otherwise be the prefix p:*, which matches most of the catalogue.
  if ([...words.join("")].length < SEARCH_MIN_LENGTH) return null;
  const last = words.length - 1;
  // The last word may still be being typed: it matches as a prefix.
  const tsquery = words.map((w, i) => (i === last ? `${w}:*` : w)).join(" & ");
  const nameQuery = words.map((w, i) => (i === last ? `${w}:*A` : `${w}:A`)).join(" & ");
  return {
    tsquery,
    nameQuery,
    text: words.join(" "),
    phrase: typed.join(" "),
    namePattern: namePattern(typed),
    namePrefix: typed.join(" "),
    department,
    ...shopper,
  };
}

/**
 * Reads answered from the public-read cache (server/cache): a page whose loader calls only
 * these may be kept rendered (server/http/web-app.ts). Checked against the service below.
 */
export const CACHEABLE_READS = ["search"] as const satisfies readonly (keyof ReturnType<
  typeof createSearchService
>)[];

/**
 * A search's tags (server/cache/tags.ts): what it shows, and the lists whose members may
 * change (any product or merchant named, priced or shown anew may match).
 */
function searchTags(found: SearchResultDto, sort: string | undefined): string[] {
  const tags = [
    catalogueTags.search,
    ...found.products.map((p) => catalogueTags.product(p.id)),
    ...found.merchants.map((m) => catalogueTags.merchant(m.id)),
  ];
  if (sort === "rating") tags.push(catalogueTags.byRating);
  return tags;
}

export function createSearchService({ db, cache: catalogue }: ServiceDeps) {
  const cache = catalogue.reads;
  // Declared before the methods below run (issue 13's common words, see commonLexemes).
  let common: { at: number; value: ReturnType<typeof commonWords.commonLexemes> } | undefined;

  return {
    /**
     * Public products and merchants matching q (decisions §2): full text first (word
     * forms, prefixes, best matches first), likely spellings of the words only to fill up.
     */
    async search(
      q: string,
      filter: {
        department?: string;
        open?: "now";
        zone?: string;
        municipality?: string;
      } & ProductShelf = {},
    ): Promise<SearchResultDto> {
      if (typeof q !== "string" || !isSearchQuery(q)) return empty();
      const department = filter.department?.trim() || undefined;
      if (department !== undefined && !isDepartment(department)) {
        throw AppError.badRequest(DEPARTMENT_MESSAGE);
      }
      const serves = checkZoneFilter(filter);
      // Issue 36: the products' order (absent: relevance) and filters, normalised for the key.
      const checked = checkShelf(filter, { defaultSort: null });
      const shelf = Object.keys(checked).length > 0 ? checked : undefined;
      // 'Open now' is a query on this minute: the minute is in the key, so no entry outlives it.
      const openAt = filter.open === "now" ? svMoment(new Date()) : undefined;
      const terms = searchTerms(q.slice(0, SEARCH_QUERY_MAX), department, {
        openAt,
        serves,
        shelf,
      });
      if (!terms) return empty();
      if (openAt) await ensureMerchantHours(db);
      const shopper = `${serves?.label ?? ""}:${openAt ? `${openAt.date}T${openAt.dayMinute}` : ""}`;
      // Queries that differ only in case, accents or punctuation share one entry.
      return cache.get(
        `search:${department ?? ""}:${shopper}:${shelfKey(shelf)}:${terms.phrase}`,
        () => run(terms),
        (found) => searchTags(found, shelf?.sort),
      );
    },
  };

  /** The tables' very common lexemes, read again every COMMON_LEXEMES_TTL_MS. */
  function commonLexemes() {
    const now = Date.now();
    if (!common || now - common.at > COMMON_LEXEMES_TTL_MS) {
      const value = commonWords.commonLexemes(db, ESTIMATED_SHARE);
      common = { at: now, value };
      // A failed read is tried again by the next search.
      value.catch(() => {
        if (common?.value === value) common = undefined;
      });
    }
    return common.value;
  }

  /**
   * Both lists from full text; when one has room left, a second pass with the typed words'
   * likely corrections (typoPass) fills it with what the first did not find.
   */
  async function run(terms: repository.SearchTerms): Promise<SearchResultDto> {
    const limit = SEARCH_MAX_RESULTS;
    // A common word (issue 13): the best of the newest matches, and an estimated total.
    // Not with a merchant filter: the statistics do not know it, and few merchants may hold
    // the matches, so the newest-first scan could read most of the table to find them.
    const filtered =
      terms.department !== undefined || terms.openAt !== undefined || terms.serves !== undefined;
    const common = filtered ? null : await commonLexemes();

    /**
     * One list of one pass: a query the statistics find common is read through the
     * newest-first index (its first COMMON_CANDIDATES matches) with an estimated total;
     * any other ranks at most RANKED_MATCHES matches (counted, estimated or "at least").
     */
    async function list<T extends { total: number }>(
      table: "products" | "merchants",
      pass: repository.SearchPass,
      share: number,
      room: number,
      read: {
        ranked: (pass: repository.SearchPass, limit: number, ranked: number) => Promise<T[]>;
        newest: (
          pass: repository.SearchPass,
          limit: number,
          candidates: number,
        ) => Promise<Omit<T, "total">[]>;
      },
    ): Promise<Counted<Omit<T, "total">>> {
      if (room <= 0) return noHits();
      const rows = common?.[table].rows ?? 0;
      const estimate = commonEstimate(share, rows);
      if (estimate !== undefined) {
        // Issue 36: the statistics know nothing of a price range or of 'Solo disponibles'.
        const filtered = table === "products" && pass.shelf && shelfFilters(pass.shelf);
        const candidates = filtered ? FILTERED_CANDIDATES : COMMON_CANDIDATES;
        const hits = await read.newest(pass, room, candidates);
        if (filtered) return readTo(hits as T[], candidates);
        return estimated(hits, estimate);
      }
      return counted(await read.ranked(pass, room, RANKED_MATCHES), share, rows);
    }
    const readProducts = {
      ranked: (pass: repository.SearchPass, limit: number, ranked: number) =>
        productSearch.matchingProducts(db, pass, limit, ranked),
      newest: (pass: repository.SearchPass, limit: number, candidates: number) =>
        productSearch.commonMatchingProducts(db, pass, limit, candidates),
    };
    const readMerchants = {
      ranked: (pass: repository.SearchPass, limit: number, ranked: number) =>
        merchantSearch.matchingMerchants(db, pass, limit, ranked),
      newest: (pass: repository.SearchPass, limit: number, candidates: number) =>
        merchantSearch.commonMatchingMerchants(db, pass, limit, candidates),
    };

    const shares = (pass: repository.SearchPass) =>
      common
        ? commonWords.commonShares(db, pass.tsquery, common)
        : Promise.resolve({ products: 0, merchants: 0 });
    const exactShares = await shares(terms);
    const [exactProducts, exactMerchants] = await Promise.all([
      list("products", terms, exactShares.products, limit, readProducts),
      list("merchants", terms, exactShares.merchants, limit, readMerchants),
    ]);
    const room = {
      products: limit - exactProducts.hits.length,
      merchants: limit - exactMerchants.hits.length,
    };
    const typo = room.products > 0 || room.merchants > 0 ? await typoPass(terms) : null;
    // The corrections' matches are read like the exact ones: a correction may be a common
    // word ('pupuza' → 'pupusa', 20,000 products at 1M).
    const typoShares = typo ? await shares(typo) : null;
    const [fuzzyProducts, fuzzyMerchants] =
      typo && typoShares
        ? await Promise.all([
            list("products", typo, typoShares.products, room.products, readProducts),
            list("merchants", typo, typoShares.merchants, room.merchants, readMerchants),
          ])
        : [
            noHits<Omit<productSearch.ProductHit, "total">>(),
            noHits<Omit<merchantSearch.MerchantHit, "total">>(),
          ];
    const products = combine(exactProducts, fuzzyProducts);
    // With a shelf's order, the corrections' matches take their place among the exact ones.
    if (terms.shelf?.sort) products.hits = sortHits(products.hits, terms.shelf.sort);
    const merchants = combine(exactMerchants, fuzzyMerchants);
    return {
      products: products.hits.map(({ id, slug, name, imageUrl, price }) => ({
        id,
        slug,
        name,
        imageUrl,
        price,
      })),
      merchants: merchants.hits.map(({ id, slug, name, address }) => ({ id, slug, name, address })),
      productTotal: products.total,
      merchantTotal: merchants.total,
      // Said only when a total is not an exact count: exact answers stay as they were.
      ...(products.kind === "estimate" ? { productTotalEstimated: true } : {}),
      ...(products.kind === "atLeast" ? { productTotalAtLeast: true } : {}),
      ...(merchants.kind === "estimate" ? { merchantTotalEstimated: true } : {}),
      ...(merchants.kind === "atLeast" ? { merchantTotalAtLeast: true } : {}),
    };
  }

  /**
   * The typo-tolerant pass (decisions §2, one typo in longer words): each typed word of
   * TYPO_MIN_LENGTH letters or more may also be any of its closest name words, the last
   * one still a prefix, minus what full text already found. Null when no word has another
   * spelling to try.
   */
  async function typoPass(terms: repository.SearchTerms): Promise<repository.SearchPass | null> {
    const words = terms.text.split(" ");
    const typed = [...new Set(words.filter((w) => w.length >= TYPO_MIN_LENGTH))];
    const similar = await typoWords.similarWords(db, typed, TYPO_CORRECTIONS_PER_WORD);
    const corrections = new Map<string, string[]>();
    for (const { typed: word, word: correction } of similar) {
      // Words come from the database: only plain letters and digits may reach to_tsquery.
      if (correction === word || !/^[\p{L}\p{N}]+$/u.test(correction)) continue;
      corrections.set(word, [...(corrections.get(word) ?? []), correction]);
    }
    if (corrections.size === 0) return null;
    const last = words.length - 1;
    const group = (weight: "" | "A") =>
      words
        .map((w, i) => {
          const spellings = [
            lexeme(w, i === last, weight),
            ...(corrections.get(w) ?? []).map((c) => lexeme(c, false, weight)),
          ];
          return spellings.length === 1 ? spellings[0] : `(${spellings.join(" | ")})`;
        })
        .join(" & ");
    return {
      tsquery: group(""),
      nameQuery: group("A"),
      namePattern: terms.namePattern,
      except: terms.tsquery,
      department: terms.department,
      openAt: terms.openAt,
      serves: terms.serves,
      shelf: terms.shelf,
    };
  }
}

/** One word of a to_tsquery text: `w`, `w:*` (a prefix), `w:A` (in the name) or `w:*A`. */
const lexeme = (word: string, prefix: boolean, weight: "" | "A") =>
  prefix || weight ? `${word}:${prefix ? "*" : ""}${weight}` : word;

const totalOf = (hits: { total: number }[]) => hits[0]?.total ?? 0;

/**
 * A list's hits and its total: `exact` counted every match, `estimate` is read from
 * PostgreSQL's statistics, `atLeast` counted RANKED_MATCHES and stopped (docs/decisions/0018).
 */
interface Counted<T> {
  hits: T[];
  total: number;
  kind: "exact" | "estimate" | "atLeast";
}

const noHits = <T>(): Counted<T> => ({ hits: [], total: 0, kind: "exact" });

/**
 * The matches a search reads and ranks at most, per list and pass (issue 13): 'hamaca' at
 * 1M products matched 25,000 rows, and reading and ranking them all took 440 ms.
 */
const RANKED_MATCHES = 500;

/**
 * Hits of a capped pass: fewer than RANKED_MATCHES found is an exact count; otherwise the
 * statistics' estimate (`share` of `rows`) when it is larger, else "at least" what was read.
 */
function counted<T extends { total: number }>(hits: T[], share: number, rows: number): Counted<T> {
  const found = totalOf(hits);
  if (found < RANKED_MATCHES) return { hits, total: found, kind: "exact" };
  const estimate = Math.round(share * rows);
  return estimate > found
    ? { hits, total: estimate, kind: "estimate" }
    : { hits, total: found, kind: "atLeast" };
}

/**
 * Hits of a read that stopped at `cap` candidates: fewer is every match (exact), else "at
 * least" what it read.
 */
function readTo<T extends { total: number }>(hits: T[], cap: number): Counted<T> {
  const found = totalOf(hits);
  return { hits, total: found, kind: found < cap ? "exact" : "atLeast" };
}

/** Hits of a common query with the estimate as their total (never fewer than found). */
function estimated<T>(hits: T[], estimate: number): Counted<T> {
  return { hits, total: Math.max(estimate, hits.length), kind: "estimate" };
}

/** The exact pass's hits, then the typo pass's; the total is exact only when both are. */
function combine<T>(exact: Counted<T>, typo: Counted<T>): Counted<T> {
  const kinds = [exact.kind, typo.kind];
  return {
    hits: [...exact.hits, ...typo.hits],
    total: exact.total + typo.total,
    kind: kinds.includes("estimate") ? "estimate" : kinds.includes("atLeast") ? "atLeast" : "exact",
  };
}

/**
 * A lexeme the query matches in at least this share of a table's rows makes it "common"
 * (issue 13): the GIN index would first gather every match, 25,000 for 'hamaca' at 1M
 * products (35 ms for a prefix); the newest-first index finds COMMON_CANDIDATES of them
 * within COMMON_CANDIDATES / share rows (10,000 at most). Decision 0017 used 20 %.
 */
const COMMON_SHARE = 0.02;
/**
 * The lexemes read from the statistics: any share from this one up, for the estimates of
 * capped searches (a share of 0.001 is 1,000 rows of 1M, more than RANKED_MATCHES).
 */
const ESTIMATED_SHARE = 0.001;
/** The matches a common query ranks: the newest products, the first merchants. */
const COMMON_CANDIDATES = 200;
/**
 * The matches a common query filtered by the shelf reads (issue 36), and then says "at least":
 * each is found among the rows the filter keeps, one in 40 for «café» in $5–$20 at 1M (200
 * took 37 ms of table reads; 100 is five pages of results).
 */
const FILTERED_CANDIDATES = 100;
/** Statistics change with ANALYZE (autovacuum): read again after this long. */
const COMMON_LEXEMES_TTL_MS = 10 * 60 * 1000;

/**
 * The estimated number of matches of a common query, else undefined (also when the
 * matches are few enough to rank them all: a small catalogue keeps exact answers).
 */
function commonEstimate(share: number, rows: number): number | undefined {
  const estimate = Math.round(share * rows);
  return share >= COMMON_SHARE && estimate > RANKED_MATCHES ? estimate : undefined;
}
