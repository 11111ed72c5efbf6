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
  type CheckoutOptionsDto,
} from "../../../shared/checkout";
import { multiplyPrice, priceToCents, sumPrices } from "../../../shared/money";
import { checkoutSchema, idempotencyKeySchema } from "../../../shared/schemas/checkout";
import { AppError, parseInput } from "../../errors";
import type { ServiceDeps } from "../../services";
import { isUniqueViolation } from "../catalog/constraint-errors";
import { createOrdersService, ORDER_TOTAL_TOO_LARGE } from "../orders/orders.service";
import { WompiError } from "../payments/wompi.client";
import {
  parseWompiNotification,
  verifyWompiSignature,
  WOMPI_WEBHOOK_PATH,
} from "../payments/wompi.signature";
import {
  customerPaidEmail,
  customerSummaryEmail,
  merchantOrderEmail,
  merchantPaidEmail,
  type EmailCheckout,
} from "./checkout.emails";
import { orderPageUrl, toCheckoutDto } from "./checkout.presenter";
import * as repo from "./checkout.repository";
import { newSalt, newToken, sha256, tokenMatches } from "./checkout.token";

const ORDER_NUMBER_PATTERN = /^ES-\d{4}-\d{6,12}$/;
const TRANSACTION_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

// Wrapped in an object so a bad key is reported under the header's name.
const keyParams = z.object({ "Idempotency-Key": idempotencyKeySchema });

/** What the webhook did, for its answer and the tests. */
export type WebhookOutcome =
  | "paid"
  | "already_paid"
  | "not_approved"
  | "unknown_checkout"
  | "amount_mismatch"
  | "transaction_used";

export class WebhookSignatureError extends AppError {
  constructor() {
    super(401, "unauthorized", "Firma de la notificación inválida");
  }
}

