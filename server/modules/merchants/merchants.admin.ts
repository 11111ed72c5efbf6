import type { Queryable } from "../../../db/client";
import type {
  AdminMerchantDto,
  MerchantDto,
  MerchantOptionDto,
  UserDto,
} from "../../../shared/api-types";
import { ADMIN_PAGE_SIZE } from "../../../shared/limits";
import type { AdminListQuery, AdminMerchantListQuery } from "../../../shared/schemas/list-queries";
import type { SpecialDate } from "../../../shared/open-now";
import {
  adminMerchantSchema,
  adminMerchantUpdateSchema,
  MERCHANT_CATEGORY_MESSAGE,
  merchantRegistrationSchema,
  normalizeAdminMerchant,
  normalizeRegistration,
  rejectSchema,
} from "../../../shared/schemas/index";
import {
  DELIVERY_DEPARTMENT_MESSAGE,
  DELIVERY_MUNICIPALITIES_MESSAGE,
  merchantOperationsSchema,
  type MerchantOperations,
} from "../../../shared/schemas/merchant-operations";
import { BANK_FIELD_MESSAGE } from "../../../shared/schemas/order-life";
import { deliversTo, type DeliveryFacts } from "../../../shared/delivery";
import { findPlace } from "../../../shared/places";
import { feeNotServedMessage } from "../../../shared/schemas/delivery-places";
import { merchantSlug, withSuffix } from "../../../shared/slug";
import { AppError, parseInput } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { refreshCategoryCounts, refreshMerchantStats } from "../catalog/counts.repository";
import { existingCategoryIds } from "../catalog/catalog.repository";
import { isForeignKeyViolation, isUniqueViolation } from "../catalog/constraint-errors";
import { checkPage, type Paged } from "../catalog/paging";
import { specialDatesFrom } from "../catalog/merchant-with-dates";
import {
  changedFieldLabels,
  type MerchantActivityService,
} from "../merchant-activity/merchant-activity.service";
import { merchantStatus, toAdminMerchantDto, toMerchantDto } from "./merchants.presenter";
import {
  deleteMerchant,
  findMerchantForUpdate,
  insertMerchant,
  listAllMerchants,
  listPendingMerchants,
  listMerchantNames,
  MERCHANT_SLUG_CONSTRAINT,
  type MerchantRow,
  type MerchantValues,
  productCategoryIds,
  slugsLike,
  updateMerchant,
} from "./merchants.repository";
import { replaceSpecialDates, specialDatesOf, writeHours } from "./opening.repository";

/*
 * Every merchant write (the public registration, the administrators' and the portal's
 * edits, approval, rejection, deletion) and the back office's lists. Each write runs in one
 * transaction with its recounts, its audit row and its notices (the merchant-activity
 * module), then forgets the cached public reads. Composed by merchants.service.ts.
 */

export const MERCHANT_NOT_FOUND = "Comercio no encontrado";

/** Runs inside a merchant change's transaction, with the row before and after it. */
export type AfterChange = (tx: Queryable, before: MerchantRow, after: MerchantRow) => Promise<void>;

const SLUG_RETRIES = 10;

/** Paths the API answers itself: a merchant named "Featured" must not hide /merchants/featured. */
const RESERVED_SLUGS = new Set(["featured"]);

/**
 * Delivery settings a write leaves valid: delivering 'to its department' needs one, 'to
 * these places' needs at least one, and a fee by place is for a place it delivers to.
 */
