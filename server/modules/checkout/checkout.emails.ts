import { formatPrice, multiplyPrice } from "../../../shared/money";
import { echo, renderEmail, type EmailBlock, type MailMessage } from "../mail/mail.service";
import { EACH_MERCHANT_DELIVERS } from "../../../shared/checkout";
import { lineName } from "../../../shared/product-variants";
import {
  FULFILLMENT_STATUS_LABELS,
  ORDER_FULFILLMENT_LABELS,
  PAYMENT_METHOD_LABELS,
  type OrderFulfillment,
  type PaymentMethod,
} from "../../../shared/order-life";
import type { DeliveryAddress } from "../../../shared/api-types";
import { RATE_ORDER_ANCHOR } from "../../../shared/order-reviews";
import { WITHDRAWAL_PARAGRAPH } from "../../../shared/consumer-rights";
import { taxIdLine } from "../../../shared/legal-identity";

const addressText = (a: DeliveryAddress) =>
  [a.address, a.district, a.municipality, a.department].filter(Boolean).join(", ") +
  (a.reference ? ` (Referencia: ${a.reference})` : "");

/** The e-mails of issue 10: what the shopper and each merchant receive, in Spanish. */

export interface EmailOrder {
  id: number;
  orderNumber: string;
  subtotal: string;
  deliveryFee: string | null;
  totalAmount: string;
  fulfillment: OrderFulfillment | null;
  deliveryAddress: DeliveryAddress | null;
  note: string | null;
  merchant: {
    id: number;
    name: string;
    noticeEmail: string;
    /** Issue 37: who sells, as the order page and the receipt say it. */
    legalName?: string | null;
    taxId?: string | null;
  } | null;
  items: readonly {
    product: { name: string };
    quantity: number;
    price: string;
    variantName?: string | null;
  }[];
}

export interface EmailCheckout {
  id: number;
  paymentMethod: string;
  totalAmount: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  /** The order page (token included); in the payment notice, the /orders list. */
  orderUrl: string;
  orders: readonly EmailOrder[];
}

const lineRows = (order: EmailOrder) => ({
  rows: [
    ...order.items.map(
      (item) =>
        [
          `${item.quantity} × ${lineName(item.product.name, item.variantName)} (${formatPrice(item.price)} c/u)`,
          formatPrice(multiplyPrice(item.price, item.quantity)),
        ] as const,
    ),
    ...(order.fulfillment === "delivery" || order.deliveryFee !== "0.00"
      ? [
          [
            "Envío",
            order.deliveryFee === null ? "Por coordinar" : formatPrice(order.deliveryFee),
          ] as const,
        ]
      : []),
  ],
  total: ["Total", formatPrice(order.totalAmount)] as const,
});

/** How the order reaches the shopper; `short` cuts the typed address for the shopper's copy. */
function fulfillmentLine(order: EmailOrder, short: boolean): string | null {
  if (!order.fulfillment) return null;
  const label = ORDER_FULFILLMENT_LABELS[order.fulfillment];
  if (order.fulfillment !== "delivery" || !order.deliveryAddress) return label;
  const address = addressText(order.deliveryAddress);
  return `${label}: ${short ? echo(address) : address}`;
}

/** What the shopper reads about paying, by method. */
function paymentLine(method: string): string {
  switch (method as PaymentMethod) {
    case "card":
      return "Pagas con tarjeta: te avisaremos por correo cuando el pago se confirme.";
    case "cash":
      return "Pagas en efectivo al recibir tu pedido.";
    case "transfer":
      return "Pagas por transferencia bancaria: los datos de la cuenta están en la página de tu pedido. Usa el número de pedido como referencia.";
    default:
      return "Coordinas el pago con cada comercio: envíale tu pedido por WhatsApp desde la página del pedido.";
  }
}

/** Issue 37: 'Vende: Panificadora Ñandú, S.A. de C.V. · NIT 0614-…', when the merchant said. */
function sellerLine(order: EmailOrder): string | null {
  const parts = [order.merchant?.legalName, taxIdLine(order.merchant?.taxId ?? null)].filter(
    Boolean,
  );
  return parts.length ? `Vende: ${parts.join(" · ")}` : null;
}

const numbers = (checkout: EmailCheckout) => checkout.orders.map((o) => o.orderNumber).join(", ");

