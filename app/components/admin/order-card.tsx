import { MapPin } from "lucide-react";
import { useId, useState } from "react";
import type { OrderDto, OrderItemDto, OrderStatus } from "../../../shared/api-types";
import type { AdminOrderDto } from "../../../shared/checkout";
import { formatLongDateTime } from "../../../shared/dates";
import { formatPrice, multiplyPrice, priceToCents } from "../../../shared/money";
import { ORDER_FULFILLMENT_LABELS, type OrderFulfillment } from "../../../shared/order-life";
import type { DeliveryAddress } from "../../../shared/api-types";
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "../../../shared/order-status";
import { PAYMENT_METHOD_LABELS } from "../../../shared/schemas/checkout";
import { REFUND_REFERENCE_MESSAGE } from "../../../shared/schemas/order-life";
import { useRefundOrder } from "../../lib/admin-orders-api";
import { ApiError } from "../../lib/api";
import { FulfillmentStatusBadge, PaymentStatusBadge } from "../orders/order-badges";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { FieldError } from "../ui/field-error";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";
import { ConfirmDialog } from "./confirm-dialog";
import { OrderStatusBadge } from "./status-badge";
import { Thumbnail } from "./thumbnail";

const NOT_GIVEN = "No proporcionado";

/**
 * An order of GET /api/admin/orders: the spec's fields, plus (issues 10 and 25) its
 * merchant, payment state, fulfilment and step, optional because an older answer or a
 * demo order may lack them.
 */
export type AdminOrder = OrderDto & Partial<AdminOrderDto>;

function lineTotal(price: string, quantity: number): string {
  try {
    return formatPrice(multiplyPrice(price, quantity));
  } catch {
    return "—";
  }
}

