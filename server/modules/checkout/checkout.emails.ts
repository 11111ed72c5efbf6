import { formatPrice, multiplyPrice } from "../../../shared/money";
import type { MailMessage } from "../mail/mail.service";
import { renderEmail, type EmailBlock } from "../mail/mail.templates";
import { EACH_MERCHANT_DELIVERS } from "../../../shared/checkout";

/** The e-mails of issue 10: what the shopper and each merchant receive, in Spanish. */

export interface EmailOrder {
  id: number;
  orderNumber: string;
  totalAmount: string;
  note: string | null;
  merchant: { name: string; email: string } | null;
  items: readonly { product: { name: string }; quantity: number; price: string }[];
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
  rows: order.items.map(
    (item) =>
      [
        `${item.quantity} × ${item.product.name} (${formatPrice(item.price)} c/u)`,
        formatPrice(multiplyPrice(item.price, item.quantity)),
      ] as const,
  ),
  total: ["Total", formatPrice(order.totalAmount)] as const,
});

const numbers = (checkout: EmailCheckout) => checkout.orders.map((o) => o.orderNumber).join(", ");

/** The shopper's summary, with the link to the order page. */
export function customerSummaryEmail(checkout: EmailCheckout): MailMessage {
  const several = checkout.orders.length > 1;
  const blocks: EmailBlock[] = [
    `Hola ${checkout.customerName}, recibimos tu pedido. ${EACH_MERCHANT_DELIVERS}`,
  ];
  for (const order of checkout.orders) {
    blocks.push(`Pedido ${order.orderNumber} · ${order.merchant?.name ?? "Comercio"}`);
    blocks.push(lineRows(order));
  }
  if (several) blocks.push(`Total de tus pedidos: ${formatPrice(checkout.totalAmount)}`);
  blocks.push(
    checkout.paymentMethod === "card"
      ? "Pagas con tarjeta: te avisaremos por correo cuando el pago se confirme."
      : "Coordinas el pago con cada comercio: envíale tu pedido por WhatsApp desde la página del pedido.",
  );
  blocks.push({ button: { label: "Ver mi pedido", url: checkout.orderUrl } });
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
  if (order.note) blocks.push(`Nota del cliente:\n${order.note}`);
  blocks.push(
    checkout.paymentMethod === "card"
      ? "El cliente paga con tarjeta: te avisaremos cuando el pago se confirme. Espera esa confirmación antes de entregar."
      : "El cliente coordinará contigo el pago y la entrega, por lo general por WhatsApp.",
  );
  return {
    kind: "order.merchant",
    dedupeKey: `order:${order.id}:merchant`,
    to: order.merchant.email,
    replyTo: checkout.customerEmail,
    ...renderEmail({
      subject: `Nuevo pedido ${order.orderNumber} en Tiangue`,
      blocks,
      footer: `Recibes este correo porque ${order.merchant.name} vende en Tiangue.`,
    }),
  };
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
        `Hola ${checkout.customerName}, tu pago de ${formatPrice(checkout.totalAmount)} fue aprobado. ${EACH_MERCHANT_DELIVERS}`,
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
    to: order.merchant.email,
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