/** The shopper's summary, with the link to the order page. */
export function customerSummaryEmail(checkout: EmailCheckout): MailMessage {
  const several = checkout.orders.length > 1;
  const blocks: EmailBlock[] = [
    `Hola ${echo(checkout.customerName)}, recibimos tu pedido. ${EACH_MERCHANT_DELIVERS}`,
  ];
  for (const order of checkout.orders) {
    blocks.push(`Pedido ${order.orderNumber} · ${order.merchant?.name ?? "Comercio"}`);
    const seller = sellerLine(order);
    if (seller) blocks.push(seller);
    const how = fulfillmentLine(order, true);
    if (how) blocks.push(how);
    blocks.push(lineRows(order));
  }
  if (several) blocks.push(`Total de tus pedidos: ${formatPrice(checkout.totalAmount)}`);
  blocks.push(paymentLine(checkout.paymentMethod));
  blocks.push({ button: { label: "Ver mi pedido", url: checkout.orderUrl } });
  // Issue 37: the receipt is on the order page; the right of withdrawal, in every order e-mail.
  blocks.push("Tu comprobante de compra está en la página de tu pedido.", WITHDRAWAL_PARAGRAPH);
  return {
    kind: "checkout.customer",
    dedupeKey: `checkout:${checkout.id}:customer`,
    to: checkout.customerEmail,
    ...renderEmail({
      subject: several
        ? `Tus pedidos en Tiangue: ${numbers(checkout)}`
        : `Tu pedido en Tiangue: ${numbers(checkout)}`,
      heading: several ? "Recibimos tus pedidos" : "Recibimos tu pedido",
      blocks,
      footer: "Recibes este correo porque hiciste un pedido en Tiangue.",
    }),
  };
}

function customerRows(checkout: EmailCheckout) {
  return {
    rows: [
      ["Cliente", checkout.customerName],
      ["Correo", checkout.customerEmail],
      ["Teléfono", checkout.customerPhone ?? "No proporcionado"],
    ] as const,
  };
}

/** Each merchant's order, to the merchant's e-mail; replies go to the shopper. */
export function merchantOrderEmail(checkout: EmailCheckout, order: EmailOrder): MailMessage | null {
  if (!order.merchant) return null;
  const blocks: EmailBlock[] = [
    `Tienes un pedido nuevo en Tiangue: ${order.orderNumber}.`,
    customerRows(checkout),
    lineRows(order),
  ];
  const how = fulfillmentLine(order, false);
  if (how) blocks.push(how);
  if (order.note) blocks.push(`Nota del cliente:\n${order.note}`);
  blocks.push(merchantPaymentLine(checkout.paymentMethod));
  blocks.push(
    "Avanza el pedido desde tu portal de comercio: el cliente recibe un aviso en cada paso.",
  );
  return {
    kind: "order.merchant",
    dedupeKey: `order:${order.id}:merchant`,
    to: order.merchant.noticeEmail,
    replyTo: checkout.customerEmail,
    ...renderEmail({
      subject: `Nuevo pedido ${order.orderNumber} en Tiangue`,
      blocks,
      footer: `Recibes este correo porque ${order.merchant.name} vende en Tiangue.`,
    }),
  };
}

/** What the merchant reads about the shopper's payment, by method. */
function merchantPaymentLine(method: string): string {
  switch (method as PaymentMethod) {
    case "card":
      return "El cliente paga con tarjeta: te avisaremos cuando el pago se confirme. Espera esa confirmación antes de prepararlo.";
    case "cash":
      return `Pago: ${PAYMENT_METHOD_LABELS.cash}.`;
    case "transfer":
      return `Pago: ${PAYMENT_METHOD_LABELS.transfer} a tu cuenta. Márcalo como pagado cuando la recibas.`;
    default:
      return "El cliente coordinará contigo el pago y la entrega, por lo general por WhatsApp.";
  }
}

