import { data, type MetaDescriptor } from "react-router";
import { WithdrawalNotice } from "../../components/legal/withdrawal-notice";
import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { errorCode } from "../../lib/api";
import { pageTitle } from "../../lib/seo";
import { LEGAL_IDENTITY_MISSING } from "../../../shared/legal-identity";
import { RECEIPT_TITLE, receiptPdfPath, type Receipt } from "../../../shared/receipt";
import type { Route } from "./+types/order-receipt";

/**
 * Issue 37: GET /orders/{orderNumber}/comprobante?token=…, one order's receipt, printable
 * (no header or footer, print styles) and opened with the order page's token: a wrong one
 * is the order page's 404. Personal, so never kept (PERSONAL_PATHS: /orders).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) throw data(null, { status: 404 });
  const receipt = await context.services.receipts
    .find(params.orderNumber, token)
    .catch((error: unknown) => {
      if (errorCode(error) === "not_found") throw data(null, { status: 404 });
      throw error;
    });
  return { receipt, token };
}

export function meta({ loaderData }: Route.MetaArgs): MetaDescriptor[] {
  const number = loaderData?.receipt.orderNumber;
  return [
    { title: pageTitle(number ? `${RECEIPT_TITLE} ${number}` : "Pedido no encontrado") },
    { name: "robots", content: "noindex, nofollow" },
    // The address holds the order's token: never sent on to another site.
    { name: "referrer", content: "no-referrer" },
  ];
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "font-semibold text-stone-900" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function ReceiptBody({ receipt }: { receipt: Receipt }) {
  const { seller } = receipt;
  return (
    <article className="space-y-5 text-sm text-stone-700">
      <header>
        <h1 className="text-2xl font-bold text-stone-900">{RECEIPT_TITLE}</h1>
        <p className="mt-1">
          Pedido <span className="font-medium text-stone-900">{receipt.orderNumber}</span> ·{" "}
          {receipt.date}
        </p>
        {receipt.cancelled && (
          <p className="mt-1 font-semibold text-red-700">{receipt.cancelled}</p>
        )}
      </header>

      <section aria-labelledby="vendedor">
        <h2 id="vendedor" className="font-semibold text-stone-900">
          Datos del comercio
        </h2>
        <p>{seller.name}</p>
        {seller.legalName && <p>Razón social: {seller.legalName}</p>}
        {seller.taxId && <p>{seller.taxId}</p>}
        {!seller.legalName && !seller.taxId && (
          <p className="text-stone-500">{LEGAL_IDENTITY_MISSING}</p>
        )}
      </section>

      <section aria-labelledby="cliente">
        <h2 id="cliente" className="font-semibold text-stone-900">
          Cliente
        </h2>
        <p>{receipt.customer.name}</p>
        <p>{receipt.customer.email}</p>
        {receipt.customer.phone && <p>{receipt.customer.phone}</p>}
      </section>

      <section aria-labelledby="productos">
        <h2 id="productos" className="font-semibold text-stone-900">
          Productos
        </h2>
        <table className="mt-1 w-full border-collapse">
          <thead className="sr-only">
            <tr>
              <th>Producto</th>
              <th>Cantidad</th>
              <th>Precio unitario</th>
              <th>Total</th>
            </tr>
          </thead>
          <tbody>
            {receipt.lines.map((line, index) => (
              <tr key={index} className="border-b border-stone-100 align-top">
                <td className="py-1 pr-2">
                  {line.name}
                  {line.variant && <span className="text-stone-500"> ({line.variant})</span>}
                </td>
                <td className="py-1 pr-2 text-right tabular-nums">{line.quantity} ×</td>
                <td className="py-1 pr-2 text-right tabular-nums">{line.unitPrice}</td>
                <td className="py-1 text-right tabular-nums">{line.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-2 space-y-0.5">
          <Row label="Subtotal" value={receipt.subtotal} />
          <Row label="Envío" value={receipt.deliveryFee} />
          <Row label="Total" value={receipt.total} strong />
        </dl>
      </section>

      <section aria-labelledby="pago">
        <h2 id="pago" className="font-semibold text-stone-900">
          Pago
        </h2>
        <p>
          {receipt.paymentMethod}: {receipt.paymentStatus}
        </p>
      </section>

      <section aria-labelledby="entrega">
        <h2 id="entrega" className="font-semibold text-stone-900">
          {receipt.fulfillment}
        </h2>
        {receipt.addressLines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>

      <section aria-labelledby="dte">
        <h2 id="dte" className="font-semibold text-stone-900">
          Documento tributario electrónico (DTE)
        </h2>
        {receipt.dte ? (
          <>
            <p>Código de generación: {receipt.dte.code}</p>
            <p>Fecha de emisión: {receipt.dte.date}</p>
            <p>
              <a
                href={receipt.dte.lookupUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 underline"
              >
                Consultar en el Ministerio de Hacienda
              </a>
            </p>
          </>
        ) : (
          <p className="text-stone-500">El comercio aún no registró el DTE de este pedido.</p>
        )}
        <p className="mt-2 font-medium text-stone-900">{receipt.disclaimer}</p>
      </section>

      <WithdrawalNotice />
    </article>
  );
}

export default function OrderReceipt({ loaderData, params }: Route.ComponentProps) {
  const { receipt, token } = loaderData;
  return (
    <main className="mx-auto max-w-2xl bg-white px-4 py-6 sm:px-6 print:max-w-none print:p-0">
      <nav className="mb-6 flex flex-wrap gap-4 text-sm print:hidden" aria-label="Acciones">
        <button
          type="button"
          onClick={() => window.print()}
          className="rounded-md bg-brand-700 px-3 py-1.5 font-medium text-white"
        >
          Imprimir
        </button>
        <a
          href={receiptPdfPath(params.orderNumber, token)}
          className="py-1.5 font-medium text-brand-700 underline"
        >
          Descargar PDF
        </a>
        <a
          href={`/orders/${encodeURIComponent(params.orderNumber)}?token=${encodeURIComponent(token)}`}
          className="py-1.5 font-medium text-brand-700 underline"
        >
          Volver a mi pedido
        </a>
      </nav>
      <ReceiptBody receipt={receipt} />
      <p className="mt-8 text-xs text-stone-500">Tiangue · Comercios locales de El Salvador</p>
    </main>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  notFound: {
    title: "Pedido no encontrado",
    text: "No encontramos este pedido. Abre el enlace completo de tu pedido, o búscalo con su número y tu correo.",
  },
  link: { to: "/orders/buscar", label: "Buscar mi pedido" },
});
