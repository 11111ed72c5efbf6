/**
 * Issue 25: what happens after an order is placed — how it reaches the shopper (delivery,
 * pickup or by arrangement), its steps to 'Entregado', how each merchant takes payment, and
 * the refund and payout states. Zod-free at run time (the order pages load it without the
 * schemas); the request bodies are in shared/schemas/order-life.ts.
 *
 * The answers' shapes are zod schemas in shared/contracts/, their types in shared/api-types.ts
 * (the contracts import this file's enums, so it imports nothing of theirs).
 */

/** How the shopper pays (checkout `paymentMethod`), and what a merchant accepts. */
export const PAYMENT_METHODS = ["card", "cash", "transfer", "whatsapp"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What a merchant accepts until it says otherwise (existing and spec-created merchants). */
export const DEFAULT_PAYMENT_METHODS: readonly PaymentMethod[] = ["whatsapp", "card"];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: "Efectivo al recibir",
  transfer: "Transferencia bancaria",
  card: "Tarjeta (Wompi)",
  whatsapp: "Coordinar el pago con el comercio",
};

/** The order in which forms list the methods. */
export const PAYMENT_METHOD_ORDER: readonly PaymentMethod[] = [
  "cash",
  "transfer",
  "card",
  "whatsapp",
];

export const ACCOUNT_TYPES = ["Ahorro", "Corriente"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * How one order reaches the shopper: chosen at the checkout. `arrange`: the merchant set
 * up no fulfilment ('Entrega por coordinar con el comercio').
 */
export const ORDER_FULFILLMENTS = ["delivery", "pickup", "arrange"] as const;
export type OrderFulfillment = (typeof ORDER_FULFILLMENTS)[number];

export const ORDER_FULFILLMENT_LABELS: Record<OrderFulfillment, string> = {
  delivery: "Entrega a domicilio",
  pickup: "Recoger en tienda",
  arrange: "Entrega por coordinar con el comercio",
};

/** The steps a merchant moves an order through. */
export const FULFILLMENT_STATUSES = [
  "received",
  "preparing",
  "ready",
  "on_the_way",
  "delivered",
] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

export const FULFILLMENT_STATUS_LABELS: Record<FulfillmentStatus, string> = {
  received: "Recibido",
  preparing: "En preparación",
  ready: "Listo para recoger",
  on_the_way: "En camino",
  delivered: "Entregado",
};

/** The steps of an order, in order: `ready` for pickup, `on_the_way` for the others. */
export function stepsOf(fulfillment: OrderFulfillment): readonly FulfillmentStatus[] {
  return fulfillment === "pickup"
    ? ["received", "preparing", "ready", "delivered"]
    : ["received", "preparing", "on_the_way", "delivered"];
}

/** The step after `current`, or null at the end. */
export function nextStep(
  fulfillment: OrderFulfillment,
  current: FulfillmentStatus,
): FulfillmentStatus | null {
  const steps = stepsOf(fulfillment);
  const index = steps.indexOf(current);
  return index >= 0 && index < steps.length - 1 ? steps[index + 1] : null;
}

/** Whether `to` is a later step than `from` on this order's path (one step or several). */
export function isForward(
  fulfillment: OrderFulfillment,
  from: FulfillmentStatus,
  to: FulfillmentStatus,
): boolean {
  const steps = stepsOf(fulfillment);
  const a = steps.indexOf(from);
  const b = steps.indexOf(to);
  return a >= 0 && b > a;
}

/**
 * How an order is being paid:
 * - `offline`: 'Coordinar el pago con el comercio' (WhatsApp);
 * - `pending`: card, cash or transfer not received yet (card: not confirmed by Wompi);
 * - `paid`: received (card: Wompi confirmed; others: the merchant said so);
 * - `refund_due`: a card order paid and then cancelled, 'Reembolso pendiente';
 * - `refunded`: the administrator recorded the refund, 'Reembolsado'.
 */
export const PAYMENT_STATUSES = ["offline", "pending", "paid", "refund_due", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  offline: "Pago coordinado con el comercio",
  pending: "Pago pendiente",
  paid: "Pagado",
  refund_due: "Reembolso pendiente",
  refunded: "Reembolsado",
};

/** Who took a step: the order's timeline says it. */
export const STATUS_ACTORS = ["merchant", "admin", "shopper", "payment", "system"] as const;
export type StatusActor = (typeof STATUS_ACTORS)[number];

/** The messages of the contract above. */
export const CARD_NOT_CONFIRMED_MESSAGE = "El pago con tarjeta aún no se confirma";
export const CARD_PAID_BY_WOMPI_MESSAGE =
  "El pago con tarjeta lo confirma Wompi: no se puede marcar como pagado";
export const ORDER_ALREADY_PREPARING_MESSAGE =
  "El comercio ya está preparando tu pedido; escríbele para cancelarlo";
export const ORDER_CANCELLED_MESSAGE = "Este pedido está cancelado";
export const ORDER_DELIVERED_MESSAGE = "Este pedido ya fue entregado";
export const STEP_BACKWARDS_MESSAGE = "Un pedido solo avanza: elige un paso siguiente";
export const FULFILLMENT_STATUS_MESSAGE = "Paso del pedido inválido";
export const CANCEL_REASON_MESSAGE = "Indica el motivo de la cancelación (5 a 300 caracteres)";
export const ORDER_LOOKUP_MESSAGE = "Si los datos coinciden, te enviamos el enlace de tu pedido";
export const NOTHING_TO_PAY_BY_CARD_MESSAGE = "No hay nada que pagar con tarjeta";
export const ALL_CANCELLED_NO_PAYMENT_MESSAGE =
  "Todos los pedidos de esta compra fueron cancelados: ya no hay nada que pagar";
export const REFUND_NOT_DUE_MESSAGE = "Este pedido no tiene un reembolso pendiente";
export const PAYOUT_OVER_BALANCE_MESSAGE = "El monto supera el saldo pendiente del comercio";
export const MERCHANT_STATUS_PENDING_MESSAGE = "Un pedido no puede volver a quedar pendiente";

/** 409 'Estos comercios no aceptan ese medio de pago: A, B'. */
export const METHOD_NOT_ACCEPTED_PREFIX = "Estos comercios no aceptan ese medio de pago";
/** 409 'No entregan en Soyapango: A, B'. */
export const notDeliveringMessage = (municipality: string, names: readonly string[]) =>
  `No entregan en ${municipality}: ${names.join(", ")}`;
/** 409 'Cerrado por ahora: A, B'. */
export const CLOSED_FOR_NOW_PREFIX = "Cerrado por ahora";
/** 400 under `fulfillment`. */
export const chooseFulfillmentMessage = (name: string) =>
  `Elige entrega a domicilio o recoger en tienda para ${name}`;
export const fulfillmentNotOfferedMessage = (name: string, fulfillment: OrderFulfillment) =>
  fulfillment === "pickup"
    ? `${name} no ofrece recoger en tienda`
    : `${name} no ofrece entrega a domicilio`;
export const CUSTOMER_PHONE_REQUIRED_MESSAGE =
  "Ingresa tu teléfono: el comercio debe poder llamarte al entregar";

/** A merchant's delivery fee as the shopper reads it. */
export function deliveryFeeLabel(fee: string | null, freeFrom: string | null): string {
  if (fee === null) return "Envío por coordinar";
  const base = Number(fee) === 0 ? "Envío gratis" : `Envío $${fee}`;
  return freeFrom !== null && Number(fee) !== 0 ? `${base} · gratis desde $${freeFrom}` : base;
}

export const OUTBOX_STATUSES = [
  "pending",
  "sending",
  "sent",
  "failed",
  "logged",
  "skipped",
] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: "En cola",
  sending: "Enviando",
  sent: "Enviado",
  failed: "Falló",
  logged: "Registrado (sin SMTP)",
  skipped: "No enviado",
};