/** The shopper's notice that the card payment was received. */
export function customerPaidEmail(checkout: EmailCheckout): MailMessage {
  return {
    kind: "checkout.paid.customer",
    dedupeKey: `checkout:${checkout.id}:paid:customer`,
    to: checkout.customerEmail,
    ...renderEmail({
      subject: `Pago recibido: ${numbers(checkout)}`,
      heading: "Recibimos tu pago",
      blocks: [
        `Hola ${echo(checkout.customerName)}, tu pago de ${formatPrice(checkout.totalAmount)} fue aprobado. ${EACH_MERCHANT_DELIVERS}`,
        // The order page's token is stored only as a hash: this notice links to the
        // browser's list of orders; the first e-mail holds the order page's own link.
        { button: { label: "Ver mis pedidos", url: checkout.orderUrl } },
      ],
      footer: "Recibes este correo porque hiciste un pedido en Tiangue.",
    }),
  };
}

/** Each merchant's notice that its order is paid: it may now prepare it. */
export function merchantPaidEmail(checkout: EmailCheckout, order: EmailOrder): MailMessage | null {
  if (!order.merchant) return null;
  return {
    kind: "order.paid.merchant",
    dedupeKey: `order:${order.id}:paid:merchant`,
    to: order.merchant.noticeEmail,
    replyTo: checkout.customerEmail,
    ...renderEmail({
      subject: `Pedido ${order.orderNumber} pagado`,
      blocks: [
        `El pago con tarjeta del pedido ${order.orderNumber} fue aprobado: ya puedes prepararlo.`,
        customerRows(checkout),
        lineRows(order),
      ],
      footer: `Recibes este correo porque ${order.merchant.name} vende en Tiangue.`,
    }),
  };
}

/** One step of one order, as the shopper is told about it (issue 25). */
export interface OrderNoticeMail {
  orderId: number;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  merchantName: string;
  notice: "preparing" | "ready" | "on_the_way" | "delivered" | "cancelled" | "refunded";
  /** The merchant's reason, when it cancelled. */
  reason: string | null;
  refundReference: string | null;
  /** The order page, with a token of this e-mail's own. */
  orderUrl: string;
}

const STEP_TEXT: Record<Exclude<OrderNoticeMail["notice"], "cancelled" | "refunded">, string> = {
  preparing: "ya está preparando tu pedido",
  ready: "tiene tu pedido listo: puedes pasar a recogerlo",
  on_the_way: "envió tu pedido: va en camino",
  delivered: "marcó tu pedido como entregado. ¡Gracias por comprar en Tiangue!",
};

/** The shopper's e-mail of a step, a cancellation or a refund: one per order and kind. */
export function orderNoticeEmail(n: OrderNoticeMail): MailMessage {
  let subject: string;
  const blocks: EmailBlock[] = [];
  if (n.notice === "cancelled") {
    subject = `Pedido ${n.orderNumber} cancelado`;
    blocks.push(
      `Hola ${echo(n.customerName)}, el pedido ${n.orderNumber} de ${n.merchantName} fue cancelado.`,
    );
    if (n.reason) blocks.push(`Motivo del comercio:\n${n.reason}`);
  } else if (n.notice === "refunded") {
    subject = `Reembolso del pedido ${n.orderNumber}`;
    blocks.push(
      `Hola ${echo(n.customerName)}, registramos el reembolso del pedido ${n.orderNumber}` +
        (n.refundReference ? ` (referencia ${n.refundReference}).` : "."),
    );
  } else {
    subject = `Pedido ${n.orderNumber}: ${FULFILLMENT_STATUS_LABELS[n.notice]}`;
    blocks.push(`Hola ${echo(n.customerName)}, ${n.merchantName} ${STEP_TEXT[n.notice]}`);
  }
  if (n.notice === "delivered") {
    // Issue 37: the order's token writes verified reviews, from its page's 'Califica tu compra'.
    blocks.push(
      `Califica tu compra: cuéntanos qué tal ${n.merchantName} y cada producto. Tu opinión se publica como 'Compra verificada' y ayuda a otros compradores.`,
      { button: { label: "Califica tu compra", url: `${n.orderUrl}#${RATE_ORDER_ANCHOR}` } },
    );
  }
  blocks.push({ button: { label: "Ver mi pedido", url: n.orderUrl } });
  // Issue 37: the 8 days of the right of withdrawal start when the order is received.
  if (n.notice === "delivered") blocks.push(WITHDRAWAL_PARAGRAPH);
  return {
    kind: `order.${n.notice}.customer`,
    dedupeKey: `order:${n.orderId}:${n.notice}:customer`,
    to: n.customerEmail,
    ...renderEmail({
      subject,
      blocks,
      footer: "Recibes este correo porque hiciste un pedido en Tiangue.",
    }),
  };
}