export function createCheckoutService(deps: ServiceDeps) {
  const { db, config, log, mail, wompi } = deps;
  // Orders are written and read through their own service, inside our transactions.
  const ordersService = createOrdersService(deps);
  const webhookUrl = `${config.publicUrl}${WOMPI_WEBHOOK_PATH}`;

  async function present(checkout: repo.CheckoutRow, orderUrl: string): Promise<CheckoutDto> {
    const orders = await repo.listCheckoutOrders(db, checkout.id);
    const lines = await ordersService.linesOf(
      db,
      orders.map((o) => o.id),
    );
    return toCheckoutDto(checkout, orders, lines, orderUrl);
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
        totalAmount: order.totalAmount,
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
    const numbers = orders.map((o) => o.orderNumber).join(", ");
    try {
      const link = await wompi.createPaymentLink({
        reference: checkout.reference,
        amount: checkout.totalAmount,
        productName: `${orders.length > 1 ? "Pedidos" : "Pedido"} ${numbers} en Tiangue`,
        redirectUrl: orderUrl,
        webhookUrl,
      });
      return (await repo.setPaymentLink(db, checkout.id, link)) ?? checkout;
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
    const matches = tokenMatches(token, checkout?.tokenHash ?? "0".repeat(64));
    if (!checkout || !matches) throw AppError.notFound(ORDER_PAGE_NOT_FOUND_MESSAGE);
    return checkout;
  }

  /**
   * Marks the checkout paid by this transaction, once, with the e-mails in the same
   * transaction. Returns what happened.
   */
  async function markPaid(
    checkout: repo.CheckoutRow,
    transactionId: string,
  ): Promise<"paid" | "already_paid" | "transaction_used"> {
    try {
      return await db.transaction(async (tx) => {
        const paid = await repo.markCheckoutPaid(tx, checkout.id, transactionId);
        if (!paid) return "already_paid" as const;
        const email = await emailCheckout(tx, paid, `${config.publicUrl}/orders`);
        await mail.enqueue(tx, customerPaidEmail(email));
        for (const order of email.orders) {
          const message = merchantPaidEmail(email, order);
          if (message) await mail.enqueue(tx, message);
        }
        return "paid" as const;
      });
    } catch (error) {
      // One Wompi transaction pays one checkout (checkouts.transaction_id is unique).
      if (isUniqueViolation(error)) return "transaction_used";
      throw error;
    }
  }

  return {
    /** What the /checkout form may offer. */
    options(): CheckoutOptionsDto {
      return { cardPayment: wompi !== null };
    },

    /**
     * POST /api/checkout: one order per merchant of the cart, priced from the database,
     * the e-mails in the outbox and the cart emptied, in one transaction; then, for a card,
     * Wompi's payment link. The same Idempotency-Key answers the same checkout again.
     */
    async place(input: unknown, idempotencyKey?: string): Promise<CheckoutDto> {
      const body = parseInput(checkoutSchema, input);
      const key =
        idempotencyKey === undefined
          ? null
          : parseInput(keyParams, { "Idempotency-Key": idempotencyKey })["Idempotency-Key"];
      const keyHash = key === null ? null : sha256(key);

      if (keyHash) {
        const existing = await repo.findCheckoutByKey(db, body.sessionId, keyHash);
        if (existing) return replay(existing, key!);
      }
      if (body.paymentMethod === "card" && !wompi) {
        throw AppError.conflict(CARD_UNAVAILABLE_MESSAGE);
      }

      const salt = key === null ? null : newSalt();
      const token = newToken(salt, key);
      let placed: { checkout: repo.CheckoutRow; orderUrl: string } | { again: repo.CheckoutRow };
      try {
        placed = await db.transaction(async (tx) => {
          const lines = await repo.lockCartLines(tx, body.sessionId);
          // A request with this key may have placed the checkout while we waited for the lines.
          if (keyHash) {
            const again = await repo.findCheckoutByKey(tx, body.sessionId, keyHash);
            if (again) return { again };
          }
          if (lines.length === 0) throw AppError.conflict(CART_EMPTY_MESSAGE);
          const gone = lines.filter((line) => !line.isPublic).map((line) => line.product.name);
          if (gone.length > 0) {
            throw AppError.conflict(
              `${UNAVAILABLE_PRODUCTS_PREFIX}: ${gone.join(", ")}. Quítalos del carrito para continuar.`,
            );
          }

          // One order per merchant, in the order the merchants first appear in the cart.
          const byMerchant = new Map<number, repo.CheckoutCartLine[]>();
          for (const line of lines) {
            const group = byMerchant.get(line.merchant.id);
            if (group) group.push(line);
            else byMerchant.set(line.merchant.id, [line]);
          }
          const groups = [...byMerchant.values()].map((group) => ({
            lines: group,
            total: sumPrices(group.map((l) => multiplyPrice(l.product.price, l.quantity))),
          }));
          if (groups.some((g) => priceToCents(g.total) === null)) {
            throw AppError.badRequest(ORDER_TOTAL_TOO_LARGE);
          }

          const checkout = await repo.insertCheckout(tx, {
            reference: randomUUID(),
            tokenHash: sha256(token),
            tokenSalt: salt,
            sessionId: body.sessionId,
            idempotencyKeyHash: keyHash,
            paymentMethod: body.paymentMethod,
            totalAmount: sumPrices(groups.map((g) => g.total)),
          });
          const createdAt = checkout.createdAt;
          const numbers: string[] = [];
          for (const group of groups) {
            const order = await ordersService.insertPlaced(tx, {
              createdAt,
              sessionId: body.sessionId,
              customerName: body.customerName,
              customerEmail: body.customerEmail,
              customerPhone: body.customerPhone || null,
              note: body.note || null,
              checkoutId: checkout.id,
              merchantId: group.lines[0].merchant.id,
              paymentMethod: body.paymentMethod,
              totalAmount: group.total,
              lines: group.lines.map(({ product, quantity }) => ({
                productId: product.id,
                name: product.name,
                imageUrl: product.imageUrl,
                price: product.price,
                quantity,
              })),
            });
            numbers.push(order.orderNumber);
          }
          await repo.deleteCartLines(tx, body.sessionId);

          const orderUrl = orderPageUrl(config.publicUrl, numbers[0], token);
          const email = await emailCheckout(tx, checkout, orderUrl);
          await mail.enqueue(tx, customerSummaryEmail(email));
          for (const order of email.orders) {
            const message = merchantOrderEmail(email, order);
            if (message) await mail.enqueue(tx, message);
          }
          return { checkout, orderUrl };
        });
      } catch (error) {
        // Two requests with one key at once: the second answers the first one's checkout.
        if (keyHash && isUniqueViolation(error, "checkouts_idempotency_idx")) {
          const existing = await repo.findCheckoutByKey(db, body.sessionId, keyHash);
          if (existing) return replay(existing, key!);
        }
        throw error;
      }
      if ("again" in placed) return replay(placed.again, key!);

      const checkout = await ensurePaymentLink(placed.checkout, placed.orderUrl);
      return present(checkout, placed.orderUrl);
    },

    /**
     * GET /api/orders/{orderNumber}?token=…: the orders of that checkout, or 404. With
     * `transactionId` (the shopper back from Wompi), asks Wompi about that payment and
     * marks the checkout paid only when Wompi says approved, real and the exact total.
     */
    async find(
      orderNumber: unknown,
      token: unknown,
      options: { transactionId?: unknown } = {},
    ): Promise<CheckoutDto> {
      let checkout = await authorized(orderNumber, token);
      const orderUrl = orderPageUrl(config.publicUrl, orderNumber as string, token as string);
      const transactionId = options.transactionId;
      if (
        typeof transactionId === "string" &&
        TRANSACTION_ID_PATTERN.test(transactionId) &&
        checkout.paymentMethod === "card" &&
        !checkout.paidAt &&
        wompi
      ) {
        try {
          const t = await wompi.getTransaction(transactionId);
          if (t.approved && t.real && t.amount === checkout.totalAmount) {
            const outcome = await markPaid(checkout, t.id);
            if (outcome === "transaction_used") {
              log.warn(
                { checkout: checkout.reference, transactionId },
                "Wompi: la transacción ya pagó otro pedido",
              );
            }
            checkout = (await repo.findCheckout(db, checkout.id)) ?? checkout;
          } else if (t.approved && t.amount !== checkout.totalAmount) {
            log.warn(
              { checkout: checkout.reference, transactionId, amount: t.amount },
              "Wompi: el monto de la transacción no es el total del pedido",
            );
          }
        } catch (error) {
          // The page still shows the order, as pending; the webhook will tell.
          if (!(error instanceof WompiError)) throw error;
          log.warn(
            { checkout: checkout.reference, failure: error.failure, detail: error.detail },
            "Wompi: no se pudo confirmar la transacción",
          );
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
      return present(await ensurePaymentLink(checkout, orderUrl), orderUrl);
    },

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
      if (notification.amount !== checkout.totalAmount) {
        log.warn(
          { ...about, amount: notification.amount, expected: checkout.totalAmount },
          "Wompi: el monto notificado no es el total del pedido; no se marca pagado",
        );
        return "amount_mismatch";
      }
      const outcome = await markPaid(checkout, notification.transactionId);
      if (outcome === "already_paid" && checkout.transactionId !== notification.transactionId) {
        log.warn(
          { ...about, paidBy: checkout.transactionId },
          "Wompi: otro pago aprobado de un pedido ya pagado",
        );
      } else if (outcome === "transaction_used") {
        log.warn(about, "Wompi: la transacción ya pagó otro pedido");
      }
      return outcome;
    },
  };
}
