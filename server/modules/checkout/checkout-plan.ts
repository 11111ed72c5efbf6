import { z } from "zod";
import type { Queryable } from "../../../db/client";
import {
  CART_EMPTY_MESSAGE,
  deliveryFeeFor,
  UNAVAILABLE_PRODUCTS_PREFIX,
  type CheckoutMerchantOptionDto,
} from "../../../shared/checkout";
import { deliversTo, type DeliveryFacts } from "../../../shared/delivery";
import { multiplyPrice, priceToCents, sumPrices } from "../../../shared/money";
import {
  chooseFulfillmentMessage,
  CLOSED_FOR_NOW_PREFIX,
  CUSTOMER_PHONE_REQUIRED_MESSAGE,
  fulfillmentNotOfferedMessage,
  METHOD_NOT_ACCEPTED_PREFIX,
  NOTHING_TO_PAY_BY_CARD_MESSAGE,
  notDeliveringMessage,
  type OrderFulfillment,
} from "../../../shared/order-life";
import type { DeliveryAddress } from "../../../shared/api-types";
import {
  checkoutSchema,
  idempotencyKeySchema,
  type Checkout,
} from "../../../shared/schemas/checkout";
import { ADDRESS_MESSAGE } from "../../../shared/schemas/order-life";
import { DEPARTMENT_MESSAGE, MUNICIPALITY_MESSAGE } from "../../../shared/schemas/fields";
import { AppError, parseInput, type FieldError } from "../../errors";
import { ORDER_TOTAL_TOO_LARGE } from "../orders/orders.service";
import { checkMinimumOrders } from "./checkout-minimum";
import * as repo from "./checkout.repository";
import { sha256 } from "./checkout.token";

/**
 * The checkout's first step: the request read, the cart's lines checked, grouped by merchant
 * and priced, with what each merchant allows (open, payment method, how it hands over the
 * order, where it delivers and for what fee). Nothing here writes.
 */

// Wrapped in an object so a bad key is reported under the header's name.
const keyParams = z.object({ "Idempotency-Key": idempotencyKeySchema });

/** One merchant's part of a cart, as the checkout prices and checks it (issue 25). */
export interface MerchantGroup {
  merchant: repo.MerchantContact;
  terms: repo.MerchantTerms;
  lines: repo.CheckoutCartLine[];
  fulfillment: OrderFulfillment;
  subtotal: string;
  deliveryFee: string | null;
  total: string;
}

/** The orders a checkout makes, and the address of those delivered (or null). */
export interface OrdersPlan {
  groups: MerchantGroup[];
  address: DeliveryAddress | null;
}

const namesOf = (groups: readonly MerchantGroup[]) => groups.map((g) => g.merchant.name).join(", ");

/** A merchant's delivery facts, for shared/delivery.ts (the table's checks keep the values). */
const deliveryFacts = (terms: repo.MerchantTerms): DeliveryFacts => ({
  department: terms.department,
  municipality: terms.municipality,
  fulfillment: terms.fulfillment as DeliveryFacts["fulfillment"],
  deliveryArea: terms.deliveryArea as DeliveryFacts["deliveryArea"],
  deliveryMunicipalities: terms.deliveryMunicipalities,
});

/**
 * How each merchant hands over its order: what the shopper chose, the only way it offers,
 * or `arrange` when it set up none. Field errors (a choice missing or not offered) are
 * collected, not thrown, so the shopper sees them all at once.
 */
function resolveFulfillment(
  terms: repo.MerchantTerms,
  chosen: "delivery" | "pickup" | undefined,
  errors: FieldError[],
): OrderFulfillment {
  switch (terms.fulfillment) {
    case "delivery":
    case "pickup":
      if (chosen !== undefined && chosen !== terms.fulfillment) {
        errors.push({
          path: "fulfillment",
          message: fulfillmentNotOfferedMessage(terms.name, chosen),
        });
      }
      return terms.fulfillment;
    case "both":
      if (chosen === undefined) {
        errors.push({ path: "fulfillment", message: chooseFulfillmentMessage(terms.name) });
        return "pickup";
      }
      return chosen;
    default:
      return chosen ?? "arrange";
  }
}

/** A checkout request once read: the body, and the Idempotency-Key with its hash (or null). */
export interface CheckoutRequest {
  body: Checkout;
  key: string | null;
  keyHash: string | null;
}

export function readRequest(input: unknown, idempotencyKey: string | undefined): CheckoutRequest {
  const body = parseInput(checkoutSchema, input);
  const key =
    idempotencyKey === undefined
      ? null
      : parseInput(keyParams, { "Idempotency-Key": idempotencyKey })["Idempotency-Key"];
  return { body, key, keyHash: key === null ? null : sha256(key) };
}

export const stockLineOf = (line: repo.CheckoutCartLine) => ({
  productId: line.product.id,
  variantId: line.variant?.id ?? null,
  quantity: line.quantity,
});

/** 409 for an empty cart, or one holding products that are no longer public. */
export function checkCartLines(lines: repo.CheckoutCartLine[]): void {
  if (lines.length === 0) throw AppError.conflict(CART_EMPTY_MESSAGE);
  const gone = lines.filter((line) => !line.isPublic).map((line) => line.product.name);
  if (gone.length > 0) {
    throw AppError.conflict(
      `${UNAVAILABLE_PRODUCTS_PREFIX}: ${gone.join(", ")}. Quítalos del carrito para continuar.`,
    );
  }
}

