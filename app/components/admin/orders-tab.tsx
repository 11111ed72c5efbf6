import { useDeferredValue, useId, useState } from "react";
import { useAdminOrders, useSetOrderStatus } from "../../lib/admin-api";
import { Button } from "../ui/button";
import { Label } from "../ui/label";
import { EmptyList, ListError, ListLoading } from "./list-states";
import { type AdminOrder, OrderCard } from "./order-card";
import { SearchInput, foldText } from "./search-input";

/**
 * Case- and accent-insensitive match on customer name, e-mail, order number or payment id
 * (Wompi's link id, or its transaction id once paid), the fields the API's `q` searches.
 */
export function filterOrders<T extends AdminOrder>(orders: T[], query: string): T[] {
  const needle = foldText(query.trim());
  if (!needle) return orders;
  return orders.filter((order) =>
    [
      order.customerName,
      order.customerEmail,
      order.orderNumber,
      order.paymentId ?? "",
      order.paymentTransactionId ?? "",
    ].some((field) => foldText(field).includes(needle)),
  );
}

/** Tab 4, 'Pedidos': search the loaded orders and set their status. */
export function OrdersTab() {
  const orders = useAdminOrders();
  return orders.isPending ? (
    <ListLoading />
  ) : orders.isError ? (
    <ListError />
  ) : (
    <OrdersList orders={orders.data} />
  );
}

export function OrdersList({ orders }: { orders: AdminOrder[] }) {
  const id = useId();
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const setStatus = useSetOrderStatus();
  const shown = filterOrders(orders, deferredQuery);

  if (orders.length === 0) return <EmptyList text="No hay pedidos registrados" />;

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
        Pedidos
      </h2>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Label htmlFor={`${id}-search`}>Buscar pedidos</Label>
          <SearchInput
            id={`${id}-search`}
            className="mt-1"
            placeholder="Nombre, email, número de pedido o ID de pago"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <Button variant="outline" onClick={() => setQuery("")} disabled={query === ""}>
          Limpiar
        </Button>
      </div>
      <p className="text-sm text-stone-700" role="status">
        Mostrando {shown.length} de {orders.length} pedidos
      </p>
      {shown.length === 0 ? (
        <EmptyList text="No se encontraron pedidos con ese criterio de búsqueda" />
      ) : (
        <ul className="grid gap-4">
          {shown.map((order) => (
            <li key={order.id}>
              <OrderCard
                order={order}
                updating={setStatus.isPending && setStatus.variables?.id === order.id}
                onStatusChange={(status) => setStatus.mutate({ id: order.id, status })}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
