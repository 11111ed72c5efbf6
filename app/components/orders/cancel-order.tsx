import { XCircle } from "lucide-react";
import { useState } from "react";
import type { CheckoutDto, CheckoutOrderDto } from "../../../shared/checkout";
import { errorCode } from "../../lib/api";
import { cancelOrder, checkoutErrorMessage, fetchCheckoutOrders } from "../../lib/checkout-api";
import { toast } from "../../lib/toast";
import { useAsyncAction } from "../../lib/use-async-action";
import { useHydrated } from "../../lib/use-hydrated";
import { LazyConfirmDialog, preloadConfirmDialog } from "../admin/lazy-confirm-dialog";
import { Button } from "../ui/button";

/**
 * How the order page was opened (the address's order number and token): with it, a
 * cancellable order offers 'Cancelar pedido' (POST /api/orders/{orderNumber}/cancel?token=…).
 */
export interface OrderAccess {
  orderNumber: string;
  token: string;
}

/**
 * 'Cancelar pedido' while the merchant has not started it: confirmed first, then the answer
 * (the whole checkout) replaces what the page shows. A 409 (the merchant started meanwhile)
 * says so and shows the order as it is now.
 */
export function CancelOrder({
  order,
  access,
  onUpdated,
}: {
  order: CheckoutOrderDto;
  access: OrderAccess;
  onUpdated: (checkout: CheckoutDto) => void;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const cancel = useAsyncAction(() => cancelOrder(access.orderNumber, access.token, order.id), {
    onSuccess: (checkout) => {
      setOpen(false);
      onUpdated(checkout);
      toast({
        title: "Pedido cancelado",
        description: `Cancelaste el pedido ${order.orderNumber}.`,
      });
    },
    onError: async (error) => {
      setOpen(false);
      toast({
        title: "No se pudo cancelar el pedido",
        description: checkoutErrorMessage(error),
        variant: "destructive",
      });
      // 409: the merchant started the order meanwhile; show it as it is now.
      if (errorCode(error) === "conflict") {
        const now = await fetchCheckoutOrders(access.orderNumber, access.token).catch(() => null);
        if (now) onUpdated(now);
      }
    },
  });
  const paidByCard = order.paymentMethod === "card" && order.paymentStatus === "paid";
  return (
    <>
      <Button
        variant="outline"
        className="self-start text-red-700"
        disabled={!hydrated || cancel.isPending}
        onClick={() => setOpen(true)}
        // The dialog's code loads on the first open; a pointer or the keyboard on the way
        // starts it sooner.
        onPointerEnter={() => void preloadConfirmDialog()}
        onFocus={() => void preloadConfirmDialog()}
      >
        <XCircle aria-hidden />
        {cancel.isPending ? "Cancelando..." : "Cancelar pedido"}
        <span className="sr-only"> {order.orderNumber}</span>
      </Button>
      <LazyConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`¿Cancelar el pedido ${order.orderNumber}?`}
        description={
          <p>
            {order.merchant.name} aún no empieza a prepararlo.
            {paidByCard && " Lo que pagaste con tarjeta por este pedido se te devolverá."} Esta
            acción no se puede deshacer.
          </p>
        }
        confirmLabel="Sí, cancelar pedido"
        cancelLabel="No, mantenerlo"
        destructive
        pending={cancel.isPending}
        onConfirm={() => void cancel.run()}
      />
    </>
  );
}