/** Google Maps' search for a delivery address (in El Salvador). */
export function mapsUrl(address: DeliveryAddress): string {
  const query = [
    address.address,
    address.district,
    address.municipality,
    address.department,
    "El Salvador",
  ]
    .filter(Boolean)
    .join(", ");
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** An order's delivery fee: agreed with the merchant, free, or its amount. */
export function deliveryFeeText(fee: string | null): string {
  if (fee === null) return "Por coordinar";
  return priceToCents(fee) === 0 ? "Gratis" : formatPrice(fee);
}

/** The order's lines: picture, name, quantity × unit price and line total. */
export function OrderLines({ items }: { items: OrderItemDto[] }) {
  return (
    <ul
      className="divide-y divide-stone-100 rounded-md border border-stone-200"
      aria-label="Productos del pedido"
    >
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-3 p-2">
          <Thumbnail src={item.product.imageUrl} size={48} />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium break-words text-stone-900">{item.product.name}</p>
            {/* Issue 36: the variant ordered, as it was named then. */}
            {item.variantName && <p className="text-xs text-stone-800">{item.variantName}</p>}
            <p className="text-xs text-stone-600">
              {item.quantity} × {formatPrice(item.price)}
            </p>
          </div>
          <p className="text-sm font-medium text-stone-900 tabular-nums">
            {lineTotal(item.price, item.quantity)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** 'Entrega a domicilio' and, for a delivery, where to: address, place, map, reference. */
/** The shopper's note and the merchant's cancellation reason, as rows of an order's details. */
export function OrderNotes({
  note,
  cancelReason,
}: {
  note?: string | null;
  cancelReason?: string | null;
}) {
  return (
    <>
      {note && (
        <div className="sm:col-span-3">
          <dt className="text-stone-600">Nota del cliente</dt>
          <dd className="break-words whitespace-pre-line text-stone-900">{note}</dd>
        </div>
      )}
      {cancelReason && (
        <div className="sm:col-span-3">
          <dt className="text-stone-600">Motivo de la cancelación</dt>
          <dd className="break-words whitespace-pre-line text-stone-900">{cancelReason}</dd>
        </div>
      )}
    </>
  );
}

export function FulfillmentDetails({
  fulfillment,
  address,
}: {
  fulfillment: OrderFulfillment | null | undefined;
  address: DeliveryAddress | null | undefined;
}) {
  if (!fulfillment && !address) return null;
  return (
    <div className="grid gap-1 text-sm">
      {fulfillment && (
        <p className="font-medium text-stone-900">{ORDER_FULFILLMENT_LABELS[fulfillment]}</p>
      )}
      {address && (
        <address className="grid gap-1 text-stone-800 not-italic">
          <span className="break-words">
            {address.address}, {address.district ? `${address.district}, ` : ""}
            {address.municipality}, {address.department}
          </span>
          {address.reference && (
            <span className="break-words">
              <span className="text-stone-600">Referencia:</span> {address.reference}
            </span>
          )}
          <a
            href={mapsUrl(address)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-10 items-center gap-1 self-start font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            <MapPin aria-hidden className="size-4" />
            Ver en Google Maps
            <span className="sr-only"> (se abre en otra pestaña)</span>
          </a>
        </address>
      )}
    </div>
  );
}

/** Subtotal, delivery and total of an order that has them (issue 25). */
export function OrderAmounts({
  subtotal,
  deliveryFee,
  total,
}: {
  subtotal: string;
  deliveryFee: string | null;
  total: string;
}) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm tabular-nums">
      <dt className="text-stone-600">Subtotal</dt>
      <dd className="text-right text-stone-900">{formatPrice(subtotal)}</dd>
      <dt className="text-stone-600">Envío</dt>
      <dd className="text-right text-stone-900">{deliveryFeeText(deliveryFee)}</dd>
      <dt className="font-semibold text-stone-900">Total</dt>
      <dd className="text-right font-semibold text-stone-900">{formatPrice(total)}</dd>
    </dl>
  );
}

/** 'Registrar reembolso': the reference of the refund made outside Tiangue (Wompi, bank). */
function RefundButton({ order }: { order: AdminOrder }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState("");
  const [error, setError] = useState<string>();
  const refund = useRefundOrder();
  const close = (next: boolean) => {
    if (next) return;
    setOpen(false);
    setReference("");
    setError(undefined);
  };
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} className="self-start sm:self-end">
        Registrar reembolso
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={close}
        title={`Registrar reembolso del pedido ${order.orderNumber}`}
        description={`Devuelve ${formatPrice(order.totalAmount)} al cliente en Wompi o por transferencia y anota aquí su referencia.`}
        confirmLabel={refund.isPending ? "Registrando..." : "Registrar reembolso"}
        cancelLabel="Volver"
        pending={refund.isPending}
        onConfirm={() => {
          const text = reference.trim();
          if (!text) {
            setError(REFUND_REFERENCE_MESSAGE);
            return;
          }
          refund.mutate(
            { id: order.id, reference: text },
            {
              onSuccess: () => close(false),
              onError: (failure) => {
                // A field message of the server goes by the field; the toast says the rest.
                const message =
                  failure instanceof ApiError ? failure.fieldMessage("reference") : undefined;
                if (message) setError(message);
              },
            },
          );
        }}
      >
        <div>
          <Label htmlFor={`${id}-reference`}>Referencia del reembolso</Label>
          <Input
            id={`${id}-reference`}
            className="mt-1"
            autoComplete="off"
            maxLength={200}
            value={reference}
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-reference-error` : undefined}
            onChange={(event) => {
              setReference(event.target.value);
              setError(undefined);
            }}
          />
          <FieldError id={`${id}-reference-error`}>{error}</FieldError>
        </div>
      </ConfirmDialog>
    </>
  );
}

/**
 * One order for the administrator (spec §2 tab 4): customer, lines, total and its status;
 * with issue 25 also how it is delivered, its step, the address and the refund.
 */
export function OrderCard({
  order,
  onStatusChange,
  updating = false,
}: {
  order: AdminOrder;
  onStatusChange: (status: OrderStatus) => void;
  updating?: boolean;
}) {
  const id = useId();
  const hasAmounts = order.subtotal !== undefined && order.deliveryFee !== undefined;
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
          {order.merchant && (
            <p className="text-sm text-stone-800">
              <span className="text-stone-600">Comercio:</span>{" "}
              <span className="font-medium">{order.merchant.name}</span>
            </p>
          )}
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <div className="flex flex-wrap gap-1 sm:justify-end">
            <OrderStatusBadge status={order.status} />
            {order.paymentStatus && <PaymentStatusBadge status={order.paymentStatus} />}
            {order.fulfillmentStatus && (
              <FulfillmentStatusBadge
                status={order.fulfillmentStatus}
                fulfillment={order.fulfillment ?? null}
              />
            )}
          </div>
          <p className="text-lg font-semibold text-stone-900">
            <span className="sr-only">Total: </span>
            {formatPrice(order.totalAmount)}
          </p>
        </div>
      </div>

      <dl className="grid gap-1 text-sm sm:grid-cols-3 sm:gap-3">
        <div>
          <dt className="text-stone-600">Cliente</dt>
          <dd className="font-medium break-words text-stone-900">{order.customerName}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Correo electrónico</dt>
          <dd className="break-all text-stone-900">{order.customerEmail || NOT_GIVEN}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Teléfono</dt>
          <dd className="text-stone-900">{order.customerPhone || NOT_GIVEN}</dd>
        </div>
        <OrderNotes note={order.note} cancelReason={order.cancelReason} />
      </dl>

      <FulfillmentDetails fulfillment={order.fulfillment} address={order.deliveryAddress} />

      <OrderLines items={order.items} />

      {hasAmounts && (
        <div className="sm:ml-auto sm:w-64">
          <OrderAmounts
            subtotal={order.subtotal!}
            deliveryFee={order.deliveryFee!}
            total={order.totalAmount}
          />
        </div>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="sm:w-56">
          <Label htmlFor={`${id}-status`}>Estado del pedido</Label>
          <NativeSelect
            id={`${id}-status`}
            className="mt-1"
            value={order.status}
            disabled={updating}
            onChange={(event) => onStatusChange(event.target.value as OrderStatus)}
          >
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1 text-sm break-all text-stone-700 sm:items-end">
          {order.paymentMethod && (
            <p>
              <span className="text-stone-600">Forma de pago:</span>{" "}
              {PAYMENT_METHOD_LABELS[order.paymentMethod]}
            </p>
          )}
          {order.paymentId && (
            <p>
              <span className="text-stone-600">ID de pago:</span> {order.paymentId}
            </p>
          )}
          {order.paymentTransactionId && (
            <p>
              <span className="text-stone-600">ID de transacción:</span>{" "}
              {order.paymentTransactionId}
            </p>
          )}
          {order.paidAt && (
            <p>
              <span className="text-stone-600">Pagado el:</span>{" "}
              <time dateTime={order.paidAt}>{formatLongDateTime(order.paidAt)}</time>
            </p>
          )}
          {order.paymentStatus === "refunded" && order.refundReference && (
            <p>
              <span className="text-stone-600">Referencia del reembolso:</span>{" "}
              {order.refundReference}
            </p>
          )}
          {order.paymentStatus === "refund_due" && <RefundButton order={order} />}
        </div>
      </div>
    </Card>
  );
}
