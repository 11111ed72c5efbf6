import type { Queryable } from "../../../db/client";
import { deliversTo, type DeliveryFacts } from "../../../shared/delivery";
import { findPlace } from "../../../shared/places";
import { MERCHANT_CATEGORY_MESSAGE } from "../../../shared/schemas/index";
import { feeNotServedMessage } from "../../../shared/schemas/delivery-places";
import {
  DELIVERY_DEPARTMENT_MESSAGE,
  DELIVERY_MUNICIPALITIES_MESSAGE,
} from "../../../shared/schemas/merchant-operations";
import { BANK_FIELD_MESSAGE } from "../../../shared/schemas/order-life";
import { AppError } from "../../errors";
import { existingCategoryIds } from "../catalog/catalog.repository";
import { isForeignKeyViolation } from "../catalog/constraint-errors";
import type { PAYMENT_KEYS } from "./merchant-write-values";
import type { MerchantRow } from "./merchants.repository";

/*
 * What a merchant write must leave valid, checked in its transaction on the row as it then
 * stands (the delivery settings, the bank details, the category). Used by merchants.admin.ts.
 */

/**
 * Delivery settings a write leaves valid: delivering 'to its department' needs one, 'to
 * these places' needs at least one, and a fee by place is for a place it delivers to.
 */
export function checkDelivery(
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

/** Accepting transfers needs the whole of the bank details, as the row now stands. */
export function checkPayments(
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

const categoryError = () =>
  AppError.validation([{ path: "categoryId", message: MERCHANT_CATEGORY_MESSAGE }]);

export async function requireCategory(db: Queryable, categoryId: number) {
  if (!(await existingCategoryIds(db, [categoryId])).has(categoryId)) throw categoryError();
}

/** A category deleted between our check and the write surfaces as a foreign-key error. */
export function mapWriteError(error: unknown): never {
  if (isForeignKeyViolation(error)) throw categoryError();
  throw error;
}
