import { Download } from "lucide-react";
import { useId } from "react";
import { formatLongDate } from "../../../shared/dates";
import { formatPrice } from "../../../shared/money";
import type { MerchantLedgerDto } from "../../../shared/api-types";
import { portalPayoutsCsvUrl, usePortalPayouts } from "../../lib/merchant-api";
import { ListError, ListLoading } from "../admin/list-states";
import { buttonVariants } from "../ui/button";
import { Card } from "../ui/card";

/** 'Liquidaciones' (issue 25): loads the merchant's ledger. */
export function PayoutsTab({ merchantId }: { merchantId: number }) {
  const ledger = usePortalPayouts(merchantId);
  if (ledger.isPending) return <ListLoading rows={2} />;
  if (ledger.isError) return <ListError />;
  return <PayoutsView ledger={ledger.data} csvUrl={portalPayoutsCsvUrl(merchantId)} />;
}

/**
 * What Tiangue owes the merchant for its delivered card orders (their totals minus the
 * commission), what it already paid, and the balance; then each order and each payment.
 */
export function PayoutsView({ ledger, csvUrl }: { ledger: MerchantLedgerDto; csvUrl: string }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
          Liquidaciones
        </h2>
        <a href={csvUrl} download className={buttonVariants({ variant: "outline", size: "sm" })}>
          <Download aria-hidden />
          Descargar CSV
        </a>
      </div>
      <p className="text-sm text-stone-700">
        Los pagos con tarjeta los recibe Tiangue y te los transfiere cuando el pedido se entrega,
        menos la comisión ({ledger.commissionPercent} %).
      </p>

      <dl className="grid gap-3 sm:grid-cols-3">
        {(
          [
            ["Por pedidos entregados", ledger.owed],
            ["Ya pagado", ledger.paid],
            ["Saldo pendiente", ledger.balance],
          ] as const
        ).map(([label, amount]) => (
          <Card key={label} className="p-4">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="text-xl font-semibold text-stone-900 tabular-nums">
              {formatPrice(amount)}
            </dd>
          </Card>
        ))}
      </dl>

      <Card className="grid gap-3 p-4 sm:p-5">
        <h3 id={`${id}-orders`} className="font-semibold text-stone-900">
          Pedidos con tarjeta entregados
        </h3>
        {ledger.orders.length === 0 ? (
          <p className="text-sm text-stone-700">Aún no tienes pedidos con tarjeta entregados.</p>
        ) : (
          <ul aria-labelledby={`${id}-orders`} className="divide-y divide-stone-100">
            {ledger.orders.map((order) => (
              <li key={order.orderId} className="grid gap-2 py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p className="font-medium text-stone-900">Pedido {order.orderNumber}</p>
                  {order.deliveredAt && (
                    <p className="text-sm text-stone-600">
                      Entregado el{" "}
                      <time dateTime={order.deliveredAt}>{formatLongDate(order.deliveredAt)}</time>
                    </p>
                  )}
                </div>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm tabular-nums sm:grid-cols-4">
                  <Amount label="Subtotal" value={order.subtotal} />
                  <Amount label="Envío" value={order.deliveryFee} />
                  <Amount label="Comisión" value={`-${formatPrice(order.commission)}`} raw />
                  <Amount label="A pagar" value={order.owed} strong />
                </dl>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card className="grid gap-3 p-4 sm:p-5">
        <h3 id={`${id}-payouts`} className="font-semibold text-stone-900">
          Pagos recibidos
        </h3>
        {ledger.payouts.length === 0 ? (
          <p className="text-sm text-stone-700">Aún no hay pagos registrados.</p>
        ) : (
          <ul aria-labelledby={`${id}-payouts`} className="divide-y divide-stone-100">
            {ledger.payouts.map((payout) => (
              <li
                key={payout.id}
                className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-3 text-sm first:pt-0 last:pb-0"
              >
                <div className="min-w-0">
                  <p className="text-stone-900">
                    <time dateTime={payout.paidAt}>{formatLongDate(payout.paidAt)}</time>
                  </p>
                  <p className="break-words text-stone-600">Referencia: {payout.reference}</p>
                </div>
                <p className="font-semibold text-stone-900 tabular-nums">
                  {formatPrice(payout.amount)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}

function Amount({
  label,
  value,
  strong = false,
  raw = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
  /** Already formatted. */
  raw?: boolean;
}) {
  return (
    <div className="flex justify-between gap-2 sm:block">
      <dt className="text-stone-600">{label}</dt>
      <dd className={strong ? "font-semibold text-stone-900" : "text-stone-900"}>
        {raw ? value : formatPrice(value)}
      </dd>
    </div>
  );
}
