import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Queryable } from "../../../db/client";
import {
  CARD_UNAVAILABLE_MESSAGE,
  CART_EMPTY_MESSAGE,
  ORDER_PAGE_NOT_FOUND_MESSAGE,
  PAYMENT_PROVIDER_UNAVAILABLE_MESSAGE,
  UNAVAILABLE_PRODUCTS_PREFIX,
  type CheckoutDto,
  type CheckoutMerchantOptionDto,
  type CheckoutOptionsDto,
} from "../../../shared/checkout";
import { deliveryFeeFor } from "../../../shared/checkout";
import { deliversTo, type DeliveryFacts } from "../../../shared/delivery";
import { multiplyPrice, priceToCents, sumPrices } from "../../../shared/money";
import {
  ALL_CANCELLED_NO_PAYMENT_MESSAGE,
  chooseFulfillmentMessage,
  CLOSED_FOR_NOW_PREFIX,
  CUSTOMER_PHONE_REQUIRED_MESSAGE,
  fulfillmentNotOfferedMessage,
  METHOD_NOT_ACCEPTED_PREFIX,
  NOTHING_TO_PAY_BY_CARD_MESSAGE,
  notDeliveringMessage,
  type DeliveryAddress,
  type OrderFulfillment,
} from "../../../shared/order-life";
import {
  checkoutSchema,
  idempotencyKeySchema,
  type Checkout,
} from "../../../shared/schemas/checkout";
import { ADDRESS_MESSAGE } from "../../../shared/schemas/order-life";
import { DEPARTMENT_MESSAGE, MUNICIPALITY_MESSAGE } from "../../../shared/schemas/fields";
import { AppError, parseInput, type FieldError } from "../../errors";
import { hitCounter } from "../../http/rate-limit";
import type { ServiceDeps } from "../../service-deps";
import { isUniqueViolation } from "../catalog/constraint-errors";
import type { CartService } from "../cart/cart.service";
import { lineKey, type ProductsService } from "../products/products.service";
import {
  deliveryAddressOf,
  ORDER_TOTAL_TOO_LARGE,
  standingAmount,
  type OrdersService,
} from "../orders/orders.service";
import { WompiError } from "../payments/wompi.client";
import {
  parseWompiNotification,
  verifyWompiSignature,
  WOMPI_WEBHOOK_PATH,
} from "../payments/wompi.signature";
import { type EmailCheckout } from "./checkout.emails";
import { createOrderLookup } from "./order-lookup";
import { checkMinimumOrders } from "./checkout-minimum";
import { type OrderNotices } from "./order-notices";
import { WHATSAPP_NUMBER_REQUIRED_MESSAGE } from "../../../shared/notices";
import { toWhatsAppNumber, WHATSAPP_NUMBER_MESSAGE } from "../../../shared/whatsapp-number";
import { orderPageUrl, toCheckoutDto } from "./checkout.presenter";
import * as repo from "./checkout.repository";
import { checkUnpaidCheckoutCap, countUnpaidCheckout } from "./unpaid-cap";
import { newSalt, newToken, sha256, tokenMatches } from "./checkout.token";
import { WebhookSignatureError, type WebhookOutcome } from "./wompi-webhook";

const ORDER_NUMBER_PATTERN = /^ES-\d{4}-\d{6,12}$/;
export { LOOKUPS_PER_EMAIL } from "./order-lookup";
const TRANSACTION_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
/**
 * Lookups at Wompi one client address may cause from order pages (`?idTransaccion=`) in
 * PAYMENT_CHECK_WINDOW_MS (issue 26); over it, the page is shown without asking Wompi.
 * A shopper back from paying causes one; the webhook pays the order anyway.
 */
export const PAYMENT_CHECKS_PER_ADDRESS = 10;
const PAYMENT_CHECK_WINDOW_MS = 5 * 60 * 1000;

// Wrapped in an object so a bad key is reported under the header's name.
const keyParams = z.object({ "Idempotency-Key": idempotencyKeySchema });

/**
 * Reads a kept page may depend on (server/http/web-app.ts): `options` depends only on the
 * configuration (the help, terms and cart pages promise card payment only when it is set).
 */
export const CACHEABLE_READS = ["options"] as const;

export { WebhookSignatureError, type WebhookOutcome };

