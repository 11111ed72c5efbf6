import { MessageCircle } from "lucide-react";
import { Link } from "react-router";
import type { CheckoutDto, CheckoutOrderDto } from "../../../shared/checkout";
import { DEFAULT_PRODUCT_IMAGE } from "../../../shared/limits";
import { formatPrice, multiplyPrice } from "../../../shared/money";
import { ORDER_FULFILLMENT_LABELS } from "../../../shared/order-life";
import { ContactButtons } from "../catalogue/contact-buttons";
import { ResponsiveImage } from "../catalogue/responsive-image";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { CancelOrder, type OrderAccess } from "./cancel-order";
import { isCancelled } from "./is-cancelled";
import { OrderStatusBadge, PaymentStatusBadge } from "./order-badges";
import { OrderCancellation, OrderTimeline } from "./order-timeline";

/** One merchant's order on the order page: its steps, items, totals, payment details and contacts. */
export function MerchantOrder({
  order,
  access,
  onUpdated,
}: {
  order: CheckoutOrderDto;
  access?: OrderAccess;
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
        <OrderTimeline order={order} />
        {cancelled && <OrderCancellation order={order} />}

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
