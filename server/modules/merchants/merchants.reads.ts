import type { MerchantDto } from "../../../shared/api-types";
import { UNKNOWN_MUNICIPALITY } from "../../../shared/delivery";
import { findZone, type Zone } from "../../../shared/places";
import { findDepartment } from "../../../shared/el-salvador";
import { FEATURED_MERCHANTS, MERCHANTS_PAGE_SIZE } from "../../../shared/limits";
import {
  MERCHANT_CATEGORY_FILTER_MESSAGE,
  MERCHANT_DEPARTMENT_FILTER_MESSAGE,
  ZONE_FILTER_MESSAGE,
} from "../../../shared/schemas/list-queries";
import { isRowId } from "../../../shared/schemas/query";
import { svMoment } from "../../../shared/open-now";
import { hasInvalidText } from "../../../shared/schemas/index";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { catalogueTags } from "../../cache/index";
import { checkPage, type PageQuery } from "../catalog/paging";
import { pageTotal } from "../catalog/page-total";
import { ensureMerchantHours } from "../catalog/opening-hours";
import { specialDatesFrom } from "../catalog/merchant-with-dates";
import { toMerchantDto } from "./merchants.presenter";
import {
  countPublicMerchants,
  listFeaturedMerchants,
  listPublicMerchantsPage,
  listPublicMerchantSlugs,
  type MerchantRow,
} from "./merchants.repository";
import { readBySlugs, type BySlugs } from "../catalog/read-by-slugs";
import {
  findPublicMerchantsWithDates,
  findPublicMerchantWithDates,
  specialDatesOf,
} from "./opening.repository";

/*
 * The public catalogue's merchant reads (lists, counts, featured, one merchant, the sitemap),
 * each answered from the public-read cache. merchants.service.ts composes them with the
 * registration and the back office (merchants.admin.ts).
 */

// The list's query string is read by shared/schemas/list-queries.ts, with these messages.
export const UNKNOWN_DEPARTMENT = MERCHANT_DEPARTMENT_FILTER_MESSAGE;
export const INVALID_CATEGORY_FILTER = MERCHANT_CATEGORY_FILTER_MESSAGE;

export interface PublicMerchantQuery {
  categoryId?: number;
  department?: string;
  /** 'now': only merchants open now in El Salvador. */
  open?: "now";
  /**
   * Issue 36: located in or delivering to this zone, a municipality or a district (accents
   * and case optional); `municipality`, its name before, reads the same way.
   */
  zone?: string;
  municipality?: string;
}

/** Which page of a public merchant list (default 30 items). */
export type MerchantPageQuery = PageQuery;

/** One page of a public merchant list and the count of every merchant that matches. */
export interface MerchantPage {
  items: MerchantDto[];
  total: number;
}

/**
 * The zone of a list's filter, `zone` or else `municipality` (either a municipality or a
 * district), or a 400 with the message of the parameter that named no place.
 */
export function checkZoneFilter(filter: {
  zone?: string;
  municipality?: string;
}): Zone | undefined {
  if (filter.zone) {
    const zone = findZone(filter.zone);
    if (!zone) throw AppError.badRequest(ZONE_FILTER_MESSAGE);
    return zone;
  }
  if (!filter.municipality) return undefined;
  const zone = findZone(filter.municipality);
  if (!zone) throw AppError.badRequest(UNKNOWN_MUNICIPALITY);
  return zone;
}

/** The filter with its department's proper name, or a 400. */
function checkFilter(filter: PublicMerchantQuery): PublicMerchantQuery {
  const { categoryId } = filter;
  if (categoryId !== undefined && !isRowId(categoryId)) {
    throw AppError.badRequest(INVALID_CATEGORY_FILTER);
  }
  let department: string | undefined;
  if (filter.department !== undefined) {
    department = findDepartment(filter.department);
    if (!department) throw AppError.badRequest(UNKNOWN_DEPARTMENT);
  }
  const zone = checkZoneFilter(filter)?.label;
  return { categoryId, department, open: filter.open === "now" ? "now" : undefined, zone };
}

/** A merchant list's tags (server/cache/tags.ts): the merchants it shows, and the lists'. */
const listTags = (items: readonly MerchantDto[]) => [
  catalogueTags.merchantLists,
  ...items.map((m) => catalogueTags.merchant(m.id)),
];

/** What a merchant read answered, or (none) the lists that a merchant appearing would change. */
const merchantTags = (merchant: MerchantDto | null) => [
  merchant ? catalogueTags.merchant(merchant.id) : catalogueTags.merchantLists,
];

