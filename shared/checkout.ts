/**
 * Issue 10's checkout, as the browser and the API share it. Zod-free at run time (the order
 * pages load it without the schemas): the answers' types are z.infer of shared/contracts/
 * (imported as types only); the form's schema is shared/schemas/checkout.ts.
 *
 * POST /api/checkout (Idempotency-Key header) → 201 CheckoutDto. 409: empty cart, products
 * no longer public (named), card not configured. 502 (card, Wompi down): the orders exist,
 * pending, and the cart is emptied; sending the same Idempotency-Key again answers 201 with
 * paymentUrl once Wompi answers. GET /api/orders/{orderNumber}?token=…&idTransaccion=… asks
 * Wompi about that payment before showing 'Pagado'.
 */
import type { z } from "zod";
import type * as contracts from "./contracts/index";
import { placeFeeFor, type PlaceFee } from "./delivery";
import { formatPrice, multiplyPrice, priceToCents } from "./money";
import type { OrderFulfillment, PaymentMethod, PaymentStatus } from "./order-life";
import { whatsappUrl } from "./phone";
import { lineName } from "./product-variants";

export type { PaymentMethod, PaymentStatus };
export { PAYMENT_STATUS_LABELS } from "./order-life";

/** The 409 and 502 messages of POST /api/checkout (contract of issue 10). */
export const CART_EMPTY_MESSAGE = "Tu carrito está vacío";
export const CARD_UNAVAILABLE_MESSAGE = "El pago con tarjeta no está disponible";
export const PAYMENT_PROVIDER_UNAVAILABLE_MESSAGE =
  "No pudimos conectar con el procesador de pagos. Intenta de nuevo.";
/** The 404 of the order page and its API (no token, a wrong one, an unknown number). */
export const ORDER_PAGE_NOT_FOUND_MESSAGE = "Pedido no encontrado";
/**
 * The 410 of an order link other than the checkout's first, past ORDER_LINK_DAYS (issue 37):
 * 'Buscar mi pedido' e-mails a new one.
 */
export const ORDER_LINK_EXPIRED_MESSAGE = "Este enlace venció; pide uno nuevo en Buscar mi pedido";
/** 409 'Ya no están disponibles: Pupusa revuelta, Horchata'. */
export const UNAVAILABLE_PRODUCTS_PREFIX = "Ya no están disponibles";

export const EACH_MERCHANT_DELIVERS = "Cada comercio prepara y entrega su pedido por separado.";

export type CheckoutMerchantDto = z.infer<typeof contracts.checkoutMerchant>;

/** One merchant's order of a checkout. */
export type CheckoutOrderDto = z.infer<typeof contracts.checkoutOrder>;

/** The answer of POST /api/checkout and GET /api/orders/{orderNumber}?token=…. */
export type CheckoutDto = z.infer<typeof contracts.checkout>;

/**
 * GET /api/checkout/options[?sessionId=…]: what the /checkout form may offer. With the
 * cart's session id, also each merchant of the cart (issue 25), in the cart's order.
 */
export type CheckoutOptionsDto = z.infer<typeof contracts.checkoutOptions>;

/**
 * What the /checkout page needs of each merchant of the cart (issue 25): how it serves,
 * where it delivers, its fee and what it accepts. Read by the page's loader.
 */
export type CheckoutMerchantOptionDto = z.infer<typeof contracts.checkoutMerchantOption>;

/**
 * An order's delivery fee: "0.00" for pickup and free delivery (subtotal at least
 * `freeDeliveryFrom`), null when agreed with the merchant (no fee set, or `arrange`). With
 * the address (issue 36), the fee of its district, else of its municipality, else the
 * merchant's general fee (placeFeeFor).
 */
export function deliveryFeeFor(
  fulfillment: OrderFulfillment,
  merchant: {
    deliveryFee: string | null;
    freeDeliveryFrom: string | null;
    deliveryFees?: readonly PlaceFee[];
  },
  subtotal: string,
  address?: { municipality: string; district?: string | null } | null,
): string | null {
  if (fulfillment === "pickup") return "0.00";
  const fee = placeFeeFor(merchant, address);
  if (fulfillment === "arrange" || fee === null) return null;
  const freeFrom =
    merchant.freeDeliveryFrom === null ? null : priceToCents(merchant.freeDeliveryFrom);
  if (freeFrom !== null && (priceToCents(subtotal) ?? 0) >= freeFrom) return "0.00";
  return fee;
}

interface MessageLine {
  quantity: number;
  price: string;
  product: { name: string };
  /** Issue 36: 'M · Azul' (an order line's; a cart line's too). */
  variantName?: string | null;
}

/**
 * The prefilled WhatsApp message of one merchant's order: its number, one line per
 * product (like the cart's message), then the total.
 */
export function orderWhatsappMessage(
  orderNumber: string,
  items: readonly MessageLine[],
  totalAmount: string,
): string {
  const lines = items.map(
    ({ product, quantity, price, variantName }) =>
      `- ${quantity} × ${lineName(product.name, variantName)} (${formatPrice(price)} c/u) = ${formatPrice(
        multiplyPrice(price, quantity),
      )}`,
  );
  return [
    `Hola, hice el pedido ${orderNumber} en Tiangue:`,
    ...lines,
    `Total: ${formatPrice(totalAmount)}`,
  ].join("\n");
}

/** wa.me link to the merchant with the order's message; null without a WhatsApp number. */
export function orderWhatsappUrl(
  whatsapp: string | null,
  orderNumber: string,
  items: readonly MessageLine[],
  totalAmount: string,
): string | null {
  return whatsapp
    ? whatsappUrl(whatsapp, orderWhatsappMessage(orderNumber, items, totalAmount))
    : null;
}

/**
 * An order as the admin's 'Pedidos' tab (and the merchant portal) reads it: the spec's
 * order, plus its merchant and payment state (issue 10; optional beside the spec's fields).
 */
export type AdminOrderDto = z.infer<typeof contracts.adminOrder>;

/** The payment state of an order from what is stored. */
export function paymentStatusOf(order: {
  paymentMethod: string | null;
  paidAt: unknown;
  status: string;
  refundStatus?: string | null;
}): PaymentStatus | null {
  if (order.refundStatus === "due") return "refund_due";
  if (order.refundStatus === "refunded") return "refunded";
  if (order.paidAt) return "paid";
  if (order.paymentMethod === "card") return "pending";
  if (order.paymentMethod === "whatsapp") return order.status === "paid" ? "paid" : "offline";
  if (order.paymentMethod === "cash" || order.paymentMethod === "transfer") {
    return order.status === "paid" ? "paid" : "pending";
  }
  return order.status === "paid" ? "paid" : null;
}