/** The merchant's notice that the shopper cancelled an order before it was prepared. */
export function merchantCancelledEmail(n: {
  orderId: number;
  orderNumber: string;
  merchant: { name: string; noticeEmail: string };
  customerEmail: string;
}): MailMessage {
  return {
    kind: "order.cancelled.merchant",
    dedupeKey: `order:${n.orderId}:cancelled:merchant`,
    to: n.merchant.noticeEmail,
    replyTo: n.customerEmail,
    ...renderEmail({
      subject: `Pedido ${n.orderNumber} cancelado por el cliente`,
      blocks: [
        `El cliente canceló el pedido ${n.orderNumber} antes de que empezaras a prepararlo.`,
      ],
      footer: `Recibes este correo porque ${n.merchant.name} vende en Tiangue.`,
    }),
  };
}

/** 'Buscar mi pedido': the order page's link, to the address the order was placed with. */
export function orderLookupEmail(n: {
  lookupId: string;
  orderNumber: string;
  customerEmail: string;
  orderUrl: string;
}): MailMessage {
  return {
    kind: "order.lookup.customer",
    dedupeKey: `lookup:${n.lookupId}`,
    to: n.customerEmail,
    ...renderEmail({
      subject: `El enlace de tu pedido ${n.orderNumber}`,
      blocks: [
        `Pediste el enlace del pedido ${n.orderNumber} en Tiangue. Ábrelo para ver en qué va:`,
        { button: { label: "Ver mi pedido", url: n.orderUrl } },
        "Si no lo pediste tú, ignora este correo: nadie más lo recibe.",
      ],
      footer: "Recibes este correo porque alguien buscó un pedido hecho con esta dirección.",
    }),
  };
}

/** Issue 35: an order still 'Recibido' after ORDER_REMINDER_MINUTES of the shop's open time. */
export function merchantWaitingEmail(n: {
  orderId: number;
  orderNumber: string;
  merchant: { name: string; noticeEmail: string };
  minutes: number;
  expiryMinutes: number;
  portalUrl: string;
}): MailMessage {
  const blocks: EmailBlock[] = [
    `El pedido ${n.orderNumber} lleva ${n.minutes} minutos esperando tu respuesta.`,
    "Acéptalo (pásalo a 'En preparación') o cancélalo con un motivo desde tu portal; el cliente recibe un aviso.",
  ];
  if (n.expiryMinutes > 0) {
    blocks.push(
      `Si no lo respondes, se cancelará solo a los ${n.expiryMinutes} minutos de tu horario de atención.`,
    );
  }
  blocks.push({ button: { label: "Ver el pedido", url: n.portalUrl } });
  return {
    kind: "order.waiting.merchant",
    dedupeKey: `order:${n.orderId}:waiting:merchant`,
    to: n.merchant.noticeEmail,
    ...renderEmail({
      subject: `Pedido ${n.orderNumber} sin responder`,
      blocks,
      footer: `Recibes este correo porque ${n.merchant.name} vende en Tiangue.`,
    }),
  };
}

/**
 * Issue 36: a counted product (or one of its variants) reached 0 with a checkout; to the
 * merchant, with its product list in the portal.
 */
export function merchantSoldOutEmail(n: {
  checkoutId: number;
  productId: number;
  variantId: number | null;
  name: string;
  merchant: { name: string; noticeEmail: string };
  portalUrl: string;
}): MailMessage {
  return {
    kind: "product.sold_out.merchant",
    dedupeKey: `stock:${n.productId}:${n.variantId ?? 0}:checkout:${n.checkoutId}:merchant`,
    to: n.merchant.noticeEmail,
    ...renderEmail({
      subject: `Se agotó ${n.name}`,
      blocks: [
        `Con el último pedido se vendieron las existencias de ${n.name}: ya se muestra como 'Agotado' y no se puede pedir.`,
        "Cuando tengas de nuevo, cambia sus existencias o toca 'Hay de nuevo' en tu portal.",
        { button: { label: "Ver mis productos", url: n.portalUrl } },
      ],
      footer: `Recibes este correo porque ${n.merchant.name} vende en Tiangue.`,
    }),
  };
}
