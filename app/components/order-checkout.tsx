import { CheckCircle2, CreditCard, MessageCircle } from "lucide-react";
import { Link } from "react-router";
import {
  EACH_MERCHANT_DELIVERS,
  type CheckoutDto,
  type CheckoutOrderDto,
} from "../../shared/checkout";
import { formatLongDate } from "../../shared/dates";
import { useHydrated } from "../lib/use-hydrated";
import { SV_TIME_ZONE } from "../../shared/el-salvador";
import { DEFAULT_PRODUCT_IMAGE } from "../../shared/limits";
import { formatPrice, multiplyPrice } from "../../shared/money";
import { PAYMENT_METHOD_LABELS } from "../../shared/schemas/checkout";
import { ContactButtons } from "./contact-buttons";
import { OrderStatusBadge, PaymentStatusBadge } from "./order-badges";
import { ResponsiveImage } from "./responsive-image";
import { Button } from "./ui/button";
import { Card } from "./ui/card";

const timeOfDay = new Intl.DateTimeFormat("es-ES", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: SV_TIME_ZONE,
});

/**
 * '25 de noviembre de 2026, 11:05' in El Salvador's time, put together here because the
 * word Intl joins a date and a time with differs between the server's ICU and the
 * browser's, and this page is rendered on the server then hydrated.
 */
export function placedAt(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : `${formatLongDate(date)}, ${timeOfDay.format(date)}`;
}

export interface OrderCheckoutProps {
  checkout: CheckoutDto;
  /** The shopper came back from Wompi (?idTransaccion=…): say what the confirmation found. */
  returnedFromPayment?: boolean;
  /** 'Reintentar pago' for a card checkout not paid yet; absent: no button. */
  onRetryPayment?: () => void;
  retrying?: boolean;
}

/** The page of one checkout (issue 10): its orders, one per merchant, and how they are paid. */
export function OrderCheckout({
  checkout,
  returnedFromPayment = false,
  onRetryPayment,
  retrying = false,
}: OrderCheckoutProps) {
  const numbers = checkout.orders.map((order) => order.orderNumber);
  const card = checkout.paymentMethod === "card";
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold break-words text-stone-900 sm:text-3xl">
          {numbers.length === 1 ? `Pedido ${numbers[0]}` : `Pedidos ${numbers.join(", ")}`}
        </h1>
        <p className="mt-1 text-sm text-stone-600">
          Realizado el <time dateTime={checkout.createdAt}>{placedAt(checkout.createdAt)}</time>
        </p>
      </div>

      <PaymentPanel
        checkout={checkout}
        returnedFromPayment={returnedFromPayment}
        onRetryPayment={onRetryPayment}
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
            <MerchantOrder order={order} card={card} />
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

function PaymentPanel({
  checkout,
  returnedFromPayment,
  onRetryPayment,
  retrying,
}: Required<Omit<OrderCheckoutProps, "onRetryPayment">> & { onRetryPayment?: () => void }) {
  const { paymentMethod, paymentStatus } = checkout;
  // The retry only works through JavaScript: a tap before the page's code runs would do
  // nothing, so the button waits for it (a slow phone; the browser test hit it too).
  const hydrated = useHydrated();
  const tone =
    paymentStatus === "paid"
      ? "border-green-200 bg-green-50"
      : paymentStatus === "pending"
        ? "border-maiz-300 bg-maiz-100"
        : "border-stone-200 bg-white";
  return (
    <section
      aria-labelledby="order-payment-heading"
      className={`flex flex-col gap-3 rounded-lg border p-4 ${tone}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="order-payment-heading" className="flex items-center gap-2 font-semibold">
          {paymentMethod === "card" ? (
            <CreditCard aria-hidden className="size-5" />
          ) : (
            <MessageCircle aria-hidden className="size-5" />
          )}
          {PAYMENT_METHOD_LABELS[paymentMethod]}
        </h2>
        <span data-testid="payment-status">
          <PaymentStatusBadge status={paymentStatus} />
        </span>
      </div>
      {paymentStatus === "paid" && (
        <p className="flex items-center gap-2 text-green-800">
          <CheckCircle2 aria-hidden className="size-5 shrink-0" />
          Recibimos tu pago. Cada comercio preparará su pedido.
        </p>
      )}
      {paymentStatus === "pending" && (
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
      {paymentStatus === "offline" && (
        <p className="text-stone-800">
          Envía tu pedido a cada comercio por WhatsApp para acordar el pago y la entrega.
        </p>
      )}
    </section>
  );
}

function MerchantOrder({ order, card }: { order: CheckoutOrderDto; card: boolean }) {
  const { merchant } = order;
  const headingId = `order-${order.id}`;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={headingId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold">
              <Link to={`/merchants/${merchant.slug}`} className="text-brand-700 hover:underline">
                {merchant.name}
              </Link>
            </h2>
            <p className="text-sm text-stone-700">
              Pedido <span className="font-medium text-stone-900">{order.orderNumber}</span>
            </p>
          </div>
          <span data-testid="order-status">
            <OrderStatusBadge status={order.status} />
          </span>
        </div>
        <ul
          className="divide-y divide-stone-100"
          aria-label={`Productos del pedido ${order.orderNumber}`}
        >
          {order.items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 py-2">
              <ResponsiveImage
                src={item.product.imageUrl}
                alt=""
                width={56}
                height={56}
                sizes="56px"
                fallbackSrc={DEFAULT_PRODUCT_IMAGE}
                className="size-14 shrink-0 rounded-md object-cover"
              />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium break-words text-stone-900">
                  {item.product.name}
                </p>
                <p className="text-xs text-stone-600">
                  {item.quantity} × {formatPrice(item.price)}
                </p>
              </div>
              <p className="text-sm font-medium text-stone-900 tabular-nums">
                {formatPrice(multiplyPrice(item.price, item.quantity))}
              </p>
            </li>
          ))}
        </ul>
        <p className="flex justify-between border-t border-stone-200 pt-2 text-stone-800">
          <span>Total del pedido</span>
          <span className="font-semibold tabular-nums">{formatPrice(order.totalAmount)}</span>
        </p>
        {order.whatsappUrl && (
          <Button asChild variant="whatsapp" className="self-start">
            <a href={order.whatsappUrl} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden />
              Enviar pedido por WhatsApp
              <span className="sr-only"> a {merchant.name} (se abre en una pestaña nueva)</span>
            </a>
          </Button>
        )}
        <ContactButtons
          phone={merchant.phone}
          // The order's own button already carries the WhatsApp message.
          whatsapp={order.whatsappUrl ? null : merchant.whatsapp}
          whatsappText={`Hola, te escribo por mi pedido ${order.orderNumber} en Tiangue.`}
        />
        {!card && !order.whatsappUrl && (
          <p className="text-sm text-stone-700">
            Este comercio no tiene WhatsApp: llámale para acordar el pago y la entrega.
          </p>
        )}
      </section>
    </Card>
  );
}

const NOT_GIVEN = "No proporcionado";

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
