import type { MerchantOrderDto } from "../../../shared/merchant-portal";
import { usePortalOrders, useSetPortalOrderStatus } from "../../lib/merchant-api";
import { EmptyList, ListError, ListLoading } from "../admin/list-states";
import { OrderCard } from "../admin/order-card";

/** Newest first, whatever order the answer came in. */
export function newestFirst<T extends { createdAt: string; id: number }>(orders: T[]): T[] {
  return [...orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

/**
 * 'Pedidos': the merchant's own orders with the customer's contact data, its lines and the
 * status select. The amount shown is the sum of its own lines (an order may hold others').
 */
export function OrdersTab({ merchantId }: { merchantId: number }) {
  const orders = usePortalOrders(merchantId);
  const setStatus = useSetPortalOrderStatus(merchantId);
  if (orders.isPending) return <ListLoading />;
  if (orders.isError) return <ListError />;
  if (orders.data.length === 0) return <EmptyList text="Aún no tienes pedidos." />;
  return (
    <section aria-labelledby="portal-orders-heading" className="grid gap-4">
      <h2 id="portal-orders-heading" className="text-lg font-semibold text-stone-900">
        Pedidos
      </h2>
      <ul className="grid gap-4">
        {newestFirst(orders.data).map((order: MerchantOrderDto) => (
          <li key={order.id}>
            <OrderCard
              order={{ ...order, totalAmount: order.merchantTotal }}
              updating={setStatus.isPending && setStatus.variables?.id === order.id}
              onStatusChange={(status) => setStatus.mutate({ id: order.id, status })}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
