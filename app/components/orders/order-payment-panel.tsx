import { Banknote, CheckCircle2, CreditCard, Landmark, MessageCircle, XCircle } from "lucide-react";
import type { CheckoutDto, PaymentMethod } from "../../../shared/checkout";
import {
  ALL_CANCELLED_NO_PAYMENT_MESSAGE,
  PAYMENT_METHOD_LABELS,
} from "../../../shared/order-life";
import { useHydrated } from "../../lib/use-hydrated";
import { PaymentStatusBadge } from "./order-badges";
import { Button } from "../ui/button";

const METHOD_ICONS: Record<PaymentMethod, typeof CreditCard> = {
  card: CreditCard,
  cash: Banknote,
  transfer: Landmark,
  whatsapp: MessageCircle,
};

/** What is left to do to pay, by method, while the payment is pending. */
const PENDING_TEXT: Record<Exclude<PaymentMethod, "card">, string> = {
  cash: "Pagas en efectivo a cada comercio cuando recibes o recoges tu pedido.",
  transfer:
    "Haz una transferencia a cada comercio con los datos de su pedido y escribe el número de pedido como referencia. El comercio confirmará el pago cuando lo reciba.",
  whatsapp: "Envía tu pedido a cada comercio por WhatsApp para acordar el pago y la entrega.",
};

/** The order page's payment panel: how the checkout is paid, and what is left to do. */
export function OrderPaymentPanel({
  checkout,
  allCancelled,
  returnedFromPayment,
  onRetryPayment,
  retrying,
}: {
  checkout: CheckoutDto;
  allCancelled: boolean;
  returnedFromPayment: boolean;
  onRetryPayment?: () => void;
  retrying: boolean;
}) {
  const { paymentMethod, paymentStatus } = checkout;
  // The retry only works through JavaScript: a tap before the page's code runs would do
  // nothing, so the button waits for it (a slow phone; the browser test hit it too).
  const hydrated = useHydrated();
  const Icon = METHOD_ICONS[paymentMethod] ?? MessageCircle;
  const refund = paymentStatus === "refund_due" || paymentStatus === "refunded";
  const tone =
    paymentStatus === "paid"
      ? "border-green-200 bg-green-50"
      : paymentStatus === "pending" && !allCancelled
        ? "border-maiz-300 bg-maiz-100"
        : "border-stone-200 bg-white";
  return (
    <section
      aria-labelledby="order-payment-heading"
      className={`flex flex-col gap-3 rounded-lg border p-4 ${tone}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="order-payment-heading" className="flex items-center gap-2 font-semibold">
          <Icon aria-hidden className="size-5" />
          {PAYMENT_METHOD_LABELS[paymentMethod]}
        </h2>
        <span data-testid="payment-status">
          <PaymentStatusBadge status={paymentStatus} />
        </span>
      </div>
      {paymentStatus === "refund_due" && (
        <p className="text-stone-800">
          El pago con tarjeta de los pedidos cancelados se devolverá a tu tarjeta.
        </p>
      )}
      {paymentStatus === "refunded" && (
        <p className="text-stone-800">Devolvimos a tu tarjeta el pago de los pedidos cancelados.</p>
      )}
      {allCancelled && !refund && (
        <p className="flex items-center gap-2 text-stone-800" data-testid="all-cancelled">
          <XCircle aria-hidden className="size-5 shrink-0 text-red-700" />
          {ALL_CANCELLED_NO_PAYMENT_MESSAGE}
        </p>
      )}
      {!allCancelled && paymentStatus === "paid" && (
        <p className="flex items-center gap-2 text-green-800">
          <CheckCircle2 aria-hidden className="size-5 shrink-0" />
          {paymentMethod === "card"
            ? "Recibimos tu pago. Cada comercio preparará su pedido."
            : "El comercio confirmó tu pago."}
        </p>
      )}
      {!allCancelled && paymentStatus === "pending" && paymentMethod === "card" && (
        <>
          <p className="text-stone-800">
            {returnedFromPayment
              ? "Todavía no pudimos confirmar tu pago. Si ya pagaste, espera unos minutos y recarga esta página."
              : "Tu pedido está registrado, pero el pago no se ha completado."}
          </p>
          {onRetryPayment && (
            <Button
              className="self-start"
              onClick={onRetryPayment}
              disabled={retrying || !hydrated}
            >
              <CreditCard aria-hidden />
              {retrying ? "Abriendo el pago..." : "Reintentar pago"}
            </Button>
          )}
        </>
      )}
      {!allCancelled && paymentStatus === "pending" && paymentMethod !== "card" && (
        <p className="text-stone-800">{PENDING_TEXT[paymentMethod]}</p>
      )}
      {!allCancelled && paymentStatus === "offline" && (
        <p className="text-stone-800">{PENDING_TEXT.whatsapp}</p>
      )}
    </section>
  );
}
