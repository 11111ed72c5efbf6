import type { Queryable } from "../../../db/client";
import type { AdminMerchantDto, MerchantDto } from "../../../shared/api-types";
import { findDepartment } from "../../../shared/el-salvador";
import { FEATURED_MERCHANTS } from "../../../shared/limits";
import {
  adminMerchantSchema,
  adminMerchantUpdateSchema,
  hasInvalidText,
  MERCHANT_CATEGORY_MESSAGE,
  merchantRegistrationSchema,
  normalizeAdminMerchant,
  normalizeRegistration,
  rejectSchema,
} from "../../../shared/schemas/index";
import { merchantSlug, withSuffix } from "../../../shared/slug";
import { invalidatePublicCatalogue, publicCache } from "../../cache/index";
import { AppError, parseInput } from "../../errors";
import type { ServiceDeps } from "../../services";
import { refreshCategoryCounts, refreshMerchantStats } from "../catalog/counts.repository";
import { existingCategoryIds } from "../catalog/catalog.repository";
import { isForeignKeyViolation, isUniqueViolation } from "../catalog/constraint-errors";
import { checkPage, LIMIT_MESSAGE, OFFSET_MESSAGE, type PageQuery } from "../catalog/paging";
import { createMerchantNotices } from "../merchant-portal/merchant-notices";
import { toAdminMerchantDto, toMerchantDto } from "./merchants.presenter";
import {
  countPublicMerchants,
  deleteMerchant,
  findMerchantForUpdate,
  findPublicMerchant,
  insertMerchant,
  listAllMerchants,
  listFeaturedMerchants,
  listPendingMerchants,
  listPublicMerchantsPage,
  listPublicMerchantSlugs,
  MERCHANT_SLUG_CONSTRAINT,
  type MerchantRow,
  type MerchantValues,
  productCategoryIds,
  slugsLike,
  updateMerchant,
} from "./merchants.repository";

export const MERCHANT_NOT_FOUND = "Comercio no encontrado";

/** Runs inside a merchant change's transaction, with the row before and after it. */
export type AfterChange = (tx: Queryable, before: MerchantRow, after: MerchantRow) => Promise<void>;
export const UNKNOWN_DEPARTMENT = "Departamento desconocido";
export const INVALID_CATEGORY_FILTER = "La categoría indicada no es válida";

/**
 * Page size of GET /api/merchants and /merchants (docs/decisions/0004): 30 fills whole rows
 * of the 1-, 2- and 3-column merchant grid; at most 100, like the product list.
 */
export const MERCHANTS_PAGE_SIZE = 30;
export { LIMIT_MESSAGE, OFFSET_MESSAGE } from "../catalog/paging";
const SLUG_RETRIES = 10;

/** Paths the API answers itself: a merchant named "Featured" must not hide /merchants/featured. */
const RESERVED_SLUGS = new Set(["featured"]);

export interface PublicMerchantQuery {
  categoryId?: number;
  department?: string;
}

/** Which page of a public merchant list (default 30 items). */
export type MerchantPageQuery = PageQuery;

/** One page of a public merchant list and the count of every merchant that matches. */
export interface MerchantPage {
  items: MerchantDto[];
  total: number;
}

/** A whole number in the query string (a repeated parameter is an array, so refused too). */
function queryCount(value: unknown, message: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string" || !/^\d{1,15}$/.test(value)) throw AppError.badRequest(message);
  return Number(value);
}

/**
 * Reads the query string of GET /api/merchants: categoryId a positive whole number,
 * department one of the 14 (accents and case optional), limit and offset whole numbers
 * (their range is the service's). Empty values mean "any" or the default.
 */
