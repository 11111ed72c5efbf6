import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import {
  CANCEL_REASON_MESSAGE,
  FULFILLMENT_STATUS_LABELS,
  FULFILLMENT_STATUSES,
  type FulfillmentStatus,
} from "../../../shared/order-life";
import { CANCEL_REASON_MAX, CANCEL_REASON_MIN } from "../../../shared/schemas/order-life";
import {
  MERCHANT_ME_KEY,
  type MerchantMeDto,
  type PortalOrder,
  usePortalOrders,
  useSetPortalOrderStatus,
} from "../../lib/merchant-api";
import { useOrderSound } from "../../lib/order-sound";
import { ConfirmDialog } from "../admin/confirm-dialog";
import { EmptyList, ListError, ListLoading } from "../admin/list-states";
import { SwitchField } from "../admin/switch-field";
import { cn } from "../ui/cn";
import { FieldError } from "../ui/field-error";
import { Label } from "../ui/label";
import { Textarea } from "../ui/textarea";
import { PortalOrderCard } from "./portal-order-card";

export { orderActions, PortalOrderCard } from "./portal-order-card";

/** Newest first, whatever order the answer came in. */
export function newestFirst<T extends { createdAt: string; id: number }>(orders: T[]): T[] {
  return [...orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

const FILTERS: readonly { step: FulfillmentStatus | undefined; label: string }[] = [
  { step: undefined, label: "Todos" },
  ...FULFILLMENT_STATUSES.map((step) => ({ step, label: FULFILLMENT_STATUS_LABELS[step] })),
];

/** The element id of an order's place in the list, for ?pedido= to scroll to. */
export const orderElementId = (orderId: number) => `pedido-${orderId}`;

/**
 * The order a notice opened (?pedido=): scrolled into view and focused once it is listed,
 * once per order asked for.
 */
function useShownOrder(orderId: number | undefined, listed: readonly PortalOrder[] | undefined) {
  const done = useRef<number | null>(null);
  const present = orderId !== undefined && (listed ?? []).some((order) => order.id === orderId);
  useEffect(() => {
    if (!present || orderId === undefined || done.current === orderId) return;
    done.current = orderId;
    const element = document.getElementById(orderElementId(orderId));
    element?.scrollIntoView?.({ block: "center", behavior: "smooth" });
    element?.querySelector<HTMLElement>('[role="article"]')?.focus({ preventScroll: true });
  }, [present, orderId]);
}

/** The shop's name from the portal's session, already read: no request of its own. */
function useMerchantName(merchantId: number): string | undefined {
  const queryClient = useQueryClient();
  const me = queryClient.getQueryData<MerchantMeDto>([MERCHANT_ME_KEY]);
  return me?.merchants.find((merchant) => merchant.id === merchantId)?.name;
}

/**
 * 'Pedidos' (issue 25): the merchant's orders, newest first, filtered by step; each with its
 * customer, where it goes, its lines and amounts, and the buttons for what comes next. Issue
 * 35: the list follows new orders live (use-live-orders.ts, in the dashboard), a switch turns
 * on their sound, and `orderId` (?pedido=) is the order a notice opened.
 */
export function OrdersTab({ merchantId, orderId }: { merchantId: number; orderId?: number }) {
  const id = useId();
  const [step, setStep] = useState<FulfillmentStatus>();
  const orders = usePortalOrders(merchantId, step);
  const setStatus = useSetPortalOrderStatus(merchantId);
  const [cancelling, setCancelling] = useState<PortalOrder | null>(null);
  const [sound, setSound] = useOrderSound();
  const merchantName = useMerchantName(merchantId);
  useShownOrder(orderId, orders.data);
  const busy = (order: PortalOrder) => setStatus.isPending && setStatus.variables?.id === order.id;
  const filterLabel = FILTERS.find((f) => f.step === step)!.label;

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
          Pedidos
        </h2>
        <SwitchField
          label="Sonido de pedidos nuevos"
          description="Suena un aviso corto cuando llega un pedido mientras el portal está abierto."
          checked={sound}
          onCheckedChange={setSound}
          className="rounded-lg border border-stone-200 bg-white p-3 sm:max-w-sm"
        />
      </div>
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
            <li key={order.id} id={orderElementId(order.id)} className="scroll-mt-24">
              <PortalOrderCard
                order={order}
                merchantName={merchantName}
                highlighted={order.id === orderId}
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
