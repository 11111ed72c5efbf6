import type { Queryable } from "../../../db/client";
import type { SpecialDate } from "../../../shared/open-now";
import type { MerchantOperations } from "../../../shared/schemas/merchant-operations";
import type { MerchantRow, MerchantValues } from "./merchants.repository";
import { replaceSpecialDates } from "./opening.repository";

/*
 * A merchant write's input as the columns it sets: the registration's and the admin form's
 * fields, the legal identity, issue 12's and issue 25's settings, and the special dates
 * replaced in the write's transaction. Used by merchants.admin.ts.
 */

/** Issue 25's settings that a write may clear with null. */
export const PAYMENT_KEYS = [
  "deliveryFee",
  "freeDeliveryFrom",
  "bankName",
  "accountHolder",
  "accountNumber",
  "accountType",
] as const;

/** The merchant columns of issue 12's fields that the write gave (absent ones are kept). */
export function operationValues(data: MerchantOperations): Partial<MerchantValues> {
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
export function withSpecialDates<A extends unknown[]>(
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

export function formValues<T extends Pick<MerchantValues, (typeof FORM_FIELDS)[number]>>(
  data: T,
): Pick<MerchantValues, (typeof FORM_FIELDS)[number]> {
  return Object.fromEntries(FORM_FIELDS.map((field) => [field, data[field]])) as Pick<
    MerchantValues,
    (typeof FORM_FIELDS)[number]
  >;
}

/** Issue 37: who sells, null until given (a create has nothing to keep). */
export function legalValues(data: {
  legalName: string | null | undefined;
  taxId: string | null | undefined;
}) {
  return { legalName: data.legalName ?? null, taxId: data.taxId ?? null };
}