export function parseMerchantQuery(query: Record<string, unknown>): {
  filter: PublicMerchantQuery;
  page: MerchantPageQuery;
} {
  const filter: PublicMerchantQuery = {};
  const { categoryId, department } = query;
  if (categoryId !== undefined && categoryId !== "") {
    if (typeof categoryId !== "string" || !/^\d{1,9}$/.test(categoryId)) {
      throw AppError.badRequest(INVALID_CATEGORY_FILTER);
    }
    filter.categoryId = Number(categoryId);
  }
  if (department !== undefined && department !== "") {
    if (typeof department !== "string") throw AppError.badRequest(UNKNOWN_DEPARTMENT);
    filter.department = department;
  }
  const page = {
    limit: queryCount(query.limit, LIMIT_MESSAGE),
    offset: queryCount(query.offset, OFFSET_MESSAGE),
  };
  return { filter, page };
}

/** The filter with its department's proper name, or a 400. */
function checkFilter(filter: PublicMerchantQuery): PublicMerchantQuery {
  const { categoryId } = filter;
  if (
    categoryId !== undefined &&
    (!Number.isInteger(categoryId) || categoryId < 1 || categoryId > 2 ** 31 - 1)
  ) {
    throw AppError.badRequest(INVALID_CATEGORY_FILTER);
  }
  let department: string | undefined;
  if (filter.department !== undefined) {
    department = findDepartment(filter.department);
    if (!department) throw AppError.badRequest(UNKNOWN_DEPARTMENT);
  }
  return { categoryId, department };
}

/** The fields the public registration and the administrator's form both fill. */
const FORM_FIELDS = [
  "name",
  "description",
  "address",
  "department",
  "municipality",
  "phone",
  "whatsapp",
  "email",
  "categoryId",
  "schedule",
  "website",
  "facebook",
  "instagram",
  "tiktok",
] as const satisfies readonly (keyof MerchantValues)[];

function formValues<T extends Pick<MerchantValues, (typeof FORM_FIELDS)[number]>>(
  data: T,
): Pick<MerchantValues, (typeof FORM_FIELDS)[number]> {
  return Object.fromEntries(FORM_FIELDS.map((field) => [field, data[field]])) as Pick<
    MerchantValues,
    (typeof FORM_FIELDS)[number]
  >;
}

const categoryError = () =>
  AppError.validation([{ path: "categoryId", message: MERCHANT_CATEGORY_MESSAGE }]);

async function requireCategory(db: Queryable, categoryId: number) {
  if (!(await existingCategoryIds(db, [categoryId])).has(categoryId)) throw categoryError();
}

/** A category deleted between our check and the write surfaces as a foreign-key error. */
function mapWriteError(error: unknown): never {
  if (isForeignKeyViolation(error)) throw categoryError();
  throw error;
}

/**
 * Inserts with the first free slug of `base`, `base-2`, `base-3`… A concurrent insert
 * may take it between our read and our write: the unique index refuses ours, and the
 * savepoint lets the transaction try the next one.
 */
async function insertWithUniqueSlug(
  tx: Queryable,
  base: string,
  values: Omit<MerchantValues, "slug">,
): Promise<MerchantRow> {
  for (let attempt = 0; attempt < SLUG_RETRIES; attempt++) {
    const taken = new Set(await slugsLike(tx, base));
    let n = 1;
    while (taken.has(withSuffix(base, n)) || RESERVED_SLUGS.has(withSuffix(base, n))) n++;
    try {
      return await tx.transaction((savepoint) =>
        insertMerchant(savepoint, { ...values, slug: withSuffix(base, n) }),
      );
    } catch (error) {
      if (!isUniqueViolation(error, MERCHANT_SLUG_CONSTRAINT)) throw error;
    }
  }
  throw AppError.conflict("No se pudo generar un enlace único para el comercio. Intenta de nuevo.");
}

/**
 * Keeps counts true after a merchant's visibility or category changed: its own stats,
 * its old and new category, and the categories of its products (whose public counts
 * follow the merchant).
 */
async function refreshAfterChange(tx: Queryable, merchantId: number, categoryIds: number[]) {
  const productCategories = await productCategoryIds(tx, merchantId);
  await refreshMerchantStats(tx, [merchantId]);
  await refreshCategoryCounts(tx, [...new Set([...categoryIds, ...productCategories])]);
}

