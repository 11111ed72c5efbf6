import { data, isRouteErrorResponse, Link, type MetaDescriptor, useRouteError } from "react-router";
import { ORDER_LINK_EXPIRED_MESSAGE } from "../../../shared/checkout";
import { ErrorNotice } from "../../components/layout/error-notice";
import { OrderLegalSection } from "../../components/legal/order-legal-section";
import { OrderCheckout } from "../../components/orders/order-checkout";
import { RateOrder, rateOrderOnServer } from "../../components/orders/lazy-rate-order";
import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { errorCode } from "../../lib/api";
import { checkoutErrorMessage, retryPayment } from "../../lib/checkout-api";
import { pageTitle } from "../../lib/seo";
import { toast } from "../../lib/toast";
import { useAsyncAction } from "../../lib/use-async-action";
import type { Route } from "./+types/order-detail";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const token = query.get("token");
  // No token or a wrong one: the same 404 as an unknown number, never someone else's order.
  if (!token) throw data(null, { status: 404 });
  // Back from Wompi (?idTransaccion=…): the service asks Wompi before it shows 'Pagado',
  // at most once per transaction and within a per-address limit (issue 26).
  const transactionId = query.get("idTransaccion") || undefined;
  const checkout = await context.services.checkout
    .find(params.orderNumber, token, { transactionId, clientAddress: context.clientAddress })
    .catch((error: unknown) => {
      if (isNotFound(error)) throw data(null, { status: 404 });
      throw error;
    });
  // Issue 37: 'Califica tu compra' of each delivered order, with what each already reviewed
  // (rendered from its own module, lazy-rate-order.tsx).
  const delivered = checkout.orders.filter(
    (order) => order.fulfillmentStatus === "delivered" && order.status !== "cancelled",
  );
  if (delivered.length > 0) await rateOrderOnServer();
  const reviews = await Promise.all(
    delivered.map((order) => context.services.reviews.forOrder(order.orderNumber, token)),
  );
  return { checkout, token, reviews, returnedFromPayment: transactionId !== undefined };
}

/** The service's AppError "not_found" (server/errors.ts: app/ never loads server code). */
const isNotFound = (error: unknown) => errorCode(error) === "not_found";

export function meta({ loaderData }: Route.MetaArgs): MetaDescriptor[] {
  // Personal: never indexed, never in the sitemap, never cached (server/http/web-app.ts).
  const number = loaderData?.checkout.orders[0]?.orderNumber;
  return [
    { title: pageTitle(number ? `Pedido ${number}` : "Pedido no encontrado") },
    { name: "robots", content: "noindex, nofollow" },
    // The address holds the order's token: never sent on to another site.
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function OrderDetail({ loaderData, params }: Route.ComponentProps) {
  const { checkout, token, reviews, returnedFromPayment } = loaderData;
  const retry = useAsyncAction(() => retryPayment(params.orderNumber, token), {
    onSuccess: (result) => {
      if (result.paymentUrl) window.location.assign(result.paymentUrl);
      else
        toast({
          title: "No se pudo abrir el pago",
          description: "Intenta de nuevo en unos minutos.",
          variant: "destructive",
        });
    },
    onError: (error) => {
      toast({
        title: "No se pudo abrir el pago",
        description: checkoutErrorMessage(error),
        variant: "destructive",
      });
    },
  });
  // Nothing to pay once every order is cancelled (the API answers 409 then).
  const canRetry =
    checkout.paymentMethod === "card" &&
    checkout.paymentStatus === "pending" &&
    !checkout.orders.every((order) => order.status === "cancelled");
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-10">
      <OrderCheckout
        checkout={checkout}
        returnedFromPayment={returnedFromPayment}
        onRetryPayment={canRetry ? () => void retry.run() : undefined}
        retrying={retry.isPending || retry.isSuccess}
        access={{ orderNumber: params.orderNumber, token }}
      />
      {/* Issue 37: who sells, the receipts, the DTE and the right of withdrawal. */}
      <OrderLegalSection checkout={checkout} token={token} />
      <div className="mt-6">
        <RateOrder orders={reviews} token={token} />
      </div>
      <Link to="/orders" className="mt-6 inline-block font-medium text-brand-700 underline">
        Ver mis pedidos
      </Link>
    </div>
  );
}

const LOOKUP_LINK = { to: "/orders/buscar", label: "Buscar mi pedido" };

const OrderErrorBoundary = routeErrorBoundary({
  notFound: {
    title: "Pedido no encontrado",
    text: "No encontramos este pedido. Abre el enlace completo de tu pedido, o búscalo con su número y tu correo.",
  },
  other: {
    title: "Algo salió mal",
    text: "No pudimos cargar tu pedido. Intenta de nuevo en un momento.",
  },
  link: LOOKUP_LINK,
});

/** A link sent after the checkout, past its 90 days (410, issue 37), says so and where to go. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 410) {
    return (
      <ErrorNotice
        title="Este enlace venció"
        text={`${ORDER_LINK_EXPIRED_MESSAGE}: escribe el número de tu pedido y tu correo, y te enviaremos un enlace nuevo.`}
        link={LOOKUP_LINK}
      />
    );
  }
  return <OrderErrorBoundary />;
}
