import { useId } from "react";
import type { OrderDto, OrderStatus } from "../../../shared/api-types";
import type { AdminOrderDto } from "../../../shared/checkout";
import { formatLongDateTime } from "../../../shared/dates";
import { formatPrice, multiplyPrice } from "../../../shared/money";
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "../../../shared/schemas/order-status";
import { PAYMENT_METHOD_LABELS } from "../../../shared/schemas/checkout";
import { PaymentStatusBadge } from "../order-badges";
import { Card } from "../ui/card";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";
import { OrderStatusBadge } from "./status-badge";
import { Thumbnail } from "./thumbnail";

const NOT_GIVEN = "No proporcionado";

/**
 * An order of GET /api/admin/orders: the spec's fields, plus (issue 10) its merchant and
 * payment state, optional because an older answer or a demo order may lack them.
 */
export type AdminOrder = OrderDto & Partial<AdminOrderDto>;

function lineTotal(price: string, quantity: number): string {
  try {
    return formatPrice(multiplyPrice(price, quantity));
  } catch {
    return "—";
  }
}

/** One order for the administrator (spec §2 tab 4): customer, lines, total and its status. */
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
        {order.note && (
          <div className="sm:col-span-3">
            <dt className="text-stone-600">Nota del cliente</dt>
            <dd className="break-words whitespace-pre-line text-stone-900">{order.note}</dd>
          </div>
        )}
      </dl>

      <ul
        className="divide-y divide-stone-100 rounded-md border border-stone-200"
        aria-label="Productos del pedido"
      >
        {order.items.map((item) => (
          <li key={item.id} className="flex items-center gap-3 p-2">
            <Thumbnail src={item.product.imageUrl} size={48} />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium break-words text-stone-900">{item.product.name}</p>
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
        </div>
      </div>
    </Card>
  );
}
