import { Check, XCircle } from "lucide-react";
import type { CheckoutOrderDto } from "../../../shared/checkout";
import { formatLongDateTime } from "../../../shared/dates";
import {
  FULFILLMENT_STATUS_LABELS,
  type FulfillmentStatus,
  stepsOf,
} from "../../../shared/order-life";
import type { StatusHistoryEntry } from "../../../shared/api-types";
import { isCancelled } from "./is-cancelled";
import { FulfillmentStatusBadge } from "./order-badges";

/** When a step was reached: its latest entry in the timeline ('Recibido' falls back to the order's creation). */
function stepTime(order: CheckoutOrderDto, step: FulfillmentStatus): string | null {
  const entry = [...(order.statusHistory ?? [])]
    .reverse()
    .find((e) => e.fulfillmentStatus === step);
  return entry?.at ?? (step === "received" ? order.createdAt : null);
}

function cancellationEntry(order: CheckoutOrderDto): StatusHistoryEntry | undefined {
  return [...(order.statusHistory ?? [])].reverse().find((e) => e.status === "cancelled");
}

/**
 * The order's steps ('Recibido' → … → 'Entregado'): done ones with their time in El
 * Salvador, the current one marked; a cancelled order shows only the steps it reached.
 */
export function OrderTimeline({ order }: { order: CheckoutOrderDto }) {
  const steps = stepsOf(order.fulfillment ?? "arrange");
  const current = Math.max(0, steps.indexOf(order.fulfillmentStatus));
  const cancelled = isCancelled(order);
  const shown = cancelled ? steps.slice(0, current + 1) : steps;
  return (
    <section aria-label={`Seguimiento del pedido ${order.orderNumber}`}>
      <div className="mb-2 flex items-center gap-2">
        <h3 className="text-sm font-semibold text-stone-900">Seguimiento</h3>
        {!cancelled && (
          <FulfillmentStatusBadge
            status={order.fulfillmentStatus}
            fulfillment={order.fulfillment}
          />
        )}
      </div>
      <ol className="flex flex-col gap-2" data-testid="order-timeline">
        {shown.map((step, index) => {
          const done = index <= current;
          const at = done ? stepTime(order, step) : null;
          return (
            <li
              key={step}
              className="flex items-start gap-3 text-sm"
              aria-current={!cancelled && index === current ? "step" : undefined}
              data-done={done}
            >
              <span
                aria-hidden
                className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border ${
                  done ? "border-green-700 bg-green-700 text-white" : "border-stone-300 bg-white"
                }`}
              >
                {done && <Check className="size-3" />}
              </span>
              <span className="min-w-0">
                <span className={done ? "font-medium text-stone-900" : "text-stone-500"}>
                  {FULFILLMENT_STATUS_LABELS[step]}
                </span>
                {!done && <span className="sr-only"> (pendiente)</span>}
                {at && (
                  <time dateTime={at} className="block text-xs text-stone-600">
                    {formatLongDateTime(at)}
                  </time>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Who cancelled, why (the merchant's reason) and when. */
export function OrderCancellation({ order }: { order: CheckoutOrderDto }) {
  const entry = cancellationEntry(order);
  const byShopper = entry?.by === "shopper";
  return (
    <div
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
      data-testid="order-cancellation"
    >
      <p className="flex items-center gap-2 font-medium">
        <XCircle aria-hidden className="size-4 shrink-0" />
        {byShopper ? "Cancelaste este pedido" : "El comercio canceló este pedido"}
      </p>
      {entry && (
        <time dateTime={entry.at} className="mt-1 block text-xs">
          {formatLongDateTime(entry.at)}
        </time>
      )}
      {order.cancelReason && (
        <p className="mt-1 break-words">
          <span className="font-medium">Motivo:</span> {order.cancelReason}
        </p>
      )}
      {order.paymentStatus === "refunded" && order.refundReference && (
        <p className="mt-1 break-words">
          <span className="font-medium">Referencia del reembolso:</span> {order.refundReference}
        </p>
      )}
    </div>
  );
}
