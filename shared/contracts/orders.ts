import { z } from "zod";
import {
  ACCOUNT_TYPES,
  FULFILLMENT_STATUSES,
  ORDER_FULFILLMENTS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  STATUS_ACTORS,
} from "../order-life";
import { DELIVERY_AREAS, FULFILLMENTS } from "../delivery";
import { count, decimal, id, nullableString, timestamp } from "./common";
import { ORDER_STATUSES } from "../order-status";

export const orderStatus = z.enum(ORDER_STATUSES);
export const paymentMethod = z.enum(PAYMENT_METHODS);
export const paymentStatus = z.enum(PAYMENT_STATUSES);

/** One entry of an order's timeline: a step, or a change of `status`. */
export const statusHistoryEntry = z.object({
  fulfillmentStatus: z.enum(FULFILLMENT_STATUSES).optional(),
  status: orderStatus.optional(),
  at: timestamp,
  by: z.enum(STATUS_ACTORS),
});

/** Where a delivery order goes (delivery orders only). */
export const deliveryAddress = z.object({
  department: z.string(),
  municipality: z.string(),
  /** Issue 36: the district, when the shopper gave it. */
  district: nullableString,
  address: z.string(),
  reference: nullableString,
});

/** Where the shopper sends a transfer: only on the order page of a transfer order. */
export const bankDetails = z.object({
  bankName: z.string(),
  accountHolder: z.string(),
  accountNumber: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
});

/** What issue 25 adds to every order answer (the shopper's, the merchant's, the admin's). */
export const orderLifeFields = z.object({
  fulfillment: z.enum(ORDER_FULFILLMENTS).nullable(),
  fulfillmentStatus: z.enum(FULFILLMENT_STATUSES),
  statusHistory: z.array(statusHistoryEntry),
  deliveryAddress: deliveryAddress.nullable(),
  /** The lines' sum. */
  subtotal: decimal,
  /** "0.00" for pickup and free delivery; null when agreed with the merchant. */
  deliveryFee: decimal.nullable(),
  /** The merchant's reason, when it cancelled. */
  cancelReason: nullableString,
  /** The refund's reference, once recorded. */
  refundReference: nullableString,
});

export const orderItem = z.object({
  id,
  orderId: id,
  /** Null once the product has been deleted; name and price stay. */
  productId: id.nullable(),
  quantity: count,
  price: decimal,
  createdAt: timestamp,
  product: z.object({ name: z.string(), imageUrl: nullableString }),
  /** Issue 36: the variant ordered (null once deleted, or for a product without them). */
  variantId: id.nullable(),
  /** Its name as it was ordered: 'M · Azul'. */
  variantName: nullableString,
});

/** The spec's order (§3). */
export const order = z.object({
  id,
  orderNumber: z.string(),
  sessionId: nullableString,
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: nullableString,
  totalAmount: decimal,
  status: orderStatus,
  paymentId: nullableString,
  paymentUrl: nullableString,
  createdAt: timestamp,
  updatedAt: timestamp,
  items: z.array(orderItem),
});

/**
 * Issue 37: the electronic invoice (DTE) its merchant recorded for the order, with the
 * lookup of that document on the Ministerio de Hacienda's public site.
 */
export const orderDte = z.object({
  /** The código de generación, upper-case. */
  code: z.string(),
  /** Its fecha de emisión, 'YYYY-MM-DD'. */
  issuedAt: z.string(),
  lookupUrl: z.string(),
});

/** PUT /api/merchant/{merchantId}/orders/{orderId}/dte: what is now recorded. */
export const orderDteRecord = orderDte.extend({ orderId: id, recordedAt: timestamp });

/** An order as the admin's 'Pedidos' tab reads it: the spec's, plus merchant and payment. */
export const adminOrder = order.extend({
  ...orderLifeFields.shape,
  merchant: z.object({ id, name: z.string(), slug: z.string() }).nullable(),
  /** Null for orders not placed through the checkout (demo data). */
  paymentMethod: paymentMethod.nullable(),
  paymentStatus: paymentStatus.nullable(),
  paymentTransactionId: nullableString,
  paidAt: timestamp.nullable(),
  note: nullableString,
  /** Issue 37: the DTE its merchant recorded; null until then. */
  dte: orderDte.nullable(),
});

