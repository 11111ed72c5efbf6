import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OrderDto, OrderStatus } from "../../shared/api-types";
import type { AdminOrderDto } from "../../shared/checkout";
import type { RefundInput } from "../../shared/schemas/order-life";
import { ADMIN_KEYS } from "./admin-api";
import { apiRequest } from "./api";
import {
  invalidateLists,
  type ListParams,
  serverMessage,
  toastFailure,
  useListPage,
} from "./back-office-api";
import { toast } from "./toast";

export const useAdminOrders = (params: ListParams = {}) =>
  useListPage<OrderDto>(ADMIN_KEYS.orders, params);

export function useSetOrderStatus() {
  const queryClient = useQueryClient();
  const key = [ADMIN_KEYS.orders];
  const replace = (id: number, change: (order: OrderDto) => OrderDto) =>
    queryClient.setQueryData<OrderDto[]>(key, (orders) =>
      orders?.map((order) => (order.id === id ? change(order) : order)),
    );
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: OrderStatus }) =>
      apiRequest<OrderDto>("PUT", `/api/admin/orders/${id}/status`, { status }),
    // The select shows the new status at once; a failure puts the old one back.
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<OrderDto[]>(key)?.find((o) => o.id === id)?.status;
      replace(id, (order) => ({ ...order, status }));
      return { previous };
    },
    onSuccess: (order) => {
      replace(order.id, () => order);
      toast({
        title: "Estado actualizado",
        description: "El estado del pedido ha sido actualizado",
      });
    },
    onError: (_error, { id }, context) => {
      const previous = context?.previous;
      if (previous) replace(id, (order) => ({ ...order, status: previous }));
      toastFailure("Error", "No se pudo actualizar el estado del pedido");
    },
  });
}

/** 'Registrar reembolso': a paid card order cancelled later, refunded outside Tiangue. */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reference }: { id: number } & RefundInput) =>
      apiRequest<AdminOrderDto>("POST", `/api/admin/orders/${id}/refund`, { reference }),
    onSuccess: (order) => {
      toast({ title: "Reembolso registrado", description: `Pedido ${order.orderNumber}` });
      return invalidateLists(queryClient, [ADMIN_KEYS.orders, ADMIN_KEYS.payouts]);
    },
    onError: (error) =>
      toastFailure("Error", serverMessage(error, "No se pudo registrar el reembolso")),
  });
}
