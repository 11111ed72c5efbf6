import {
  CARD_UNAVAILABLE_MESSAGE,
  type CheckoutDto,
  type CheckoutOptionsDto,
} from "../../../shared/checkout";
import { ALL_CANCELLED_NO_PAYMENT_MESSAGE } from "../../../shared/order-life";
import { checkoutSchema } from "../../../shared/schemas/checkout";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import type { CartService } from "../cart/cart.service";
import type { ProductsService } from "../products/products.service";
import type { OrdersService } from "../orders/orders.service";
import { cartMerchantOptions, readRequest } from "./checkout-plan";
import { createCheckoutTransaction } from "./checkout-transaction";
import { createOrderLookup } from "./order-lookup";
import { createOrderPage } from "./order-page";
import { type OrderNotices } from "./order-notices";
import { orderPageUrl } from "./checkout.presenter";
import * as repo from "./checkout.repository";
import { newToken } from "./checkout.token";
import { createPaymentConfirmation } from "./payment-confirmation";
import { createPaymentLinks } from "./payment-link";
import { checkUnpaidCheckoutCap, countUnpaidCheckout } from "./unpaid-cap";
import { WebhookSignatureError, type WebhookOutcome } from "./wompi-webhook";

/**
 * The checkout: a cart read and priced by merchant (checkout-plan.ts), written in one
 * transaction (checkout-transaction.ts), its card payment link (payment-link.ts) and its
 * payment confirmed (payment-confirmation.ts), its order page read (order-page.ts).
 */

export { LOOKUPS_PER_EMAIL } from "./order-lookup";
export { PAYMENT_CHECKS_PER_ADDRESS } from "./payment-confirmation";
const TRANSACTION_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Reads a kept page may depend on (server/http/web-app.ts): `options` depends only on the
 * configuration (the help, terms and cart pages promise card payment only when it is set).
 */
export const CACHEABLE_READS = ["options"] as const;

export { WebhookSignatureError, type WebhookOutcome };

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
  const { db, config, wompi } = deps;
  const ordersService = services.orders;
  const { present, urlOf, emailCheckout, authorized } = createOrderPage(deps, ordersService);
  const paymentLinks = createPaymentLinks(deps, ordersService);
  const payments = createPaymentConfirmation(deps, {
    orders: ordersService,
    notices: services.notices,
    emailCheckout,
  });
  const writeCheckout = createCheckoutTransaction(deps, { ...services, emailCheckout });

  /** The answer of a checkout placed earlier with this Idempotency-Key. */
  async function replay(checkout: repo.CheckoutRow, key: string): Promise<CheckoutDto> {
    const token = newToken(checkout.tokenSalt, key);
    const orderUrl = await urlOf(checkout, token);
    return present(await paymentLinks.ensure(checkout, orderUrl), orderUrl);
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
      return {
        cardPayment,
        ...whatsappNotices,
        merchants: await cartMerchantOptions(db, parsed.data),
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
      // Issue 36: only a product's change of availability makes the catalogue forget, and
      // only what showed it (issue 38; the count alone is shown by no public page: the cart
      // and this checkout read it from the database).
      await deps.cache.forget(placed.availabilityChanges);
      if (unpaidFrom) await countUnpaidCheckout(db, unpaidFrom);
      const checkout = await paymentLinks.ensure(placed.checkout, placed.orderUrl);
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
        if (await payments.confirmReturn({ ...checkout, paymentId }, transactionId, address)) {
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
      return present(await paymentLinks.ensure(checkout, orderUrl), orderUrl);
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
     * the checkout's exact total: every order of the checkout becomes paid, once
     * (payment-confirmation.ts).
     */
    handleWompiWebhook: payments.handleWebhook,
  };
}
