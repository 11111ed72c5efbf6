import { useCallback, useEffect, useState } from "react";
import { Search } from "lucide-react";
import { Link, type MetaDescriptor } from "react-router";
import type { CheckoutDto } from "../../../shared/checkout";
import { EmptyState } from "../../components/layout/empty-state";
import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { OrderSummaryCard } from "../../components/orders/order-summary-card";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { fetchCheckoutOrders } from "../../lib/checkout-api";
import {
  forgetOrders,
  orderPath,
  readStoredOrders,
  type StoredOrder,
} from "../../lib/orders-storage";
import { pageTitle } from "../../lib/seo";
import type { Route } from "./+types/orders";

export function meta(_: Route.MetaArgs): MetaDescriptor[] {
  // Personal: never indexed, never in the sitemap, never cached (server/http/web-app.ts).
  return [{ title: pageTitle("Mis pedidos") }, { name: "robots", content: "noindex, nofollow" }];
}

/** How the read of one stored checkout went. */
type CheckoutRead =
  | { status: "pending" }
  | { status: "failed" }
  // `checkout` null: the server no longer knows it (404).
  | { status: "loaded"; checkout: CheckoutDto | null };

/**
 * The checkouts this browser stored, each read from the API (GET /api/orders/{n}?token=)
 * once the page has mounted; `retryFailed` reads the failed ones again. Plain React state,
 * not TanStack Query: this page does not load it (issue 27).
 */
function useStoredCheckouts() {
  // Browser storage only: nothing to read until the page has mounted.
  const [stored, setStored] = useState<StoredOrder[] | null>(null);
  const [reads, setReads] = useState<ReadonlyMap<string, CheckoutRead>>(new Map());

  const read = useCallback(async (orders: StoredOrder[]) => {
    const record = (entries: [string, CheckoutRead][]) =>
      setReads((previous) => new Map([...previous, ...entries]));
    record(orders.map((order) => [order.orderNumber, { status: "pending" }]));
    const results = await Promise.allSettled(
      orders.map((order) => fetchCheckoutOrders(order.orderNumber, order.token)),
    );
    record(
      results.map((result, i) => [
        orders[i].orderNumber,
        result.status === "fulfilled"
          ? { status: "loaded", checkout: result.value }
          : { status: "failed" },
      ]),
    );
    // A checkout the server no longer knows (404) is dropped quietly from the list.
    const gone = orders.filter((_, i) => {
      const result = results[i];
      return result.status === "fulfilled" && result.value === null;
    });
    forgetOrders(gone.map((order) => order.orderNumber));
  }, []);

  useEffect(() => {
    const orders = readStoredOrders();
    setStored(orders);
    void read(orders);
  }, [read]);

  const checkouts =
    stored?.map((order) => ({
      order,
      read: reads.get(order.orderNumber) ?? ({ status: "pending" } as const),
    })) ?? null;
  const retryFailed = () =>
    void read((checkouts ?? []).filter((c) => c.read.status === "failed").map((c) => c.order));
  return { checkouts, retryFailed };
}

/** The orders this browser placed (issue 10), kept in its storage like the cart id. */
export default function Orders() {
  const { checkouts, retryFailed } = useStoredCheckouts();

  let content;
  if (checkouts === null || checkouts.some(({ read }) => read.status === "pending")) {
    content = <OrdersSkeleton count={Math.max(1, checkouts?.length ?? 1)} />;
  } else {
    const shown = checkouts.filter(
      ({ read }) => !(read.status === "loaded" && read.checkout === null),
    );
    const failed = shown.filter(({ read }) => read.status === "failed");
    const loaded = shown.flatMap(({ order, read }) =>
      read.status === "loaded" && read.checkout ? [{ order, checkout: read.checkout }] : [],
    );
    if (shown.length === 0) {
      content = <EmptyState kind="orders" />;
    } else {
      content = (
        <div className="flex flex-col gap-4">
          {failed.length > 0 && (
            <div
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800"
            >
              <p>
                {failed.length === 1
                  ? "No se pudo cargar uno de tus pedidos."
                  : `No se pudieron cargar ${failed.length} de tus pedidos.`}
              </p>
              <Button variant="outline" className="mt-3" onClick={retryFailed}>
                Reintentar
              </Button>
            </div>
          )}
          <ul className="flex flex-col gap-4">
            {loaded.map(({ order, checkout }) => (
              <li key={order.orderNumber}>
                <OrderSummaryCard checkout={checkout} href={orderPath(order)} />
              </li>
            ))}
          </ul>
        </div>
      );
    }
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Mis pedidos</h1>
        {/* Orders placed in another browser, or forgotten here, are found by number and e-mail. */}
        <Link
          to="/orders/buscar"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <Search aria-hidden className="size-4" />
          Buscar mi pedido
        </Link>
      </div>
      {/* As tall as the empty state: the server's skeleton turning into it moves nothing below. */}
      <div className="min-h-[21rem]">{content}</div>
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  other: {
    title: "Algo salió mal",
    text: "No pudimos mostrar tus pedidos. Intenta de nuevo en un momento.",
  },
});

function OrdersSkeleton({ count }: { count: number }) {
  return (
    <div aria-busy="true" aria-label="Cargando tus pedidos" className="flex flex-col gap-4">
      {Array.from({ length: Math.min(count, 3) }, (_, i) => (
        <Skeleton key={i} className="h-36 w-full" />
      ))}
    </div>
  );
}