export function createMerchantReads(deps: ServiceDeps) {
  const { db, cache: catalogue } = deps;
  const cache = catalogue.reads;

  /** A shopper's filter checked, as the repository takes it and as a cache key. */
  async function publicFilterOf(filter: PublicMerchantQuery) {
    const checked = checkFilter(filter);
    const serves = checkZoneFilter(checked);
    // 'Open now' is a query on this minute: the minute is in the key, so no entry outlives it.
    const openAt = checked.open === "now" ? svMoment(new Date()) : undefined;
    if (openAt) await ensureMerchantHours(db);
    const where = [
      checked.categoryId ?? "",
      checked.department ?? "",
      serves?.label ?? "",
      openAt ? `${openAt.date}T${openAt.dayMinute}` : "",
    ].join(":");
    return { repositoryFilter: { ...checked, openAt, serves }, where };
  }

  /**
   * One page of the public merchants by name, optionally of one category and/or
   * department, and the count of all that match (GET /api/merchants, /merchants, a
   * category's merchants tab).
   */
  async function listPublic(
    filter: PublicMerchantQuery,
    page: MerchantPageQuery = {},
  ): Promise<MerchantPage> {
    const { limit, offset } = checkPage(page, MERCHANTS_PAGE_SIZE);
    const { repositoryFilter, where } = await publicFilterOf(filter);
    return cache.get(
      `merchants.page:${where}:${limit}:${offset}`,
      async () => {
        const rows = await listPublicMerchantsPage(db, { ...repositoryFilter, limit, offset });
        // A page with room left holds the last match: the count is known without a query.
        const [items, total] = await Promise.all([
          present(rows),
          pageTotal({ limit, offset }, rows.length) ?? countPublicMerchants(db, repositoryFilter),
        ]);
        return { items, total };
      },
      (page) => listTags(page.items),
    );
  }

  /**
   * How many public merchants match, without a page (a category page's merchants tab label
   * while its products tab is shown).
   */
  async function countPublic(filter: PublicMerchantQuery): Promise<number> {
    const { repositoryFilter, where } = await publicFilterOf(filter);
    return cache.get(
      `merchants.count:${where}`,
      () => countPublicMerchants(db, repositoryFilter),
      () => [catalogueTags.merchantLists],
    );
  }

  /** Public DTOs with their special dates (one query for the whole list). */
  async function present(rows: MerchantRow[]): Promise<MerchantDto[]> {
    const dates = await specialDatesOf(
      db,
      rows.map((r) => r.id),
      specialDatesFrom(new Date()),
    );
    return rows.map((row) => toMerchantDto(row, dates.get(row.id) ?? []));
  }

  return {
    listPublic,
    countPublic,

    /** Best rated public merchants (rating, then number of reviews), at most FEATURED_MERCHANTS. */
    async featured(): Promise<MerchantDto[]> {
      return cache.get(
        "merchants.featured",
        async () => present(await listFeaturedMerchants(db, FEATURED_MERCHANTS)),
        (items) => [...listTags(items), catalogueTags.byRating],
      );
    },

    /** Digits only is an id, anything else a slug; null unless the merchant is public. */
    async getPublic(idOrSlug: string): Promise<MerchantDto | null> {
      // The merchant and its special dates in one query (issue 13).
      const one = async (key: { id: number } | { slug: string }) => {
        const found = await findPublicMerchantWithDates(db, key, specialDatesFrom(new Date()));
        return found ? toMerchantDto(found.row, found.specialDates) : null;
      };
      if (/^\d+$/.test(idOrSlug)) {
        const id = Number(idOrSlug);
        if (!isRowId(id)) return null;
        return cache.get(`merchants.id:${id}`, () => one({ id }), merchantTags);
      }
      // No slug holds what no text field accepts (NUL cannot even reach PostgreSQL): 404.
      if (hasInvalidText(idOrSlug)) return null;
      return cache.get(`merchants.slug:${idOrSlug}`, () => one({ slug: idOrSlug }), merchantTags);
    },

    /**
     * The public merchants of `slugs` as getPublic answers each, in the slugs' order, and
     * the slugs of none (/favorites' loader, issue 27): one statement for the whole list.
     * Not cached: each list is one shopper's.
     */
    async listPublicBySlugs(slugs: readonly string[]): Promise<BySlugs<MerchantDto>> {
      const fromDate = specialDatesFrom(new Date());
      return readBySlugs(slugs, async (valid) =>
        (await findPublicMerchantsWithDates(db, valid, fromDate)).map((found) =>
          toMerchantDto(found.row, found.specialDates),
        ),
      );
    },

    /** Public merchants for the sitemap (each edit moves a date: any write forgets it). */
    async listPublicSlugs(): Promise<{ slug: string; updatedAt: string }[]> {
      return cache.get("merchants.slugs", async () => {
        const rows = await listPublicMerchantSlugs(db);
        return rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt.toISOString() }));
      });
    },
  };
}
