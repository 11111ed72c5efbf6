import {
  Banknote,
  Check,
  CheckCircle2,
  CreditCard,
  Landmark,
  MessageCircle,
  XCircle,
} from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import {
  EACH_MERCHANT_DELIVERS,
  type CheckoutDto,
  type CheckoutOrderDto,
  type PaymentMethod,
} from "../../../shared/checkout";
import { DEFAULT_PRODUCT_IMAGE } from "../../../shared/limits";
import { formatPrice, multiplyPrice } from "../../../shared/money";
import {
  ALL_CANCELLED_NO_PAYMENT_MESSAGE,
  FULFILLMENT_STATUS_LABELS,
  type FulfillmentStatus,
  ORDER_FULFILLMENT_LABELS,
  PAYMENT_METHOD_LABELS,
  type StatusHistoryEntry,
  stepsOf,
} from "../../../shared/order-life";
import { errorCode } from "../../lib/api";
import { cancelOrder, checkoutErrorMessage, fetchCheckoutOrders } from "../../lib/checkout-api";
import { toast } from "../../lib/toast";
import { useAsyncAction } from "../../lib/use-async-action";
import { useHydrated } from "../../lib/use-hydrated";
import { LazyConfirmDialog, preloadConfirmDialog } from "../admin/lazy-confirm-dialog";
import { ContactButtons } from "../catalogue/contact-buttons";
import { FulfillmentStatusBadge, OrderStatusBadge, PaymentStatusBadge } from "./order-badges";
import { formatLongDateTime } from "../../../shared/dates";
import { ResponsiveImage } from "../catalogue/responsive-image";
import { Button } from "../ui/button";
import { Card } from "../ui/card";

export interface OrderCheckoutProps {
  checkout: CheckoutDto;
  /** The shopper came back from Wompi (?idTransaccion=…): say what the confirmation found. */
  returnedFromPayment?: boolean;
  /** 'Reintentar pago' for a card checkout not paid yet; absent: no button. */
  onRetryPayment?: () => void;
  retrying?: boolean;
  /**
   * How this page was opened (the address's order number and token): with it, a cancellable
   * order offers 'Cancelar pedido' (POST /api/orders/{orderNumber}/cancel?token=…).
   */
  access?: { orderNumber: string; token: string };
}

const isCancelled = (order: CheckoutOrderDto) => order.status === "cancelled";

/** The page of one checkout (issues 10 and 25): its orders, one per merchant, and how they are paid. */
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

      <PaymentPanel
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