/**
 * Groups the cart's lines by merchant (in the order they first appear), prices each group
 * and checks what the merchants allow: open, the payment method, how they hand over the
 * order, where they deliver. Throws the 409 or 400 that applies; nothing is written yet.
 */
export async function planOrders(
  tx: Queryable,
  body: Checkout,
  lines: repo.CheckoutCartLine[],
): Promise<OrdersPlan> {
  const byMerchant = new Map<number, repo.CheckoutCartLine[]>();
  for (const line of lines) {
    const group = byMerchant.get(line.merchant.id);
    if (group) group.push(line);
    else byMerchant.set(line.merchant.id, [line]);
  }
  const terms = await repo.merchantTerms(tx, [...byMerchant.keys()]);
  const errors: FieldError[] = [];
  const groups = [...byMerchant.values()].map((group): MerchantGroup => {
    const merchant = group[0].merchant;
    const merchantTerms = terms.get(merchant.id)!;
    const fulfillment = resolveFulfillment(
      merchantTerms,
      body.fulfillment?.[String(merchant.id)],
      errors,
    );
    const subtotal = sumPrices(group.map((l) => multiplyPrice(l.product.price, l.quantity)));
    // Issue 36: the fee of the address's district, else of its municipality, else the general.
    const deliveryFee = deliveryFeeFor(fulfillment, merchantTerms, subtotal, body.deliveryAddress);
    return {
      merchant,
      terms: merchantTerms,
      lines: group,
      fulfillment,
      subtotal,
      deliveryFee,
      total: sumPrices([subtotal, deliveryFee ?? "0.00"]),
    };
  });

  const closed = groups.filter((g) => g.terms.temporarilyClosed);
  if (closed.length > 0) throw AppError.conflict(`${CLOSED_FOR_NOW_PREFIX}: ${namesOf(closed)}`);
  const refusing = groups.filter((g) => !g.terms.paymentMethods.includes(body.paymentMethod));
  if (refusing.length > 0) {
    throw AppError.conflict(`${METHOD_NOT_ACCEPTED_PREFIX}: ${namesOf(refusing)}`);
  }
  checkMinimumOrders(groups);

  const delivering = groups.filter((g) => g.fulfillment === "delivery");
  const address = body.deliveryAddress ?? null;
  if (delivering.length > 0 && !address) {
    errors.push(
      { path: "deliveryAddress.department", message: DEPARTMENT_MESSAGE },
      { path: "deliveryAddress.municipality", message: MUNICIPALITY_MESSAGE },
      { path: "deliveryAddress.address", message: ADDRESS_MESSAGE },
    );
  }
  if (!body.customerPhone && (delivering.length > 0 || body.paymentMethod === "cash")) {
    errors.push({ path: "customerPhone", message: CUSTOMER_PHONE_REQUIRED_MESSAGE });
  }
  if (errors.length > 0) throw AppError.validation(errors);

  if (address) {
    // A merchant that set up no delivery area was never asked where: it arranges it.
    const outside = delivering.filter(
      (g) =>
        g.terms.fulfillment !== null &&
        !deliversTo(deliveryFacts(g.terms), address.municipality, address.district),
    );
    if (outside.length > 0) {
      throw AppError.conflict(
        notDeliveringMessage(
          address.district ?? address.municipality,
          outside.map((g) => g.merchant.name),
        ),
      );
    }
  }
  if (groups.some((g) => priceToCents(g.total) === null)) {
    throw AppError.badRequest(ORDER_TOTAL_TOO_LARGE);
  }
  if (body.paymentMethod === "card" && priceToCents(sumPrices(groups.map((g) => g.total))) === 0) {
    throw AppError.conflict(NOTHING_TO_PAY_BY_CARD_MESSAGE);
  }
  return { groups, address: delivering.length > 0 ? address : null };
}

/**
 * Each merchant of this cart's terms and subtotal, for the /checkout form (issue 25), read
 * without locking the lines.
 */
export async function cartMerchantOptions(
  db: Queryable,
  sessionId: string,
): Promise<CheckoutMerchantOptionDto[]> {
  const lines = await repo.readCartLines(db, sessionId);
  const subtotals = new Map<number, string[]>();
  for (const line of lines) {
    const list = subtotals.get(line.merchantId) ?? [];
    list.push(multiplyPrice(line.price, line.quantity));
    subtotals.set(line.merchantId, list);
  }
  const terms = await repo.merchantTerms(db, [...subtotals.keys()]);
  return [...subtotals].flatMap(([id, prices]) => {
    const t = terms.get(id);
    if (!t) return [];
    return [
      {
        ...t,
        // The table's checks keep these to the known values (deliveryFacts' types).
        ...deliveryFacts(t),
        deliveryMunicipalities: t.deliveryMunicipalities,
        paymentMethods: t.paymentMethods as CheckoutMerchantOptionDto["paymentMethods"],
        subtotal: sumPrices(prices),
      },
    ];
  });
}