/**
 * An order as its merchant sees it: never the shopper's cart id (all the cart routes ask
 * for) nor the checkout's payment link, which are the shopper's alone (issue 37, M2).
 */
export const merchantOrder = adminOrder
  .omit({ sessionId: true, paymentId: true, paymentUrl: true })
  .extend({
    /** The sum of this merchant's lines ("12.50"); `totalAmount` is the whole order's. */
    merchantTotal: decimal,
  });

export const checkoutMerchant = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  /** Null when the merchant has no WhatsApp: the page offers `phone` instead. */
  whatsapp: nullableString,
  phone: z.string(),
  /** Issue 37, who sells: the razón social (or owner's name) and its NIT or DUI; null: not given. */
  legalName: nullableString,
  taxId: nullableString,
});

/** One merchant's order of a checkout. */
export const checkoutOrder = orderLifeFields.extend({
  id,
  orderNumber: z.string(),
  merchant: checkoutMerchant,
  /** Name, picture and unit price as they were when the order was placed. */
  items: z.array(orderItem),
  totalAmount: decimal,
  status: orderStatus,
  paymentMethod,
  paymentStatus,
  /** 'Enviar pedido por WhatsApp' (whatsapp method, merchant with WhatsApp); else null. */
  whatsappUrl: nullableString,
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: nullableString,
  note: nullableString,
  createdAt: timestamp,
  /** A transfer order's bank details (the merchant's); null for every other method. */
  bankDetails: bankDetails.nullable(),
  /** 'Cancelar pedido' is offered: still 'Recibido' and not cancelled. */
  cancellable: z.boolean(),
  /** Issue 37: the DTE the merchant recorded for this order; null until then. */
  dte: orderDte.nullable(),
});

/** POST /api/checkout and GET /api/orders/{orderNumber}?token=…. */
export const checkout = z.object({
  orders: z.array(checkoutOrder),
  /** The sum of the orders' totals: what the card payment charges. */
  totalAmount: decimal,
  paymentMethod,
  paymentStatus,
  /** The order page, token included (absolute). */
  orderUrl: z.string(),
  /** Card and not paid yet: Wompi's payment page; null when Wompi could not give one yet. */
  paymentUrl: nullableString,
  paidAt: timestamp.nullable(),
  createdAt: timestamp,
});

/** What the /checkout page needs of each merchant of the cart (issue 25). */
export const checkoutMerchantOption = z.object({
  id,
  name: z.string(),
  fulfillment: z.enum(FULFILLMENTS).nullable(),
  deliveryArea: z.enum(DELIVERY_AREAS).nullable(),
  department: nullableString,
  municipality: nullableString,
  deliveryMunicipalities: z.array(z.string()),
  deliveryFee: decimal.nullable(),
  freeDeliveryFrom: decimal.nullable(),
  /** Issue 36: fees by place over `deliveryFee`, and the least subtotal it takes. */
  deliveryFees: z.array(z.object({ place: z.string(), fee: decimal })),
  minimumOrder: decimal.nullable(),
  paymentMethods: z.array(paymentMethod),
  temporarilyClosed: z.boolean(),
  /** The sum of its lines in the cart. */
  subtotal: decimal,
});

/** GET /api/checkout/options[?sessionId=…]. */
export const checkoutOptions = z.object({
  /** 'Pagar con tarjeta' is offered only when Wompi is configured. */
  cardPayment: z.boolean(),
  /** Issue 35: the consent box 'Recibir los avisos de mi pedido por WhatsApp' is offered. */
  whatsappNotices: z.boolean().optional(),
  /** With the cart's session id: each merchant of the cart, in the cart's order. */
  merchants: z.array(checkoutMerchantOption).optional(),
});

/** What a Wompi notification did (the webhook's answer, for Wompi's logs). */
export const WEBHOOK_OUTCOMES = [
  "paid",
  "already_paid",
  "not_approved",
  "not_productive",
  "unknown_checkout",
  "amount_mismatch",
  "transaction_used",
] as const;

/** POST /api/payments/wompi/webhook: answered at once, e-mails go through the outbox. */
export const webhookAnswer = z.object({
  received: z.literal(true),
  outcome: z.enum(WEBHOOK_OUTCOMES),
});
