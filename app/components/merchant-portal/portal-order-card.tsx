import { MessageCircle, Phone } from "lucide-react";
import { useId } from "react";
import { formatLongDateTime } from "../../../shared/dates";
import {
  FULFILLMENT_STATUS_LABELS,
  type FulfillmentStatus,
  nextStep,
  PAYMENT_METHOD_LABELS,
  type StatusActor,
  stepsOf,
} from "../../../shared/order-life";
import type { StatusHistoryEntry } from "../../../shared/api-types";
import { ORDER_STATUS_LABELS } from "../../../shared/order-status";
import { telUrl, whatsappUrl } from "../../../shared/phone";
import type { PortalOrder } from "../../lib/merchant-api";
import { FulfillmentDetails, OrderAmounts, OrderLines, OrderNotes } from "../admin/order-card";
import { OrderStatusBadge } from "../admin/status-badge";
import { FulfillmentStatusBadge, PaymentStatusBadge } from "../orders/order-badges";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { OrderDteForm } from "./order-dte-form";
import { cn } from "../ui/cn";

/** Methods whose money the merchant receives itself, so it says when it arrived. */
const MERCHANT_COLLECTS = new Set(["cash", "transfer", "whatsapp"]);

/** What the merchant may do with an order now. */
export function orderActions(order: PortalOrder) {
  const open = order.status !== "cancelled";
  const step = order.fulfillmentStatus;
  return {
    /** The step after this one (nothing after 'Entregado' or once cancelled). */
    next: open ? nextStep(order.fulfillment ?? "arrange", step) : null,
    /** 'Marcar como pagado': cash, transfer or WhatsApp not received yet. */
    markPaid:
      open &&
      order.paymentMethod !== null &&
      MERCHANT_COLLECTS.has(order.paymentMethod) &&
      (order.paymentStatus === "pending" || order.paymentStatus === "offline"),
    /** 'Cancelar pedido' until it is delivered. */
    cancel: open && step !== "delivered",
    /** A card payment Wompi has not confirmed: the order waits at 'Recibido'. */
    cardUnconfirmed: open && order.paymentMethod === "card" && order.paymentStatus === "pending",
  };
}

const ACTORS: Record<StatusActor, string> = {
  merchant: "Comercio",
  admin: "Administración",
  shopper: "Cliente",
  payment: "Pago",
  // Issue 35: Tiangue itself, e.g. cancelling an order its shop never answered.
  system: "Tiangue",
};

function historyLabel(entry: StatusHistoryEntry): string {
  if (entry.fulfillmentStatus) return FULFILLMENT_STATUS_LABELS[entry.fulfillmentStatus];
  if (entry.status) return ORDER_STATUS_LABELS[entry.status];
  return "—";
}

/** The shopper's first name, as a greeting uses it. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";

/**
 * 'Escribir por WhatsApp' (issue 35): the chat with the shopper opened on a first line that
 * says who writes and about which order.
 */
export function shopperWhatsAppUrl(order: PortalOrder, merchantName: string): string | null {
  if (!order.customerPhone) return null;
  const greeting = `Hola ${firstName(order.customerName)}`.trim();
  return whatsappUrl(
    order.customerPhone,
    `${greeting}, te escribimos de ${merchantName} sobre tu pedido ${order.orderNumber}`,
  );
}

const CONTACT_LINK =
  "inline-flex min-h-10 items-center gap-1 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

/**
 * One of the merchant's orders, with the buttons for what it may do next; `highlighted` is
 * the order a notice opened (?pedido=), outlined and focusable.
 */