function PaymentPanel({
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

function MerchantOrder({
  order,
  access,
  onUpdated,
}: {
  order: CheckoutOrderDto;
  access?: OrderCheckoutProps["access"];
  onUpdated: (checkout: CheckoutDto) => void;
}) {
  const { merchant } = order;
  const headingId = `order-${order.id}`;
  const cancelled = isCancelled(order);
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
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
          <div className="flex flex-wrap gap-2">
            <span data-testid="order-status">
              <OrderStatusBadge status={order.status} />
            </span>
            <span data-testid="order-payment-status">
              <PaymentStatusBadge status={order.paymentStatus} />
            </span>
          </div>
        </div>

        <Fulfillment order={order} />
        <Timeline order={order} />
        {cancelled && <Cancellation order={order} />}

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
                {item.variantName && <p className="text-xs text-stone-800">{item.variantName}</p>}
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
        <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t border-stone-200 pt-2 text-stone-800">
          <dt>Subtotal</dt>
          <dd className="text-right tabular-nums" data-testid="order-subtotal">
            {formatPrice(order.subtotal)}
          </dd>
          <dt>Envío</dt>
          <dd className="text-right" data-testid="order-fee">
            {feeText(order)}
          </dd>
          <dt className="font-medium">Total del pedido</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="order-amount">
            {formatPrice(order.totalAmount)}
          </dd>
        </dl>

        {order.paymentMethod === "transfer" &&
          order.bankDetails &&
          !cancelled &&
          order.paymentStatus === "pending" && <BankDetails order={order} />}

        {order.whatsappUrl && !cancelled && (
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
          whatsapp={order.whatsappUrl && !cancelled ? null : merchant.whatsapp}
          whatsappText={`Hola, te escribo por mi pedido ${order.orderNumber} en Tiangue.`}
        />
        {order.paymentMethod === "whatsapp" && !merchant.whatsapp && !cancelled && (
          <p className="text-sm text-stone-700">
            Este comercio no tiene WhatsApp: llámale para acordar el pago y la entrega.
          </p>
        )}
        {order.cancellable && !cancelled && access && (
          <CancelOrder order={order} access={access} onUpdated={onUpdated} />
        )}
      </section>
    </Card>
  );
}

/** 'Envío' of one order: its fee, free, none for a pickup, or agreed with the merchant. */
function feeText(order: CheckoutOrderDto): string {
  if (order.fulfillment === "pickup") return "Sin envío (recoges en tienda)";
  if (order.deliveryFee === null) return "Por coordinar";
  if (Number(order.deliveryFee) === 0) return "Gratis";
  return formatPrice(order.deliveryFee);
}

/** How the order reaches the shopper, and where a delivery goes. */
function Fulfillment({ order }: { order: CheckoutOrderDto }) {
  if (order.fulfillment === null) return null;
  const address = order.fulfillment === "delivery" ? order.deliveryAddress : null;
  return (
    <div className="rounded-md bg-stone-50 p-3 text-sm" data-testid="order-fulfillment">
      <p className="font-medium text-stone-900">{ORDER_FULFILLMENT_LABELS[order.fulfillment]}</p>
      {address && (
        <address className="mt-1 break-words text-stone-800 not-italic">
          {address.address}
          <br />
          {address.district ? `${address.district}, ` : ""}
          {address.municipality}, {address.department}
          {address.reference && (
            <>
              <br />
              <span className="text-stone-600">Referencia: {address.reference}</span>
            </>
          )}
        </address>
      )}
    </div>
  );
}

/** When a step was reached: its latest entry in the timeline ('Recibido' falls back to the order's creation). */
function stepTime(order: CheckoutOrderDto, step: FulfillmentStatus): string | null {
  const entry = [...(order.statusHistory ?? [])]
    .reverse()
    .find((e) => e.fulfillmentStatus === step);
  return entry?.at ?? (step === "received" ? order.createdAt : null);
}

function cancellationEntry(order: CheckoutOrderDto): StatusHistoryEntry | undefined {
  return [...(order.statusHistory ?? [])].reverse().find((e) => e.status === "cancelled");
}

/**
 * The order's steps ('Recibido' → … → 'Entregado'): done ones with their time in El
 * Salvador, the current one marked; a cancelled order shows only the steps it reached.
 */
function Timeline({ order }: { order: CheckoutOrderDto }) {
  const steps = stepsOf(order.fulfillment ?? "arrange");
  const current = Math.max(0, steps.indexOf(order.fulfillmentStatus));
  const cancelled = isCancelled(order);
  const shown = cancelled ? steps.slice(0, current + 1) : steps;
  return (
    <section aria-label={`Seguimiento del pedido ${order.orderNumber}`}>
      <div className="mb-2 flex items-center gap-2">
        <h3 className="text-sm font-semibold text-stone-900">Seguimiento</h3>
        {!cancelled && (
          <FulfillmentStatusBadge
            status={order.fulfillmentStatus}
            fulfillment={order.fulfillment}
          />
        )}
      </div>
      <ol className="flex flex-col gap-2" data-testid="order-timeline">
        {shown.map((step, index) => {
          const done = index <= current;
          const at = done ? stepTime(order, step) : null;
          return (
            <li
              key={step}
              className="flex items-start gap-3 text-sm"
              aria-current={!cancelled && index === current ? "step" : undefined}
              data-done={done}
            >
              <span
                aria-hidden
                className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border ${
                  done ? "border-green-700 bg-green-700 text-white" : "border-stone-300 bg-white"
                }`}
              >
                {done && <Check className="size-3" />}
              </span>
              <span className="min-w-0">
                <span className={done ? "font-medium text-stone-900" : "text-stone-500"}>
                  {FULFILLMENT_STATUS_LABELS[step]}
                </span>
                {!done && <span className="sr-only"> (pendiente)</span>}
                {at && (
                  <time dateTime={at} className="block text-xs text-stone-600">
                    {formatLongDateTime(at)}
                  </time>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Who cancelled, why (the merchant's reason) and when. */
function Cancellation({ order }: { order: CheckoutOrderDto }) {
  const entry = cancellationEntry(order);
  const byShopper = entry?.by === "shopper";
  return (
    <div
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
      data-testid="order-cancellation"
    >
      <p className="flex items-center gap-2 font-medium">
        <XCircle aria-hidden className="size-4 shrink-0" />
        {byShopper ? "Cancelaste este pedido" : "El comercio canceló este pedido"}
      </p>
      {entry && (
        <time dateTime={entry.at} className="mt-1 block text-xs">
          {formatLongDateTime(entry.at)}
        </time>
      )}
      {order.cancelReason && (
        <p className="mt-1 break-words">
          <span className="font-medium">Motivo:</span> {order.cancelReason}
        </p>
      )}
      {order.paymentStatus === "refunded" && order.refundReference && (
        <p className="mt-1 break-words">
          <span className="font-medium">Referencia del reembolso:</span> {order.refundReference}
        </p>
      )}
    </div>
  );
}

/** Where to send a transfer: the merchant's account, the amount and the order number as reference. */
function BankDetails({ order }: { order: CheckoutOrderDto }) {
  const bank = order.bankDetails!;
  const rows: [string, string][] = [
    ["Banco", bank.bankName],
    ["Titular", bank.accountHolder],
    ["Número de cuenta", bank.accountNumber],
    ["Tipo de cuenta", bank.accountType],
    ["Monto", formatPrice(order.totalAmount)],
    ["Referencia", order.orderNumber],
  ];
  return (
    <section
      aria-label={`Datos para la transferencia del pedido ${order.orderNumber}`}
      className="rounded-md border border-stone-200 p-3 text-sm"
      data-testid="bank-details"
    >
      <h3 className="font-semibold text-stone-900">Datos para la transferencia</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className="font-medium break-all text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-stone-700">
        Escribe <span className="font-medium">{order.orderNumber}</span> como referencia de la
        transferencia, para que el comercio reconozca tu pago.
      </p>
    </section>
  );
}

/**
 * 'Cancelar pedido' while the merchant has not started it: confirmed first, then the answer
 * (the whole checkout) replaces what the page shows. A 409 (the merchant started meanwhile)
 * says so and shows the order as it is now.
 */
function CancelOrder({
  order,
  access,
  onUpdated,
}: {
  order: CheckoutOrderDto;
  access: NonNullable<OrderCheckoutProps["access"]>;
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
