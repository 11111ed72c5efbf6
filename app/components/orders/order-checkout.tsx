import { useState } from "react";
import {
  EACH_MERCHANT_DELIVERS,
  type CheckoutDto,
  type CheckoutOrderDto,
} from "../../../shared/checkout";
import { formatPrice } from "../../../shared/money";
import { formatLongDateTime } from "../../../shared/dates";
import type { OrderAccess } from "./cancel-order";
import { isCancelled } from "./is-cancelled";
import { MerchantOrder } from "./merchant-order";
import { OrderPaymentPanel } from "./order-payment-panel";

export interface OrderCheckoutProps {
  checkout: CheckoutDto;
  /** The shopper came back from Wompi (?idTransaccion=…): say what the confirmation found. */
  returnedFromPayment?: boolean;
  /** 'Reintentar pago' for a card checkout not paid yet; absent: no button. */
  onRetryPayment?: () => void;
  retrying?: boolean;
  /** How this page was opened: with it, a cancellable order offers 'Cancelar pedido'. */
  access?: OrderAccess;
}

/**
 * The page of one checkout (issues 10 and 25): its orders, one per merchant, and how they are
 * paid. Its panels: the payment (order-payment-panel.tsx), each merchant's order
 * (merchant-order.tsx, with its steps in order-timeline.tsx and 'Cancelar pedido' in
 * cancel-order.tsx) and the shopper's details below.
 */
export function OrderCheckout({
  checkout: loaded,
  returnedFromPayment = false,
  onRetryPayment,
  retrying = false,
  access,
}: OrderCheckoutProps) {
  // A cancel answers the whole checkout: shown until the page's own data is read again.
  const [updated, setUpdated] = useState<{ from: CheckoutDto; to: CheckoutDto } | null>(null);
  const checkout = updated?.from === loaded ? updated.to : loaded;
  const update = (next: CheckoutDto) => setUpdated({ from: loaded, to: next });

  const numbers = checkout.orders.map((order) => order.orderNumber);
  const allCancelled = checkout.orders.length > 0 && checkout.orders.every(isCancelled);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold break-words text-stone-900 sm:text-3xl">
          {numbers.length === 1 ? `Pedido ${numbers[0]}` : `Pedidos ${numbers.join(", ")}`}
        </h1>
        <p className="mt-1 text-sm text-stone-600">
          Realizado el{" "}
          <time dateTime={checkout.createdAt}>{formatLongDateTime(checkout.createdAt)}</time>
        </p>
      </div>

      <OrderPaymentPanel
        checkout={checkout}
        allCancelled={allCancelled}
        returnedFromPayment={returnedFromPayment}
        onRetryPayment={allCancelled ? undefined : onRetryPayment}
        retrying={retrying}
      />

      {checkout.orders.length > 1 && (
        <p className="text-sm text-stone-700">
          Tu compra se dividió en {checkout.orders.length} pedidos, uno por comercio.{" "}
          {EACH_MERCHANT_DELIVERS}
        </p>
      )}

      <ul className="flex flex-col gap-4" aria-label="Pedidos por comercio">
        {checkout.orders.map((order) => (
          <li key={order.id}>
            <MerchantOrder order={order} access={access} onUpdated={update} />
          </li>
        ))}
      </ul>

      <p className="flex items-center justify-between rounded-lg bg-brand-50 px-4 py-3 text-lg">
        <span>Total</span>
        <span className="font-bold tabular-nums" data-testid="order-total">
          {formatPrice(checkout.totalAmount)}
        </span>
      </p>

      <CustomerDetails order={checkout.orders[0]} />
    </div>
  );
}

const NOT_GIVEN = "No proporcionado";

/** 'Tus datos': what the shopper gave at checkout (the same on every order). */
function CustomerDetails({ order }: { order: CheckoutOrderDto | undefined }) {
  if (!order) return null;
  return (
    <section
      aria-labelledby="order-customer-heading"
      className="rounded-lg border border-stone-200 bg-white p-4"
    >
      <h2 id="order-customer-heading" className="font-semibold text-stone-900">
        Tus datos
      </h2>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-stone-600">Nombre</dt>
          <dd className="break-words text-stone-900">{order.customerName}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Correo electrónico</dt>
          <dd className="break-all text-stone-900">{order.customerEmail}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Teléfono</dt>
          <dd className="text-stone-900">{order.customerPhone || NOT_GIVEN}</dd>
        </div>
        {order.note && (
          <div className="sm:col-span-2">
            <dt className="text-stone-600">Nota para el comercio</dt>
            <dd className="break-words whitespace-pre-line text-stone-900">{order.note}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
