import { Phone } from "lucide-react";
import { useId, useState } from "react";
import { formatLongDateTime } from "../../../shared/dates";
import {
  CANCEL_REASON_MESSAGE,
  FULFILLMENT_STATUS_LABELS,
  FULFILLMENT_STATUSES,
  type FulfillmentStatus,
  nextStep,
  PAYMENT_METHOD_LABELS,
  type StatusActor,
  type StatusHistoryEntry,
  stepsOf,
} from "../../../shared/order-life";
import { telUrl } from "../../../shared/phone";
import { CANCEL_REASON_MAX, CANCEL_REASON_MIN } from "../../../shared/schemas/order-life";
import { ORDER_STATUS_LABELS } from "../../../shared/order-status";
import { type PortalOrder, usePortalOrders, useSetPortalOrderStatus } from "../../lib/merchant-api";
import { ConfirmDialog } from "../admin/confirm-dialog";
import { EmptyList, ListError, ListLoading } from "../admin/list-states";
import { FulfillmentDetails, OrderAmounts, OrderLines, OrderNotes } from "../admin/order-card";
import { OrderStatusBadge } from "../admin/status-badge";
import { FulfillmentStatusBadge, PaymentStatusBadge } from "../orders/order-badges";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { FieldError } from "../ui/field-error";
import { Label } from "../ui/label";
import { Textarea } from "../ui/textarea";

/** Newest first, whatever order the answer came in. */
export function newestFirst<T extends { createdAt: string; id: number }>(orders: T[]): T[] {
  return [...orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

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
};

function historyLabel(entry: StatusHistoryEntry): string {
  if (entry.fulfillmentStatus) return FULFILLMENT_STATUS_LABELS[entry.fulfillmentStatus];
  if (entry.status) return ORDER_STATUS_LABELS[entry.status];
  return "—";
}

const FILTERS: readonly { step: FulfillmentStatus | undefined; label: string }[] = [
  { step: undefined, label: "Todos" },
  ...FULFILLMENT_STATUSES.map((step) => ({ step, label: FULFILLMENT_STATUS_LABELS[step] })),
];

/**
 * 'Pedidos' (issue 25): the merchant's orders, newest first, filtered by step; each with its
 * customer, where it goes, its lines and amounts, and the buttons for what comes next.
 */
export function OrdersTab({ merchantId }: { merchantId: number }) {
  const id = useId();
  const [step, setStep] = useState<FulfillmentStatus>();
  const orders = usePortalOrders(merchantId, step);
  const setStatus = useSetPortalOrderStatus(merchantId);
  const [cancelling, setCancelling] = useState<PortalOrder | null>(null);
  const busy = (order: PortalOrder) => setStatus.isPending && setStatus.variables?.id === order.id;
  const filterLabel = FILTERS.find((f) => f.step === step)!.label;

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
        Pedidos
      </h2>
      <div
        role="group"
        aria-label="Filtrar por paso"
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {FILTERS.map((filter) => (
          <button
            key={filter.label}
            type="button"
            aria-pressed={filter.step === step}
            onClick={() => setStep(filter.step)}
            className={cn(
              "min-h-10 shrink-0 rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
              filter.step === step
                ? "border-brand-700 bg-brand-700 text-white"
                : "border-stone-300 bg-white text-stone-800 hover:bg-stone-100",
            )}
          >
            {filter.label}
          </button>
        ))}
      </div>
      {orders.isPending ? (
        <ListLoading />
      ) : orders.isError ? (
        <ListError />
      ) : orders.data.length === 0 ? (
        <EmptyList
          text={step ? `No tienes pedidos en '${filterLabel}'.` : "Aún no tienes pedidos."}
        />
      ) : (
        <ul className="grid gap-4" aria-busy={orders.isPlaceholderData}>
          {newestFirst(orders.data).map((order) => (
            <li key={order.id}>
              <PortalOrderCard
                order={order}
                busy={busy(order)}
                onAdvance={(next) =>
                  setStatus.mutate({ id: order.id, change: { fulfillmentStatus: next } })
                }
                onPaid={() => setStatus.mutate({ id: order.id, change: { status: "paid" } })}
                onCancel={() => setCancelling(order)}
              />
            </li>
          ))}
        </ul>
      )}
      <CancelOrderDialog
        order={cancelling}
        pending={setStatus.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={(order, reason) =>
          setStatus.mutate(
            { id: order.id, change: { status: "cancelled", reason } },
            { onSuccess: () => setCancelling(null) },
          )
        }
      />
    </section>
  );
}

/** One of the merchant's orders, with the buttons for what it may do next. */
export function PortalOrderCard({
  order,
  busy = false,
  onAdvance,
  onPaid,
  onCancel,
}: {
  order: PortalOrder;
  busy?: boolean;
  onAdvance: (step: FulfillmentStatus) => void;
  onPaid: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const actions = orderActions(order);
  const steps = stepsOf(order.fulfillment ?? "arrange");
  const current = steps.indexOf(order.fulfillmentStatus);
  return (
    <Card role="article" aria-labelledby={`${id}-number`} className="grid gap-4 p-4 sm:p-5">
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
              <a
                href={telUrl(order.customerPhone)}
                className="inline-flex min-h-10 items-center gap-1 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                <Phone aria-hidden className="size-4" />
                {order.customerPhone}
              </a>
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

/** 'Cancelar pedido': the reason (5 to 300 characters) goes to the customer. */
function CancelOrderDialog({
  order,
  pending,
  onClose,
  onConfirm,
}: {
  order: PortalOrder | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (order: PortalOrder, reason: string) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const close = (open: boolean) => {
    if (open) return;
    setReason("");
    setError(undefined);
    onClose();
  };
  const refundNote =
    order?.paymentMethod === "card" && order.paymentStatus === "paid"
      ? " Ya pagó con tarjeta: Tiangue le devolverá el dinero."
      : "";
  return (
    <ConfirmDialog
      open={order !== null}
      onOpenChange={close}
      title={`Cancelar el pedido ${order?.orderNumber ?? ""}`}
      description={`El cliente verá el motivo que escribas.${refundNote}`}
      confirmLabel={pending ? "Cancelando..." : "Cancelar pedido"}
      cancelLabel="Volver"
      destructive
      pending={pending}
      onConfirm={() => {
        const text = reason.trim();
        if (text.length < CANCEL_REASON_MIN || text.length > CANCEL_REASON_MAX) {
          setError(CANCEL_REASON_MESSAGE);
          return;
        }
        if (order) onConfirm(order, text);
      }}
    >
      <div>
        <Label htmlFor={`${id}-reason`}>Motivo de la cancelación</Label>
        <Textarea
          id={`${id}-reason`}
          className="mt-1"
          rows={3}
          maxLength={CANCEL_REASON_MAX}
          value={reason}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-reason-message`}
          placeholder="Ej.: se nos terminó el producto"
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
        {error ? (
          <FieldError id={`${id}-reason-message`}>{error}</FieldError>
        ) : (
          <p id={`${id}-reason-message`} className="mt-1 text-xs text-stone-600">
            De {CANCEL_REASON_MIN} a {CANCEL_REASON_MAX} caracteres ({reason.trim().length}/
            {CANCEL_REASON_MAX}).
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