/** One merchant's part of a cart, as the checkout prices and checks it (issue 25). */
interface MerchantGroup {
  merchant: repo.MerchantContact;
  terms: repo.MerchantTerms;
  lines: repo.CheckoutCartLine[];
  fulfillment: OrderFulfillment;
  subtotal: string;
  deliveryFee: string | null;
  total: string;
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
interface CheckoutRequest {
  body: Checkout;
  key: string | null;
  keyHash: string | null;
}

function readRequest(input: unknown, idempotencyKey: string | undefined): CheckoutRequest {
  const body = parseInput(checkoutSchema, input);
  const key =
    idempotencyKey === undefined
      ? null
      : parseInput(keyParams, { "Idempotency-Key": idempotencyKey })["Idempotency-Key"];
  return { body, key, keyHash: key === null ? null : sha256(key) };
}

const stockLineOf = (line: repo.CheckoutCartLine) => ({
  productId: line.product.id,
  variantId: line.variant?.id ?? null,
  quantity: line.quantity,
});

/** 409 for an empty cart, or one holding products that are no longer public. */
function checkCartLines(lines: repo.CheckoutCartLine[]): void {
  if (lines.length === 0) throw AppError.conflict(CART_EMPTY_MESSAGE);
  const gone = lines.filter((line) => !line.isPublic).map((line) => line.product.name);
  if (gone.length > 0) {
    throw AppError.conflict(
      `${UNAVAILABLE_PRODUCTS_PREFIX}: ${gone.join(", ")}. Quítalos del carrito para continuar.`,
    );
  }
}

/**
 * The checkout writes its own tables; the orders and the cart are written by their modules'
 * services (the one OrdersService of the app, and the cart's), inside its transaction.
 */
export function createCheckoutService(
  deps: ServiceDeps,
  services: {
    orders: OrdersService;
    cart: Pick<CartService, "empty">;
    /** Every channel's notices of a placed and a paid checkout (order-notices.ts). */
    notices: Pick<OrderNotices, "placed" | "paid" | "soldOut">;
    /** Issue 36: takes the lines' stock in the checkout's transaction (the products module). */
    stock: Pick<ProductsService, "takeStock">;
    /** Whether the consent box for WhatsApp notices is offered (WHATSAPP_* set). */
    whatsappNotices: boolean;
  },
) {
  const { db, config, log, wompi } = deps;
  const ordersService = services.orders;
  const webhookUrl = `${config.publicUrl}${WOMPI_WEBHOOK_PATH}`;

  async function present(checkout: repo.CheckoutRow, orderUrl: string): Promise<CheckoutDto> {
    const orders = await repo.listCheckoutOrders(db, checkout.id);
    const ids = orders.map((o) => o.id);
    const [lines, history] = await Promise.all([
      ordersService.linesOf(db, ids),
      ordersService.historyOf(db, ids),
    ]);
    return toCheckoutDto(checkout, orders, lines, history, orderUrl);
  }

  /**
   * Groups the cart's lines by merchant (in the order they first appear), prices each group
   * and checks what the merchants allow: open, the payment method, how they hand over the
   * order, where they deliver. Throws the 409 or 400 that applies; nothing is written yet.
   */
  async function planOrders(
    tx: Queryable,
    body: Checkout,
    lines: repo.CheckoutCartLine[],
  ): Promise<{ groups: MerchantGroup[]; address: DeliveryAddress | null }> {
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
      const deliveryFee = deliveryFeeFor(
        fulfillment,
        merchantTerms,
        subtotal,
        body.deliveryAddress,
      );
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
    if (
      body.paymentMethod === "card" &&
      priceToCents(sumPrices(groups.map((g) => g.total))) === 0
    ) {
      throw AppError.conflict(NOTHING_TO_PAY_BY_CARD_MESSAGE);
    }
    return { groups, address: delivering.length > 0 ? address : null };
  }

  async function urlOf(checkout: repo.CheckoutRow, token: string): Promise<string> {
    const [first] = await repo.listCheckoutOrders(db, checkout.id);
    return orderPageUrl(config.publicUrl, first.orderNumber, token);
  }

  async function emailCheckout(
    tx: Queryable,
    checkout: repo.CheckoutRow,
    orderUrl: string,
  ): Promise<EmailCheckout> {
    const orders = await repo.listCheckoutOrders(tx, checkout.id);
    const lines = await ordersService.linesOf(
      tx,
      orders.map((o) => o.id),
    );
    const first = orders[0];
    return {
      id: checkout.id,
      paymentMethod: checkout.paymentMethod,
      totalAmount: checkout.totalAmount,
      customerName: first.customerName,
      customerEmail: first.customerEmail,
      customerPhone: first.customerPhone,
      orderUrl,
      orders: orders.map((order) => ({
        id: order.id,
        orderNumber: order.orderNumber,
        subtotal: order.subtotal,
        deliveryFee: order.deliveryFee,
        totalAmount: order.totalAmount,
        fulfillment: order.fulfillment as OrderFulfillment | null,
        deliveryAddress: deliveryAddressOf(order),
        note: order.note,
        merchant: order.merchant,
        items: lines.get(order.id) ?? [],
      })),
    };
  }

  /**
   * A card checkout not paid yet without a link (Wompi was down): asks Wompi for one.
   * Throws the 502 when Wompi cannot give it; the orders stay pending.
   */
  async function ensurePaymentLink(
    checkout: repo.CheckoutRow,
    orderUrl: string,
  ): Promise<repo.CheckoutRow> {
    if (checkout.paymentMethod !== "card" || checkout.paidAt || checkout.paymentUrl) {
      return checkout;
    }
    if (!wompi) throw AppError.conflict(CARD_UNAVAILABLE_MESSAGE);
    const orders = await repo.listCheckoutOrders(db, checkout.id);
    if (orders.every((o) => o.status === "cancelled")) {
      throw AppError.conflict(ALL_CANCELLED_NO_PAYMENT_MESSAGE);
    }
    const numbers = orders.map((o) => o.orderNumber).join(", ");
    try {
      const link = await wompi.createPaymentLink({
        reference: checkout.reference,
        // Issue 37 L3: what still stands (the webhook accepts it: card-payment.ts).
        amount: standingAmount(orders) ?? checkout.totalAmount,
        productName: `${orders.length > 1 ? "Pedidos" : "Pedido"} ${numbers} en Tiangue`,
        redirectUrl: orderUrl,
        webhookUrl,
      });
      const kept = await repo.setPaymentLink(db, checkout.id, link);
      // Another request kept its link first: the checkout as it now is.
      if (!kept) return (await repo.findCheckout(db, checkout.id)) ?? checkout;
      await ordersService.setPaymentLink(db, checkout.id, link);
      return kept;
    } catch (error) {
      if (error instanceof WompiError) {
        log.warn(
          { checkout: checkout.reference, failure: error.failure, detail: error.detail },
          "Wompi: no se pudo crear el enlace de pago",
        );
        throw AppError.badGateway(PAYMENT_PROVIDER_UNAVAILABLE_MESSAGE);
      }
      throw error;
    }
  }

  /** The answer of a checkout placed earlier with this Idempotency-Key. */
  async function replay(checkout: repo.CheckoutRow, key: string): Promise<CheckoutDto> {
    const token = newToken(checkout.tokenSalt, key);
    const orderUrl = await urlOf(checkout, token);
    return present(await ensurePaymentLink(checkout, orderUrl), orderUrl);
  }

  /** The checkout of this order number when the token is its own; else 404. */
  async function authorized(orderNumber: unknown, token: unknown): Promise<repo.CheckoutRow> {
    if (
      typeof orderNumber !== "string" ||
      typeof token !== "string" ||
      !ORDER_NUMBER_PATTERN.test(orderNumber)
    ) {
      throw AppError.notFound(ORDER_PAGE_NOT_FOUND_MESSAGE);
    }
    const checkout = await repo.findCheckoutByOrderNumber(db, orderNumber);
    // Hashing and comparing also when there is no such order keeps the timing the same.
    let matches = tokenMatches(token, checkout?.tokenHash ?? "0".repeat(64));
    if (checkout && !matches) {
      // The links of the step e-mails and of 'Buscar mi pedido' (issue 25).
      const others = await repo.listCheckoutTokenHashes(db, checkout.id);
      matches = others.map((hash) => tokenMatches(token, hash)).includes(true);
    }
    if (!checkout || !matches) throw AppError.notFound(ORDER_PAGE_NOT_FOUND_MESSAGE);
    return checkout;
  }

  const payable = (c: repo.CheckoutRow) => ordersService.payableAmounts(db, c.id, c.totalAmount);

  /**
   * Marks the checkout paid by this transaction, once, with the e-mails in the same
   * transaction. Returns what happened.
   */
  async function markPaid(
    checkout: repo.CheckoutRow,
    transactionId: string,
    amount: string | null,
  ): Promise<"paid" | "already_paid" | "transaction_used"> {
    try {
      return await ordersService.transaction(async (tx) => {
        const paid = await repo.markCheckoutPaid(tx, checkout.id, transactionId);
        if (!paid) return "already_paid" as const;
        // Cancelled orders are never paid again: their money is owed back (refund_due).
        const paidOrders = await ordersService.applyCardPayment(tx, checkout.id, {
          paidAt: paid.paidAt!,
          transactionId,
          amount,
        });
        if (paidOrders.length === 0) {
          log.warn(
            { checkout: checkout.reference, transactionId },
            "Wompi: pago de pedidos ya cancelados; queda un reembolso pendiente",
          );
          return "paid" as const;
        }
        const email = await emailCheckout(tx, paid, `${config.publicUrl}/orders`);
        await services.notices.paid(tx, email, new Set(paidOrders.map((o) => o.id)));
        return "paid" as const;
      });
    } catch (error) {
      // One Wompi transaction pays one checkout (checkouts.transaction_id is unique).
      if (isUniqueViolation(error)) return "transaction_used";
      throw error;
    }
  }

  /**
   * The shopper back from Wompi with `?idTransaccion=`: asks Wompi about the checkout's own
   * payment link and marks the checkout paid only when that transaction is one of the link's,
   * approved, real (in production) and of the exact total. Each transaction is asked about at
   * most once per checkout, and each client address may cause PAYMENT_CHECKS_PER_ADDRESS
   * lookups a window; otherwise the page is shown as it is (the webhook pays the order).
   * Returns whether the checkout may have changed.
   */
  async function confirmReturn(
    checkout: repo.CheckoutRow & { paymentId: string },
    transactionId: string,
    clientAddress: string,
  ): Promise<boolean> {
    if (!wompi || !(await repo.claimPaymentCheck(db, checkout.id, transactionId))) return false;
    const about = { checkout: checkout.reference, transactionId };
    const counter = await hitCounter(db, `payment-check:${clientAddress}`, PAYMENT_CHECK_WINDOW_MS);
    if (counter.hits > PAYMENT_CHECKS_PER_ADDRESS) {
      await repo.releasePaymentCheck(db, checkout.id, transactionId);
      log.info(about, "Wompi: demasiadas consultas desde esta dirección; no se pregunta ahora");
      return false;
    }
    let link;
    try {
      link = await wompi.getPaymentLink(checkout.paymentId);
    } catch (error) {
      if (!(error instanceof WompiError)) throw error;
      // Not answered: a reload may ask again. The page shows the order as pending meanwhile.
      await repo.releasePaymentCheck(db, checkout.id, transactionId);
      log.warn(
        { ...about, failure: error.failure, detail: error.detail },
        "Wompi: no se pudo confirmar la transacción",
      );
      return false;
    }
    const t = link.transactions.find((candidate) => candidate.id === transactionId);
    if (!t) {
      log.warn(
        { ...about, linkId: checkout.paymentId },
        "Wompi: la transacción no es del enlace de este pedido; no se marca pagado",
      );
      return false;
    }
    if (!t.approved) return false;
    if (!t.real && config.production) {
      log.warn(about, "Wompi: transacción de prueba en producción; no se marca pagado");
      return false;
    }
    // Issue 37 L3: the total, or what the link charged after cancellations (card-payment.ts).
    if (!(await payable(checkout)).includes(t.amount)) {
      log.warn(
        { ...about, amount: t.amount, expected: checkout.totalAmount },
        "Wompi: el monto de la transacción no es el total del pedido",
      );
      return false;
    }
    if ((await markPaid(checkout, t.id, t.amount)) === "transaction_used") {
      log.warn(about, "Wompi: la transacción ya pagó otro pedido");
    }
    return true;
  }

  /** One order per merchant group, at the checkout's time; answers their numbers in order. */
  async function insertOrders(
    tx: Queryable,
    checkout: repo.CheckoutRow,
    body: Checkout,
    plan: { groups: MerchantGroup[]; address: DeliveryAddress | null },
    counted: ReadonlySet<string>,
  ): Promise<string[]> {
    const numbers: string[] = [];
    for (const group of plan.groups) {
      const order = await ordersService.insertPlaced(tx, {
        createdAt: checkout.createdAt,
        sessionId: body.sessionId,
        customerName: body.customerName,
        customerEmail: body.customerEmail,
        customerPhone: body.customerPhone || null,
        note: body.note || null,
        checkoutId: checkout.id,
        merchantId: group.merchant.id,
        paymentMethod: body.paymentMethod,
        fulfillment: group.fulfillment,
        deliveryAddress: group.fulfillment === "delivery" ? plan.address : null,
        subtotal: group.subtotal,
        deliveryFee: group.deliveryFee,
        totalAmount: group.total,
        commissionPercent: body.paymentMethod === "card" ? config.commissionPercent : "0",
        lines: group.lines.map(({ product, variant, quantity }) => ({
          productId: product.id,
          name: product.name,
          imageUrl: product.imageUrl,
          price: product.price,
          quantity,
          variantId: variant?.id ?? null,
          variantName: variant?.name ?? null,
          stockTaken: counted.has(
            lineKey({ productId: product.id, variantId: variant?.id ?? null }),
          ),
        })),
      });
      numbers.push(order.orderNumber);
    }
    return numbers;
  }

  /** The shopper's summary and each merchant's new order, in the outbox with the orders. */
  /**
   * The shopper's consent to WhatsApp notices (issue 35), at its number or the phone it typed;
   * ignored when WhatsApp is not configured (the box was not offered).
   */
  function whatsappConsent(
    body: Checkout,
  ): { whatsappNumber: string; whatsappConsentAt: Date } | null {
    if (!body.whatsappNotices || !services.whatsappNotices) return null;
    const number =
      body.whatsappNumber ?? (body.customerPhone ? toWhatsAppNumber(body.customerPhone) : null);
    if (!number) {
      const message = body.customerPhone
        ? WHATSAPP_NUMBER_MESSAGE
        : WHATSAPP_NUMBER_REQUIRED_MESSAGE;
      throw AppError.validation([{ path: "whatsappNumber", message }], message);
    }
    return { whatsappNumber: number, whatsappConsentAt: new Date() };
  }

  /**
   * The checkout's one transaction: the cart's lines locked and checked, the orders planned
   * and written, the cart emptied (by the cart module) and the e-mails queued. Answers the
   * checkout another request with the same Idempotency-Key placed first as `again`.
   */
  async function writeCheckout(
    request: CheckoutRequest,
  ): Promise<
    | { checkout: repo.CheckoutRow; orderUrl: string; availabilityChanged: boolean }
    | { again: repo.CheckoutRow }
  > {
    const { body, key, keyHash } = request;
    const salt = key === null ? null : newSalt();
    const token = newToken(salt, key);
    try {
      return await db.transaction(async (tx) => {
        const lines = await repo.lockCartLines(tx, body.sessionId);
        // A request with this key may have placed the checkout while we waited for the lines.
        if (keyHash) {
          const again = await repo.findCheckoutByKey(tx, body.sessionId, keyHash);
          if (again) return { again };
        }
        checkCartLines(lines);
        // Issue 36: the lines' stock, locked and taken (a 409 naming each short line).
        const taken = await services.stock.takeStock(tx, lines.map(stockLineOf));
        const plan = await planOrders(tx, body, lines);
        const consent = whatsappConsent(body);
        const checkout = await repo.insertCheckout(tx, {
          ...consent,
          reference: randomUUID(),
          tokenHash: sha256(token),
          tokenSalt: salt,
          sessionId: body.sessionId,
          idempotencyKeyHash: keyHash,
          paymentMethod: body.paymentMethod,
          totalAmount: sumPrices(plan.groups.map((g) => g.total)),
        });
        const numbers = await insertOrders(tx, checkout, body, plan, taken.counted);
        await services.cart.empty(tx, body.sessionId);
        const orderUrl = orderPageUrl(config.publicUrl, numbers[0], token);
        await services.notices.placed(tx, await emailCheckout(tx, checkout, orderUrl));
        await services.notices.soldOut(tx, checkout.id, taken.soldOut);
        return { checkout, orderUrl, availabilityChanged: taken.availabilityChanged };
      });
    } catch (error) {
      // Two requests with one key at once: the second answers the first one's checkout.
      if (keyHash && isUniqueViolation(error, "checkouts_idempotency_idx")) {
        const existing = await repo.findCheckoutByKey(db, body.sessionId, keyHash);
        if (existing) return { again: existing };
      }
      throw error;
    }
  }

  return {
    /** What the /checkout form may offer: card payment only when Wompi is configured. */
    options(): CheckoutOptionsDto {
      return {
        cardPayment: wompi !== null,
        ...(services.whatsappNotices ? { whatsappNotices: true } : {}),
      };
    },

    /** The same, with each merchant of this cart's terms (issue 25); a bad id: none. */
    async cartOptions(sessionId: unknown): Promise<CheckoutOptionsDto> {
      const cardPayment = wompi !== null;
      const whatsappNotices = services.whatsappNotices ? { whatsappNotices: true } : {};
      const parsed = checkoutSchema.shape.sessionId.safeParse(sessionId);
      if (!parsed.success) return { cardPayment, ...whatsappNotices, merchants: [] };
      const lines = await repo.readCartLines(db, parsed.data);
      const subtotals = new Map<number, string[]>();
      for (const line of lines) {
        const list = subtotals.get(line.merchantId) ?? [];
        list.push(multiplyPrice(line.price, line.quantity));
        subtotals.set(line.merchantId, list);
      }
      const terms = await repo.merchantTerms(db, [...subtotals.keys()]);
      return {
        cardPayment,
        ...whatsappNotices,
        merchants: [...subtotals].flatMap(([id, prices]) => {
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
        }),
      };
    },

    /**
     * POST /api/checkout: one order per merchant of the cart, priced from the database,
     * the e-mails in the outbox and the cart emptied, in one transaction; then, for a card,
     * Wompi's payment link. The same Idempotency-Key answers the same checkout again.
     */
    async place(
      input: unknown,
      idempotencyKey?: string,
      options: { clientAddress?: string } = {},
    ): Promise<CheckoutDto> {
      const request = readRequest(input, idempotencyKey);
      const { body, key, keyHash } = request;
      if (keyHash) {
        const existing = await repo.findCheckoutByKey(db, body.sessionId, keyHash);
        if (existing) return replay(existing, key!);
      }
      if (body.paymentMethod === "card" && !wompi) {
        throw AppError.conflict(CARD_UNAVAILABLE_MESSAGE);
      }
      const unpaidFrom = body.paymentMethod === "card" ? undefined : options.clientAddress;
      if (unpaidFrom) await checkUnpaidCheckoutCap(db, unpaidFrom);
      const placed = await writeCheckout(request);
      if ("again" in placed) return replay(placed.again, key!);
      // Issue 36: only a product's change of availability makes the catalogue forget (the
      // count alone is not cached anywhere a shopper relies on: the cart and this checkout
      // read it from the database).
      if (placed.availabilityChanged) await deps.cache.invalidate();
      if (unpaidFrom) await countUnpaidCheckout(db, unpaidFrom);
      const checkout = await ensurePaymentLink(placed.checkout, placed.orderUrl);
      return present(checkout, placed.orderUrl);
    },

    /**
     * GET /api/orders/{orderNumber}?token=…: the orders of that checkout, or 404. With
     * `transactionId` (the shopper back from Wompi), asks Wompi about the checkout's own
     * payment link (confirmReturn); `clientAddress` is the address key the lookups at
     * Wompi are counted by (the API route's and the page's caller give the client's).
     */
    async find(
      orderNumber: unknown,
      token: unknown,
      options: { transactionId?: unknown; clientAddress?: string } = {},
    ): Promise<CheckoutDto> {
      let checkout = await authorized(orderNumber, token);
      const orderUrl = orderPageUrl(config.publicUrl, orderNumber as string, token as string);
      const transactionId = options.transactionId;
      const { paymentId } = checkout;
      if (
        typeof transactionId === "string" &&
        TRANSACTION_ID_PATTERN.test(transactionId) &&
        checkout.paymentMethod === "card" &&
        !checkout.paidAt &&
        // Without a link of its own nothing can have been paid for this checkout.
        paymentId
      ) {
        const address = options.clientAddress ?? "desconocida";
        if (await confirmReturn({ ...checkout, paymentId }, transactionId, address)) {
          checkout = (await repo.findCheckout(db, checkout.id)) ?? checkout;
        }
      }
      return present(checkout, orderUrl);
    },

    /**
     * POST /api/orders/{orderNumber}/payment?token=…: the payment link of a card checkout not
     * paid yet — the one it has, or a new one when Wompi could not give one before.
     */
    async retryPayment(orderNumber: unknown, token: unknown): Promise<CheckoutDto> {
      const checkout = await authorized(orderNumber, token);
      const orderUrl = orderPageUrl(config.publicUrl, orderNumber as string, token as string);
      if (checkout.paymentMethod !== "card") {
        throw AppError.conflict("Este pedido se paga directamente al comercio");
      }
      if (checkout.paidAt) throw AppError.conflict("Este pedido ya está pagado");
      // A cancelled order is never paid again (issue 25), not even with the link kept.
      const orders = await repo.listCheckoutOrders(db, checkout.id);
      if (orders.every((o) => o.status === "cancelled")) {
        throw AppError.conflict(ALL_CANCELLED_NO_PAYMENT_MESSAGE);
      }
      return present(await ensurePaymentLink(checkout, orderUrl), orderUrl);
    },

    /**
     * POST /api/orders/{orderNumber}/cancel?token=…: the shopper cancels one order of the
     * checkout while the merchant has not started it (issue 25).
     */
    async cancel(orderNumber: unknown, token: unknown, input: unknown): Promise<CheckoutDto> {
      const checkout = await authorized(orderNumber, token);
      await ordersService.cancelByShopper(checkout.id, input);
      const orderUrl = orderPageUrl(config.publicUrl, orderNumber as string, token as string);
      return present((await repo.findCheckout(db, checkout.id)) ?? checkout, orderUrl);
    },

    /** 'Buscar mi pedido': answered first, then looked up and sent (order-lookup.ts). */
    lookups: createOrderLookup(deps),

    /**
     * Wompi's notification, checked against the exact raw body's signature. Approved with
     * the checkout's exact total: every order of the checkout becomes paid, once.
     */
    async handleWompiWebhook(
      rawBody: Buffer,
      signature: string | string[] | undefined,
    ): Promise<WebhookOutcome> {
      if (!config.wompi || !verifyWompiSignature(rawBody, signature, config.wompi.apiSecret)) {
        throw new WebhookSignatureError();
      }
      const notification = parseWompiNotification(rawBody);
      if (!notification) throw AppError.badRequest("Notificación inválida");
      const about = {
        transactionId: notification.transactionId,
        reference: notification.reference,
        linkId: notification.linkId,
      };
      if (!notification.approved) {
        log.info({ ...about, result: notification.result }, "Wompi: pago no aprobado");
        return "not_approved";
      }
      // Answered 200 like a refused payment, so Wompi stops sending it; nothing changes. In
      // production only an explicit EsProductiva true is money (issue 37 L2).
      if (config.production && notification.productive !== true) {
        log.warn(
          about,
          notification.productive === false
            ? "Wompi: notificación de prueba (EsProductiva: false) en producción; no se marca pagado"
            : "Wompi: notificación sin EsProductiva en producción; no se marca pagado",
        );
        return "not_productive";
      }
      const checkout =
        (notification.reference
          ? await repo.findCheckoutByReference(db, notification.reference)
          : undefined) ??
        (notification.linkId
          ? await repo.findCheckoutByPaymentId(db, notification.linkId)
          : undefined);
      if (!checkout) {
        log.warn(about, "Wompi: notificación de un pedido desconocido");
        return "unknown_checkout";
      }
      if (!(await payable(checkout)).includes(notification.amount ?? "")) {
        log.warn(
          { ...about, amount: notification.amount, expected: checkout.totalAmount },
          "Wompi: el monto notificado no es el total del pedido; no se marca pagado",
        );
        return "amount_mismatch";
      }
      const outcome = await markPaid(checkout, notification.transactionId, notification.amount);
      if (outcome === "already_paid") {
        // Read again: `checkout` may have been read before a copy of this same notification,
        // arriving at the same instant, paid it (issue 26). Only another transaction is news.
        const paidBy = (await repo.findCheckout(db, checkout.id))?.transactionId ?? null;
        if (paidBy === notification.transactionId) {
          log.info(about, "Wompi: notificación repetida de un pago ya aplicado");
        } else {
          log.warn({ ...about, paidBy }, "Wompi: otro pago aprobado de un pedido ya pagado");
        }
      } else if (outcome === "transaction_used") {
        log.warn(about, "Wompi: la transacción ya pagó otro pedido");
      }
      return outcome;
    },
  };
}