export function PortalOrderCard({
  order,
  merchantName,
  busy = false,
  highlighted = false,
  onAdvance,
  onPaid,
  onCancel,
}: {
  order: PortalOrder;
  /** The shop's name for the WhatsApp greeting when the order does not carry it. */
  merchantName?: string;
  busy?: boolean;
  highlighted?: boolean;
  onAdvance: (step: FulfillmentStatus) => void;
  onPaid: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const actions = orderActions(order);
  const steps = stepsOf(order.fulfillment ?? "arrange");
  const current = steps.indexOf(order.fulfillmentStatus);
  const chat = shopperWhatsAppUrl(order, order.merchant?.name ?? merchantName ?? "Tiangue");
  return (
    <Card
      role="article"
      aria-labelledby={`${id}-number`}
      aria-current={highlighted ? "true" : undefined}
      tabIndex={highlighted ? -1 : undefined}
      className={cn(
        "grid gap-4 p-4 sm:p-5",
        highlighted && "ring-2 ring-brand-600 ring-offset-2 outline-none",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`${id}-number`} className="font-semibold text-stone-900">
            Pedido {order.orderNumber}
          </h3>
          <p className="text-sm text-stone-600">
            <time dateTime={order.createdAt}>{formatLongDateTime(order.createdAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap gap-1 sm:justify-end">
          <FulfillmentStatusBadge
            status={order.fulfillmentStatus}
            fulfillment={order.fulfillment}
          />
          <OrderStatusBadge status={order.status} />
          {order.paymentStatus && <PaymentStatusBadge status={order.paymentStatus} />}
        </div>
      </div>

      {order.status !== "cancelled" && current >= 0 && (
        <ol
          aria-label="Pasos del pedido"
          className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-stone-600"
        >
          {steps.map((s, index) => (
            <li
              key={s}
              aria-current={index === current ? "step" : undefined}
              className={cn(
                "flex items-center gap-1",
                index <= current && "text-green-800",
                index === current && "font-semibold",
              )}
            >
              <span
                aria-hidden
                className={cn(
                  "size-2 rounded-full",
                  index <= current ? "bg-green-700" : "bg-stone-300",
                )}
              />
              {FULFILLMENT_STATUS_LABELS[s]}
            </li>
          ))}
        </ol>
      )}

      <dl className="grid gap-2 text-sm sm:grid-cols-3 sm:gap-3">
        <div>
          <dt className="text-stone-600">Cliente</dt>
          <dd className="font-medium break-words text-stone-900">{order.customerName}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Teléfono</dt>
          <dd>
            {order.customerPhone ? (
              <span className="flex flex-wrap gap-x-4">
                <a href={telUrl(order.customerPhone)} className={CONTACT_LINK}>
                  <Phone aria-hidden className="size-4" />
                  {order.customerPhone}
                </a>
                {chat && (
                  <a href={chat} target="_blank" rel="noopener noreferrer" className={CONTACT_LINK}>
                    <MessageCircle aria-hidden className="size-4" />
                    Escribir por WhatsApp
                    <span className="sr-only"> (se abre en otra pestaña)</span>
                  </a>
                )}
              </span>
            ) : (
              <span className="text-stone-900">No proporcionado</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Correo electrónico</dt>
          <dd className="break-all text-stone-900">{order.customerEmail}</dd>
        </div>
        <OrderNotes note={order.note} cancelReason={order.cancelReason} />
      </dl>

      <FulfillmentDetails fulfillment={order.fulfillment} address={order.deliveryAddress} />

      <OrderLines items={order.items} />

      <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
        <p className="text-sm text-stone-700">
          {order.paymentMethod && (
            <>
              <span className="text-stone-600">Forma de pago:</span>{" "}
              {PAYMENT_METHOD_LABELS[order.paymentMethod]}
            </>
          )}
        </p>
        <OrderAmounts
          subtotal={order.subtotal ?? order.merchantTotal}
          deliveryFee={order.deliveryFee}
          total={order.totalAmount}
        />
      </div>

      {actions.cardUnconfirmed && (
        <p className="rounded-md bg-maiz-100 p-3 text-sm text-amber-900">
          El pago con tarjeta aún no se confirma: podrás avanzar el pedido cuando diga «Pagado».
        </p>
      )}

      {(actions.next || actions.markPaid || actions.cancel) && (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          {actions.next && (
            <Button onClick={() => onAdvance(actions.next!)} disabled={busy}>
              Marcar: {FULFILLMENT_STATUS_LABELS[actions.next]}
            </Button>
          )}
          {actions.markPaid && (
            <Button variant="outline" onClick={onPaid} disabled={busy}>
              Marcar como pagado
            </Button>
          )}
          {actions.cancel && (
            <Button
              variant="outline"
              onClick={onCancel}
              disabled={busy}
              className="text-red-700 hover:text-red-800 sm:order-first sm:mr-auto"
            >
              Cancelar pedido
            </Button>
          )}
        </div>
      )}

      {/* Issue 37: the DTE the shop issued, shown on the shopper's order page and receipt. */}
      {order.merchant && order.status !== "cancelled" && (
        <OrderDteForm order={order} merchantId={order.merchant.id} />
      )}

      {order.statusHistory.length > 0 && (
        <details className="text-sm">
          <summary className="min-h-10 cursor-pointer py-2 font-medium text-stone-800">
            Historial del pedido
          </summary>
          <ol className="grid gap-1 pl-1">
            {order.statusHistory.map((entry, index) => (
              <li key={index} className="text-stone-700">
                <time dateTime={entry.at}>{formatLongDateTime(entry.at)}</time>:{" "}
                {historyLabel(entry)}{" "}
                <span className="text-stone-500">({ACTORS[entry.by] ?? entry.by})</span>
              </li>
            ))}
          </ol>
        </details>
      )}
    </Card>
  );
}
