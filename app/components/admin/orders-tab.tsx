import { useId } from "react";
import { useAdminOrders, useSetOrderStatus } from "../../lib/admin-orders-api";
import { Button } from "../ui/button";
import { EmptyList, ListError, ListLoading } from "./list-states";
import { type AdminOrder, OrderCard } from "./order-card";
import { ListPager, ListSearch } from "./list-paging";
import { useListPaging } from "./use-list-paging";

/**
 * Tab 4, 'Pedidos': a page of the orders, newest first, searched on the server by customer
 * name, e-mail, order number or payment id (Wompi's link id, or its transaction id once
 * paid); set their status.
 */
export function OrdersTab() {
  const id = useId();
  const paging = useListPaging();
  const orders = useAdminOrders(paging.params);
  const setStatus = useSetOrderStatus();
  const page = orders.data;
  const shown: AdminOrder[] = page?.items ?? [];

  if (page && page.total === 0 && !paging.q && !paging.input) {
    return <EmptyList text="No hay pedidos registrados" />;
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
        Pedidos
      </h2>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <ListSearch
          paging={paging}
          label="Buscar pedidos"
          placeholder="Nombre, email, número de pedido o ID de pago"
          visibleLabel
          className="flex-1"
        />
        <Button
          variant="outline"
          onClick={() => paging.setInput("")}
          disabled={paging.input === ""}
        >
          Limpiar
        </Button>
      </div>
      {orders.isPending ? (
        <ListLoading />
      ) : orders.isError ? (
        <ListError />
      ) : shown.length === 0 ? (
        <EmptyList text="No se encontraron pedidos con ese criterio de búsqueda" />
      ) : (
        <ul className="grid gap-4" aria-busy={orders.isPlaceholderData}>
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
      {page && <ListPager paging={paging} total={page.total} shown={shown.length} noun="pedidos" />}
    </section>
  );
}