function checkDelivery(
  row: Pick<
    MerchantRow,
    | "department"
    | "municipality"
    | "fulfillment"
    | "deliveryArea"
    | "deliveryMunicipalities"
    | "deliveryFees"
  >,
): void {
  if (row.deliveryArea === "department" && !row.department) {
    throw AppError.validation([{ path: "deliveryArea", message: DELIVERY_DEPARTMENT_MESSAGE }]);
  }
  if (row.deliveryArea === "municipalities" && row.deliveryMunicipalities.length === 0) {
    throw AppError.validation([
      { path: "deliveryMunicipalities", message: DELIVERY_MUNICIPALITIES_MESSAGE },
    ]);
  }
  const facts = row as unknown as DeliveryFacts;
  const unserved = row.deliveryFees.flatMap((fee, index) => {
    const place = findPlace(fee.place);
    const served =
      place !== undefined &&
      (row.fulfillment === null ||
        deliversTo(facts, place.municipality, place.kind === "district" ? place.district : null) ||
        // A fee for a whole municipality of which it serves some districts.
        (place.kind === "municipality" &&
          row.deliveryMunicipalities.some(
            (p) => findPlace(p)?.municipality === place.municipality,
          )));
    return served
      ? []
      : [{ path: `deliveryFees.${index}.place`, message: feeNotServedMessage(fee.place) }];
  });
  if (unserved.length > 0) throw AppError.validation(unserved);
}

/** Issue 25's settings that a write may clear with null. */
const PAYMENT_KEYS = [
  "deliveryFee",
  "freeDeliveryFrom",
  "bankName",
  "accountHolder",
  "accountNumber",
  "accountType",
] as const;

/** Accepting transfers needs the whole of the bank details, as the row now stands. */
function checkPayments(
  row: Pick<MerchantRow, "paymentMethods" | (typeof PAYMENT_KEYS)[number]>,
): void {
  if (!row.paymentMethods.includes("transfer")) return;
  const missing = (["bankName", "accountHolder", "accountNumber", "accountType"] as const).filter(
    (key) => !row[key],
  );
  if (missing.length > 0) {
    throw AppError.validation(missing.map((path) => ({ path, message: BANK_FIELD_MESSAGE })));
  }
}

/** The merchant columns of issue 12's fields that the write gave (absent ones are kept). */
function operationValues(data: MerchantOperations): Partial<MerchantValues> {
  const values: Partial<MerchantValues> = {};
  if (data.temporarilyClosed !== undefined) values.temporarilyClosed = data.temporarilyClosed;
  if (data.fulfillment !== undefined) values.fulfillment = data.fulfillment;
  if (data.deliveryArea !== undefined) values.deliveryArea = data.deliveryArea;
  if (data.deliveryMunicipalities !== undefined) {
    values.deliveryMunicipalities = data.deliveryMunicipalities;
  }
  if (data.deliveryNote !== undefined) values.deliveryNote = data.deliveryNote || null;
  if (data.deliveryFees !== undefined) values.deliveryFees = data.deliveryFees;
  if (data.minimumOrder !== undefined) values.minimumOrder = data.minimumOrder;
  for (const key of PAYMENT_KEYS) {
    if (data[key] !== undefined) Object.assign(values, { [key]: data[key] ?? null });
  }
  if (data.paymentMethods !== undefined) values.paymentMethods = data.paymentMethods;
  // No delivery means no delivery area: a shopper's filter must not find it by a stale list.
  if (data.fulfillment === "pickup") {
    values.deliveryArea = null;
    values.deliveryMunicipalities = [];
    values.deliveryFees = [];
  }
  return values;
}

/** Runs `after` (if any) once the special dates, when the write gave them, are replaced. */
function withSpecialDates<A extends unknown[]>(
  dates: SpecialDate[] | undefined,
  after: ((tx: Queryable, row: MerchantRow, ...rest: A) => Promise<void>) | undefined,
  idOf: (row: MerchantRow) => number = (row) => row.id,
) {
  return async (tx: Queryable, row: MerchantRow, ...rest: A) => {
    if (dates !== undefined) await replaceSpecialDates(tx, idOf(row), dates);
    if (after) await after(tx, row, ...rest);
  };
}

