import type { Queryable } from "../../../db/client";
import type { AdminMerchantDto, MerchantDto, UserDto } from "../../../shared/api-types";
import {
  adminMerchantSchema,
  adminMerchantUpdateSchema,
  merchantRegistrationSchema,
  normalizeAdminMerchant,
  normalizeRegistration,
  rejectSchema,
} from "../../../shared/schemas/index";
import { merchantOperationsSchema } from "../../../shared/schemas/merchant-operations";
import { merchantSlug, withSuffix } from "../../../shared/slug";
import { AppError, parseInput } from "../../errors";
import { merchantChanges, merchantShownOrHidden } from "./merchant-changes";
import type { ServiceDeps } from "../../service-deps";
import { refreshCategoryCounts, refreshMerchantStats } from "../catalog/counts.repository";
import { isUniqueViolation } from "../catalog/constraint-errors";
import { specialDatesFrom } from "../catalog/merchant-with-dates";
import {
  changedFieldLabels,
  type MerchantActivityService,
} from "../merchant-activity/merchant-activity.service";
import { createBackOfficeReads } from "./back-office-reads";
import {
  checkDelivery,
  checkPayments,
  mapWriteError,
  requireCategory,
} from "./merchant-write-checks";
import {
  formValues,
  legalValues,
  operationValues,
  withSpecialDates,
} from "./merchant-write-values";
import { toAdminMerchantDto, toMerchantDto } from "./merchants.presenter";
import {
  deleteMerchant,
  findMerchantForUpdate,
  insertMerchant,
  MERCHANT_SLUG_CONSTRAINT,
  type MerchantRow,
  type MerchantValues,
  productCategoryIds,
  slugsLike,
  updateMerchant,
} from "./merchants.repository";
import { specialDatesOf, writeHours } from "./opening.repository";

/*
 * Every merchant write (the public registration, the administrators' and the portal's
 * edits, approval, rejection, deletion) and the back office's reads (back-office-reads.ts).
 * Each write runs in one transaction with its recounts, its audit row and its notices (the
 * merchant-activity module), then forgets the cached public reads. What a write's input sets
 * is merchant-write-values.ts, what it must leave valid merchant-write-checks.ts. Composed by
 * merchants.service.ts.
 */

export const MERCHANT_NOT_FOUND = "Comercio no encontrado";

/** Runs inside a merchant change's transaction, with the row before and after it. */
export type AfterChange = (tx: Queryable, before: MerchantRow, after: MerchantRow) => Promise<void>;

const SLUG_RETRIES = 10;

/** Paths the API answers itself: a merchant named "Featured" must not hide /merchants/featured. */
const RESERVED_SLUGS = new Set(["featured"]);

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

  const backOffice = createBackOfficeReads(deps);

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
    datesWritten = false,
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
        const row = (await findMerchantForUpdate(tx, id))!;
        return {
          dto: toAdminMerchantDto(row, dates.get(id) ?? []),
          changes: merchantChanges(before, row, datesWritten),
        };
      })
      .catch(mapWriteError);
    await catalogue.forget(changed.changes);
    return changed.dto;
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

    ...backOffice,

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
      await catalogue.forget(merchantShownOrHidden(row.id));
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
      return change(
        id,
        values,
        withSpecialDates(operations.specialDates, after),
        operations.specialDates !== undefined,
      );
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
      return change(
        id,
        values,
        withSpecialDates(operations.specialDates, options.after),
        operations.specialDates !== undefined,
      );
    },

    /** Permanently deletes the merchant, its products and all their reviews; order lines stay. */
    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockMerchant(tx, id);
        const productCategories = await productCategoryIds(tx, id);
        await deleteMerchant(tx, id);
        await refreshCategoryCounts(tx, [...new Set([row.categoryId, ...productCategories])]);
      });
      await catalogue.forget(merchantShownOrHidden(id));
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
