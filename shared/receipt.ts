import type { CheckoutDto, CheckoutOrderDto } from "./checkout";
import { formatLongDateTime } from "./dates";
import { formatCalendarDay } from "./dte";
import { formatPrice, multiplyPrice } from "./money";
import {
  ORDER_FULFILLMENT_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
} from "./order-life";
import { taxIdLine } from "./legal-identity";

/**
 * Issue 37: the receipt of one order (a 'comprobante de compra', the purchase summary the
 * consumer law asks an online seller to give): every word of it, written once for the
 * printable page and the PDF, so both always say the same.
 */
export const RECEIPT_TITLE = "Comprobante de compra";
export const DTE_DISCLAIMER =
  "Este comprobante no sustituye el documento tributario electrónico (DTE) del comercio.";

/** The receipt page of one order of the checkout: the order page's token opens it. */
export function receiptPath(orderNumber: string, token: string): string {
  return `/orders/${encodeURIComponent(orderNumber)}/comprobante?token=${encodeURIComponent(token)}`;
}

/** Its PDF. */
export function receiptPdfPath(orderNumber: string, token: string): string {
  return `/api/orders/${encodeURIComponent(orderNumber)}/comprobante.pdf?token=${encodeURIComponent(token)}`;
}

export interface ReceiptLine {
  name: string;
  /** 'M · Azul', or null. */
  variant: string | null;
  quantity: number;
  unitPrice: string;
  total: string;
}

export interface Receipt {
  orderNumber: string;
  /** '3 de diciembre de 2026, 14:30 (hora de El Salvador)'. */
  date: string;
  seller: {
    name: string;
    /** The razón social and 'NIT …' / 'DUI …'; null each when not given. */
    legalName: string | null;
    taxId: string | null;
  };
  customer: { name: string; email: string; phone: string | null };
  lines: ReceiptLine[];
  subtotal: string;
  /** '$2.50', 'Gratis', 'Por coordinar con el comercio'. */
  deliveryFee: string;
  total: string;
  paymentMethod: string;
  paymentStatus: string;
  /** 'Entrega a domicilio' and its address lines, or 'Recoger en tienda'. */
  fulfillment: string;
  addressLines: string[];
  /** 'Pedido cancelado: …' when it was cancelled, else null. */
  cancelled: string | null;
  dte: { code: string; date: string; lookupUrl: string } | null;
  disclaimer: string;
}

function deliveryFeeText(order: CheckoutOrderDto): string {
  if (order.fulfillment === "pickup") return "No aplica (recoger en tienda)";
  if (order.deliveryFee === null) return "Por coordinar con el comercio";
  return Number(order.deliveryFee) === 0 ? "Gratis" : formatPrice(order.deliveryFee);
}

function addressLinesOf(order: CheckoutOrderDto): string[] {
  const address = order.fulfillment === "delivery" ? order.deliveryAddress : null;
  if (!address) return [];
  const place = [address.district, address.municipality, address.department].filter(Boolean);
  return [
    address.address,
    place.join(", "),
    ...(address.reference ? [`Referencia: ${address.reference}`] : []),
  ];
}

/** The receipt of `order`, one of `checkout`'s orders. */
export function receiptOf(
  checkout: Pick<CheckoutDto, "paymentMethod">,
  order: CheckoutOrderDto,
): Receipt {
  return {
    orderNumber: order.orderNumber,
    date: `${formatLongDateTime(order.createdAt)} (hora de El Salvador)`,
    seller: {
      name: order.merchant.name,
      legalName: order.merchant.legalName,
      taxId: taxIdLine(order.merchant.taxId),
    },
    customer: {
      name: order.customerName,
      email: order.customerEmail,
      phone: order.customerPhone,
    },
    lines: order.items.map((item) => ({
      name: item.product.name,
      variant: item.variantName,
      quantity: item.quantity,
      unitPrice: formatPrice(item.price),
      total: formatPrice(multiplyPrice(item.price, item.quantity)),
    })),
    subtotal: formatPrice(order.subtotal),
    deliveryFee: deliveryFeeText(order),
    total: formatPrice(order.totalAmount),
    paymentMethod: PAYMENT_METHOD_LABELS[checkout.paymentMethod],
    paymentStatus: PAYMENT_STATUS_LABELS[order.paymentStatus],
    fulfillment: order.fulfillment ? ORDER_FULFILLMENT_LABELS[order.fulfillment] : "Por coordinar",
    addressLines: addressLinesOf(order),
    cancelled:
      order.status === "cancelled"
        ? `Pedido cancelado${order.cancelReason ? `: ${order.cancelReason}` : ""}`
        : null,
    dte: order.dte
      ? {
          code: order.dte.code,
          date: formatCalendarDay(order.dte.issuedAt),
          lookupUrl: order.dte.lookupUrl,
        }
      : null,
    disclaimer: DTE_DISCLAIMER,
  };
}