/** The fields the public registration and the administrator's form both fill. */
const FORM_FIELDS = [
  "name",
  "description",
  "address",
  "department",
  "municipality",
  "district",
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

/** Issue 37: who sells, null until given (a create has nothing to keep). */
function legalValues(data: {
  legalName: string | null | undefined;
  taxId: string | null | undefined;
}) {
  return { legalName: data.legalName ?? null, taxId: data.taxId ?? null };
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

export function createMerchantAdmin(deps: ServiceDeps, activity: MerchantActivityService) {
  const { db, cache: catalogue } = deps;
  const { notices } = activity;

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
        checkDelivery(updated);
        checkPayments(updated);
        // The queryable hours move with the schedule text, in the same transaction.
        if (values.schedule !== undefined) await writeHours(tx, id, updated.schedule);
        await refreshAfterChange(tx, id, [before.categoryId, updated.categoryId]);
        if (after) await after(tx, before, updated);
        const dates = await specialDatesOf(tx, [id], specialDatesFrom(new Date()));
        return toAdminMerchantDto((await findMerchantForUpdate(tx, id))!, dates.get(id) ?? []);
      })
      .catch(mapWriteError);
    await catalogue.invalidate();
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
        checkDelivery(row);
        checkPayments(row);
        await writeHours(tx, row.id, row.schedule);
        await refreshCategoryCounts(tx, [row.categoryId]);
        if (after) await after(tx, row);
        return row;
      })
      .catch(mapWriteError);
  }

  return {
    /** Public registration: always pending (so nothing public changes), slug made from the name. */
    async register(input: unknown): Promise<MerchantDto> {
      const data = normalizeRegistration(parseInput(merchantRegistrationSchema, input));
      const operations = parseInput(merchantOperationsSchema, input);
      const row = await create(
        data.slug,
        {
          ...formValues(data),
          ...legalValues(data),
          ...operationValues(operations),
          // Whatever the request says, the public never publishes itself.
          approved: false,
          isActive: true,
          rejectionReason: null,
        },
        // 'Recibimos tu solicitud' and the administrators' notice commit with the row.
        withSpecialDates(operations.specialDates, (tx, created) =>
          notices.applicationReceived(tx, created),
        ),
      );
      return toMerchantDto(row, operations.specialDates ?? []);
    },

    /** Any merchant by id, whatever its status (the merchant portal's own profile). */
    async getById(id: number): Promise<AdminMerchantDto | null> {
      const row = await findMerchantForUpdate(db, id);
      if (!row) return null;
      const dates = await specialDatesOf(db, [id], specialDatesFrom(new Date()));
      return toAdminMerchantDto(row, dates.get(id) ?? []);
    },

    /** Every merchant, newest first: one page, and how many match (issue 13). */
    async listAdmin(query: AdminMerchantListQuery = {}): Promise<Paged<AdminMerchantDto>> {
      const page = { q: query.q, legal: query.legal, ...checkPage(query, ADMIN_PAGE_SIZE) };
      const { rows, total } = await listAllMerchants(db, page);
      return { items: rows.map((row) => toAdminMerchantDto(row)), total };
    },

    /** Applications awaiting a decision, oldest first: one page, and how many there are. */
    async listPending(query: AdminListQuery = {}): Promise<Paged<AdminMerchantDto>> {
      const page = { q: query.q, ...checkPage(query, ADMIN_PAGE_SIZE) };
      const { rows, total } = await listPendingMerchants(db, page);
      return { items: rows.map((row) => toAdminMerchantDto(row)), total };
    },

    /** Every merchant's id, name, category and status, by name: the admin forms' pickers. */
    async listNames(): Promise<MerchantOptionDto[]> {
      return (await listMerchantNames(db)).map((row) => ({
        id: row.id,
        name: row.name,
        categoryId: row.categoryId,
        status: merchantStatus(row),
      }));
    },

    /** Admin create: published at once unless the switch said otherwise. */
    async createAdmin(input: unknown): Promise<AdminMerchantDto> {
      const data = normalizeAdminMerchant(parseInput(adminMerchantSchema, input));
      const operations = parseInput(merchantOperationsSchema, input);
      const row = await create(
        merchantSlug(data.slug || data.name),
        {
          ...formValues(data),
          ...legalValues(data),
          ...operationValues(operations),
          linkedin: data.linkedin,
          imageUrl: data.imageUrl,
          logoUrl: data.logoUrl,
          approved: data.approved ?? true,
          isActive: data.isActive ?? true,
          rejectionReason: null,
        },
        withSpecialDates(operations.specialDates, undefined),
      );
      await catalogue.invalidate();
      return toAdminMerchantDto(row, operations.specialDates ?? []);
    },

    /** Admin edit; the slug stays, so shared links keep working. Absent optional fields are kept. */
    async update(
      id: number,
      input: unknown,
      options: { after?: AfterChange; actor?: UserDto } = {},
    ): Promise<AdminMerchantDto> {
      const parsed = parseInput(adminMerchantUpdateSchema, input);
      const operations = parseInput(merchantOperationsSchema, input);
      const data = normalizeAdminMerchant(parsed);
      const values: Partial<MerchantValues> = {
        ...operationValues(operations),
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
      // The place is written whole: a department or municipality given without a district
      // leaves none (issue 36), so a stored district never sits in another municipality.
      if (
        parsed.department !== undefined ||
        parsed.municipality !== undefined ||
        parsed.district !== undefined
      ) {
        values.department = data.department;
        values.municipality = data.municipality;
        values.district = data.district;
      }
      if (parsed.isActive !== undefined) values.isActive = parsed.isActive;
      // Issue 37: left out (spec §7's payload), the legal identity stays as stored.
      if (data.legalName !== undefined) values.legalName = data.legalName;
      if (data.taxId !== undefined) values.taxId = data.taxId;
      const { actor } = options;
      // An administrator's edit is audited in the change's transaction (issue 11).
      const after: AfterChange | undefined = actor
        ? async (tx, before, row) => {
            if (options.after) await options.after(tx, before, row);
            const fields = changedFieldLabels(before, row);
            if (operations.specialDates !== undefined) fields.push("fechas especiales");
            await activity.audit(tx, {
              merchantId: id,
              user: actor,
              action: "merchant.update",
              summary: fields.length
                ? `Datos: ${fields.join(", ")}`
                : "Datos guardados sin cambios",
            });
          }
        : options.after;
      return change(id, values, withSpecialDates(operations.specialDates, after));
    },

    /**
     * Issue 12's fields alone, each optional (absent ones are kept): temporarilyClosed,
     * specialDates (the list replaces the stored one), fulfillment, deliveryArea,
     * deliveryMunicipalities, deliveryNote; and `schedule` when given, which rewrites the
     * queryable hours in the same transaction. For the merchant portal and the admin.
     */
    async updateOperations(
      id: number,
      input: unknown,
      options: { schedule?: string; after?: AfterChange } = {},
    ): Promise<AdminMerchantDto> {
      const operations = parseInput(merchantOperationsSchema, input);
      const values = operationValues(operations);
      if (options.schedule !== undefined) values.schedule = options.schedule;
      return change(id, values, withSpecialDates(operations.specialDates, options.after));
    },

    /** Permanently deletes the merchant, its products and all their reviews; order lines stay. */
    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockMerchant(tx, id);
        const productCategories = await productCategoryIds(tx, id);
        await deleteMerchant(tx, id);
        await refreshCategoryCounts(tx, [...new Set([row.categoryId, ...productCategories])]);
      });
      await catalogue.invalidate();
    },

    /** Publishes the merchant and forgets any earlier rejection; `actor` is audited. */
    async approve(id: number, actor?: UserDto): Promise<AdminMerchantDto> {
      return change(id, { approved: true, rejectionReason: null }, async (tx, before, after) => {
        if (!before.approved) await notices.approved(tx, after);
        if (actor) {
          await activity.audit(tx, {
            merchantId: id,
            user: actor,
            action: "merchant.approve",
            summary: "Comercio aprobado",
          });
        }
      });
    },

    /** Stores the reason; the merchant leaves the pending queue and is never public. */
    async reject(id: number, input: unknown, actor?: UserDto): Promise<AdminMerchantDto> {
      const { reason } = parseInput(rejectSchema, input);
      return change(
        id,
        { approved: false, rejectionReason: reason },
        async (tx, _before, after) => {
          await notices.rejected(tx, after, reason);
          if (actor) {
            await activity.audit(tx, {
              merchantId: id,
              user: actor,
              action: "merchant.reject",
              summary: `Solicitud rechazada: ${reason}`,
            });
          }
        },
      );
    },
  };
}
