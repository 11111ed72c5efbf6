import type { CheckoutDto } from "../../../shared/checkout";
import { formatCalendarDay } from "../../../shared/dte";
import { receiptPath, receiptPdfPath } from "../../../shared/receipt";
import { MerchantLegalIdentity } from "./merchant-legal-identity";
import { WithdrawalNotice } from "./withdrawal-notice";

/**
 * Issue 37, below an order page's orders: for each order, who sells, its DTE when the
 * merchant recorded it (with Hacienda's lookup) and its receipt (page and PDF); then the
 * right of withdrawal.
 */
export function OrderLegalSection({ checkout, token }: { checkout: CheckoutDto; token: string }) {
  return (
    <section
      aria-labelledby="comprobantes"
      className="mt-6 space-y-4 rounded-lg border border-stone-200 bg-white p-4"
    >
      <h2 id="comprobantes" className="font-semibold text-stone-900">
        Comprobantes y datos del comercio
      </h2>
      <ul className="space-y-4">
        {checkout.orders.map((order) => (
          <li key={order.id} className="border-t border-stone-100 pt-3 first:border-0 first:pt-0">
            <p className="text-sm font-medium text-stone-900">
              {order.merchant.name} · Pedido {order.orderNumber}
            </p>
            <MerchantLegalIdentity
              legalName={order.merchant.legalName}
              taxId={order.merchant.taxId}
              className="mt-1"
            />
            {order.dte && (
              <p className="mt-2 text-sm text-stone-700">
                DTE {order.dte.code} del {formatCalendarDay(order.dte.issuedAt)}:{" "}
                <a
                  href={order.dte.lookupUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-brand-700 underline"
                >
                  consultar en el Ministerio de Hacienda
                </a>
              </p>
            )}
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <a
                href={receiptPath(order.orderNumber, token)}
                className="font-medium text-brand-700 underline"
              >
                Ver comprobante
              </a>
              <a
                href={receiptPdfPath(order.orderNumber, token)}
                className="font-medium text-brand-700 underline"
                download={`comprobante-${order.orderNumber}.pdf`}
              >
                Descargar PDF
              </a>
            </p>
          </li>
        ))}
      </ul>
      <WithdrawalNotice className="border-t border-stone-100 pt-3" />
    </section>
  );
}
