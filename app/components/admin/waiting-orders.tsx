import { useId } from "react";
import { formatLongDateTime } from "../../../shared/dates";
import { formatPrice } from "../../../shared/money";
import { type WaitingOrderDto, useWaitingOrders } from "../../lib/admin-notices-api";
import { Badge } from "../ui/badge";
import { ListPager } from "./list-paging";
import { EmptyList, ListError, ListLoading } from "./list-states";
import { useListPaging } from "./use-list-paging";

/** 'hace 25 min en horario', 'hace 2 h 5 min en horario': only the time the shop was open. */
export function waitedLabel(minutes: number): string {
  if (minutes < 60) return `hace ${minutes} min en horario`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `hace ${hours} h${rest > 0 ? ` ${rest} min` : ""} en horario`;
}

/**
 * 'Pedidos sin respuesta': the orders still 'Recibido', oldest first, with the time they
 * have waited while their shop was open, and 'Recordado' once the merchant was reminded.
 */
export function WaitingOrders() {
  const id = useId();
  const paging = useListPaging();
  const waiting = useWaitingOrders({ limit: paging.params.limit, offset: paging.params.offset });
  const page = waiting.data;
  const shown = page?.items ?? [];
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <div>
        <h3 id={`${id}-heading`} className="font-semibold text-stone-900">
          Pedidos sin respuesta
        </h3>
        <p className="text-sm text-stone-700">
          Siguen en «Recibido», del más antiguo al más reciente. Solo cuenta el tiempo con el
          comercio abierto.
        </p>
      </div>
      {waiting.isPending ? (
        <ListLoading rows={1} />
      ) : waiting.isError ? (
        <ListError />
      ) : shown.length === 0 ? (
        <EmptyList text="Ningún pedido espera respuesta." />
      ) : (
        <ul
          className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
          aria-label="Pedidos sin respuesta"
          aria-busy={waiting.isPlaceholderData}
        >
          {shown.map((order) => (
            <li key={order.id}>
              <WaitingOrderRow order={order} />
            </li>
          ))}
        </ul>
      )}
      {page && <ListPager paging={paging} total={page.total} shown={shown.length} noun="pedidos" />}
    </section>
  );
}

function WaitingOrderRow({ order }: { order: WaitingOrderDto }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium text-stone-900">
          {order.orderNumber}
          <span className="font-normal text-stone-700">
            {" · "}
            {order.merchantName ?? "Comercio eliminado"}
          </span>
        </p>
        <p className="text-xs text-stone-600">
          <time dateTime={order.createdAt}>{formatLongDateTime(order.createdAt)}</time>
          {" · "}
          {formatPrice(order.totalAmount)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-amber-900 tabular-nums">
          {waitedLabel(order.waitingMinutes)}
        </span>
        {order.reminded && <Badge variant="secondary">Recordado</Badge>}
      </div>
    </div>
  );
}
