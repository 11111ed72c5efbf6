import { useId } from "react";
import type { OrderDto, OrderStatus } from "../../../shared/api-types";
import { formatLongDateTime } from "../../../shared/dates";
import { formatPrice, multiplyPrice } from "../../../shared/money";
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "../../../shared/schemas/order-status";
import { Card } from "../ui/card";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";
import { OrderStatusBadge } from "./status-badge";
import { Thumbnail } from "./thumbnail";

const NOT_GIVEN = "No proporcionado";

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
  order: OrderDto;
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
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <OrderStatusBadge status={order.status} />
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
        {order.paymentId && (
          <p className="text-sm break-all text-stone-700">
            <span className="text-stone-600">ID de pago:</span> {order.paymentId}
          </p>
        )}
      </div>
    </Card>
  );
}