export function createMerchantsService(deps: ServiceDeps) {
  const { db } = deps;
  const cache = publicCache(db);
  const notices = createMerchantNotices(deps);

  /** Locks the merchant for the rest of the transaction, or answers 404. */
  async function lockMerchant(tx: Queryable, id: number): Promise<MerchantRow> {
    const row = await findMerchantForUpdate(tx, id);
    if (!row) throw AppError.notFound(MERCHANT_NOT_FOUND);
    return row;
  }

  /**
   * Applies a change to one merchant and recounts what it may have moved. `after` runs in
   * the same transaction (notices, the audit log of issue 11).
   */
  async function change(
    id: number,
    values: Partial<MerchantValues>,
    after?: AfterChange,
  ): Promise<AdminMerchantDto> {
    const changed = await db
      .transaction(async (tx) => {
        const before = await lockMerchant(tx, id);
        if (values.categoryId !== undefined && values.categoryId !== before.categoryId) {
          await requireCategory(tx, values.categoryId);
        }
        const updated = (await updateMerchant(tx, id, values))!;
        await refreshAfterChange(tx, id, [before.categoryId, updated.categoryId]);
        if (after) await after(tx, before, updated);
        return toAdminMerchantDto((await findMerchantForUpdate(tx, id))!);
      })
      .catch(mapWriteError);
    await invalidatePublicCatalogue(db);
    return changed;
  }

  /** Creates a merchant with a unique slug and recounts its category. */
  async function create(
    base: string,
    values: Omit<MerchantValues, "slug">,
    after?: (tx: Queryable, row: MerchantRow) => Promise<void>,
  ): Promise<MerchantRow> {
    return db
      .transaction(async (tx) => {
        await requireCategory(tx, values.categoryId);
        const row = await insertWithUniqueSlug(tx, base, values);
        await refreshCategoryCounts(tx, [row.categoryId]);
        if (after) await after(tx, row);
        return row;
      })
      .catch(mapWriteError);
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
    const checked = checkFilter(filter);
    const where = `${checked.categoryId ?? ""}:${checked.department ?? ""}`;
    const { limit, offset } = checkPage(page, MERCHANTS_PAGE_SIZE);
    return cache.get(`merchants.page:${where}:${limit}:${offset}`, async () => {
      const [rows, total] = await Promise.all([
        listPublicMerchantsPage(db, { ...checked, limit, offset }),
        countPublicMerchants(db, checked),
      ]);
      return { items: rows.map(toMerchantDto), total };
    });
  }

  return {
    listPublic,

    /** Best rated public merchants (rating, then number of reviews), at most FEATURED_MERCHANTS. */
    async featured(): Promise<MerchantDto[]> {
      return cache.get("merchants.featured", async () =>
        (await listFeaturedMerchants(db, FEATURED_MERCHANTS)).map(toMerchantDto),
      );
    },

    /** Digits only is an id, anything else a slug; null unless the merchant is public. */
    async getPublic(idOrSlug: string): Promise<MerchantDto | null> {
      const present = (row: MerchantRow | undefined) => (row ? toMerchantDto(row) : null);
      if (/^\d+$/.test(idOrSlug)) {
        const id = Number(idOrSlug);
        if (id < 1 || id > 2 ** 31 - 1) return null;
        return cache.get(`merchants.id:${id}`, async () =>
          present(await findPublicMerchant(db, { id })),
        );
      }
      // No slug holds what no text field accepts (NUL cannot even reach PostgreSQL): 404.
      if (hasInvalidText(idOrSlug)) return null;
      return cache.get(`merchants.slug:${idOrSlug}`, async () =>
        present(await findPublicMerchant(db, { slug: idOrSlug })),
      );
    },

    /** Public registration: always pending (so nothing public changes), slug made from the name. */
    async register(input: unknown): Promise<MerchantDto> {
      const data = normalizeRegistration(parseInput(merchantRegistrationSchema, input));
      const row = await create(
        data.slug,
        {
          ...formValues(data),
          // Whatever the request says, the public never publishes itself.
          approved: false,
          isActive: true,
          rejectionReason: null,
        },
        // 'Recibimos tu solicitud' and the administrators' notice commit with the row.
        (tx, created) => notices.applicationReceived(tx, created),
      );
      return toMerchantDto(row);
    },

    /** Any merchant by id, whatever its status (the merchant portal's own profile). */
    async getById(id: number): Promise<AdminMerchantDto | null> {
      const row = await findMerchantForUpdate(db, id);
      return row ? toAdminMerchantDto(row) : null;
    },

    /** Every merchant, newest first. */
    async listAdmin(): Promise<AdminMerchantDto[]> {
      return (await listAllMerchants(db)).map(toAdminMerchantDto);
    },

    /** Applications awaiting a decision, oldest first. */
    async listPending(): Promise<AdminMerchantDto[]> {
      return (await listPendingMerchants(db)).map(toAdminMerchantDto);
    },

    /** Admin create: published at once unless the switch said otherwise. */
    async createAdmin(input: unknown): Promise<AdminMerchantDto> {
      const data = normalizeAdminMerchant(parseInput(adminMerchantSchema, input));
      const row = await create(merchantSlug(data.slug || data.name), {
        ...formValues(data),
        linkedin: data.linkedin,
        imageUrl: data.imageUrl,
        logoUrl: data.logoUrl,
        approved: data.approved ?? true,
        isActive: data.isActive ?? true,
        rejectionReason: null,
      });
      await invalidatePublicCatalogue(db);
      return toAdminMerchantDto(row);
    },

    /** Admin edit; the slug stays, so shared links keep working. Absent optional fields are kept. */
    async update(
      id: number,
      input: unknown,
      options: { after?: AfterChange } = {},
    ): Promise<AdminMerchantDto> {
      const parsed = parseInput(adminMerchantUpdateSchema, input);
      const data = normalizeAdminMerchant(parsed);
      const values: Partial<MerchantValues> = {
        name: data.name,
        description: data.description,
        address: data.address,
        phone: data.phone,
        email: data.email,
        categoryId: data.categoryId,
        schedule: data.schedule,
      };
      const optional = [
        "whatsapp",
        "website",
        "facebook",
        "instagram",
        "tiktok",
        "linkedin",
        "imageUrl",
        "logoUrl",
      ] as const;
      for (const key of optional) {
        if (parsed[key] !== undefined) values[key] = data[key];
      }
      // Spec §7's edit payload has no department or municipality: left out, they stay.
      if (parsed.department !== undefined || parsed.municipality !== undefined) {
        values.department = data.department;
        values.municipality = data.municipality;
      }
      if (parsed.isActive !== undefined) values.isActive = parsed.isActive;
      return change(id, values, options.after);
    },

    /** Permanently deletes the merchant, its products and all their reviews; order lines stay. */
    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockMerchant(tx, id);
        const productCategories = await productCategoryIds(tx, id);
        await deleteMerchant(tx, id);
        await refreshCategoryCounts(tx, [...new Set([row.categoryId, ...productCategories])]);
      });
      await invalidatePublicCatalogue(db);
    },

    /** Publishes the merchant and forgets any earlier rejection. */
    async approve(id: number): Promise<AdminMerchantDto> {
      return change(id, { approved: true, rejectionReason: null }, async (tx, before, after) => {
        if (!before.approved) await notices.approved(tx, after);
      });
    },

    /** Stores the reason; the merchant leaves the pending queue and is never public. */
    async reject(id: number, input: unknown): Promise<AdminMerchantDto> {
      const { reason } = parseInput(rejectSchema, input);
      return change(
        id,
        { approved: false, rejectionReason: reason },
        async (tx, _before, after) => {
          await notices.rejected(tx, after, reason);
        },
      );
    },

    /** Public merchants for the sitemap. */
    async listPublicSlugs(): Promise<{ slug: string; updatedAt: string }[]> {
      return cache.get("merchants.slugs", async () => {
        const rows = await listPublicMerchantSlugs(db);
        return rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt.toISOString() }));
      });
    },
  };
}

export type MerchantsService = ReturnType<typeof createMerchantsService>;
