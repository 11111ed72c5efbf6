import { lazy, Suspense, type ComponentProps, type ReactNode } from "react";

/*
 * 'Califica tu compra' (issue 37) is only on a delivered order's page, and its stars and forms
 * would otherwise be on every order page's first load (issue 27's budget). As the shelf's form
 * does (lazy-product-shelf-filters.tsx): the server renders it from its module (the order
 * page's loader imports it, rateOrderOnServer, when an order is delivered) and the browser
 * hydrates it once its chunk has arrived.
 */
const loadRateOrder = () => import("./rate-order");

/** The module on the server, set by the order page's loader; always undefined in the browser. */
let serverRateOrder: Awaited<ReturnType<typeof loadRateOrder>> | undefined;

/** Called by the order page's loader, so that the server renders the section. */
export async function rateOrderOnServer(): Promise<void> {
  serverRateOrder ??= await loadRateOrder();
}

type Props = ComponentProps<Awaited<ReturnType<typeof loadRateOrder>>["RateOrder"]>;

/** A failed download (offline, a new deploy) leaves the order page as it is. */
function NoRateOrder(_props: Props): ReactNode {
  return null;
}

const LazyRateOrder = lazy(() =>
  loadRateOrder().then(
    (module): { default: (props: Props) => ReactNode } => ({ default: module.RateOrder }),
    () => ({ default: NoRateOrder }),
  ),
);

/** 'Califica tu compra' of the delivered orders (rate-order.tsx); nothing without one. */
export function RateOrder(props: Props) {
  if (!props.orders.some((order) => order.open)) return null;
  const Section = serverRateOrder?.RateOrder ?? LazyRateOrder;
  return (
    <Suspense fallback={null}>
      <Section {...props} />
    </Suspense>
  );
}
