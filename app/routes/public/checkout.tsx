import { ArrowLeft } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Link, type MetaDescriptor, useNavigate } from "react-router";
import type { CartItemDto } from "../../../shared/api-types";
import type {
  CheckoutDto,
  CheckoutMerchantOptionDto,
  CheckoutOptionsDto,
} from "../../../shared/checkout";
import { DEFAULT_PAYMENT_METHODS } from "../../../shared/order-life";
import type { PaymentMethod } from "../../../shared/schemas/checkout";
import { groupCartByMerchant } from "../../components/cart-checkout/cart-lines";
import { CheckoutSummary } from "../../components/cart-checkout/checkout-summary";
import { EmptyState } from "../../components/layout/empty-state";
import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { LoadingMascot } from "../../components/layout/loading-mascot";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { startNewCartSession } from "../../lib/cart-session";
import { serverCartOf, useCart, type ServerCart } from "../../lib/cart-store";
import { fetchCheckoutOptions } from "../../lib/checkout-api";
import { orderPath, parseOrderUrl, rememberOrder } from "../../lib/orders-storage";
import { pageTitle } from "../../lib/seo";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/checkout";

export async function loader({ context, request }: Route.LoaderArgs) {
  // Card payment only when Wompi is configured (issue 10); WhatsApp notices likewise (35).
  const { cardPayment, whatsappNotices } = await context.services.checkout.options();
  // The cart of the cookie that mirrors the browser's id and its merchants' options (what
  // GET /api/checkout/options?sessionId= answers), so the server paints the summary (issue
  // 27). Options not read: the browser asks for them, as it does after any change.
  const cart = await serverCartOf(request, context.services.cart);
  const options = cart?.lines?.length
    ? await context.services.checkout.cartOptions(cart.sessionId).catch(() => null)
    : null;
  return { cardAvailable: cardPayment, whatsappNotices: whatsappNotices === true, cart, options };
}

/** The cart's lines as the options answer them (their subtotals). */
const linesKey = (items: readonly CartItemDto[]) =>
  items.map((item) => `${item.productId}x${item.quantity}`).join(",");

interface OptionsRead {
  /** The cart these answers are of. */
  sessionId: string | null;
  /** The last answer, kept while the options are asked again (the form stays as it was). */
  data?: CheckoutOptionsDto;
  /** The lines `data` answers. */
  dataFor?: string;
  /** The last ask answered: its lines and its number (askAgain). */
  answered?: string;
  /** The last ask failed. */
  failed: boolean;
}

/**
 * The merchants' options for the lines on screen (GET /api/checkout/options?sessionId=):
 * asked again when the lines change (the subtotals do), and by `askAgain` ('Reintentar', a
 * 409). Plain React state, not TanStack Query, which this page does not load (issue 27).
 * The loader's answer for the loader's cart counts as the first ask (`server`).
 */
function useCheckoutOptions(
  sessionId: string | null,
  items: readonly CartItemDto[],
  server: { cart: ServerCart; options: CheckoutOptionsDto | null },
) {
  const lines = linesKey(items);
  const [asks, setAsks] = useState(0);
  const ask = `${lines}#${asks}`;
  const [read, setRead] = useState<OptionsRead>(() => {
    const { cart, options } = server;
    if (!cart?.lines || !options) return { sessionId: null, failed: false };
    const dataFor = linesKey(cart.lines);
    return {
      sessionId: cart.sessionId,
      data: options,
      dataFor,
      answered: `${dataFor}#0`,
      failed: false,
    };
  });
  // The server's answers are of its cart: none of the browser's when its id is another.
  const ours: OptionsRead = read.sessionId === sessionId ? read : { sessionId, failed: false };
  const answered = ours.answered === ask;
  useEffect(() => {
    if (!sessionId || lines === "" || answered) return;
    let current = true;
    const mine = (previous: OptionsRead): OptionsRead =>
      previous.sessionId === sessionId ? previous : { sessionId, failed: false };
    setRead((previous) => ({ ...mine(previous), failed: false }));
    fetchCheckoutOptions(sessionId).then(
      (data) =>
        current && setRead({ sessionId, data, dataFor: lines, answered: ask, failed: false }),
      () => current && setRead((previous) => ({ ...mine(previous), failed: true })),
    );
    return () => {
      current = false;
    };
  }, [sessionId, lines, ask, answered]);
  return {
    data: ours.data,
    isPending: !ours.data && !ours.failed,
    // A failed ask for these lines; a failed ask again for the same lines keeps the answer.
    isError: ours.failed && ours.dataFor !== lines,
    askAgain: () => setAsks((n) => n + 1),
  };
}

/**
 * The merchants as a server without issue 25's options describes them: the cart's groups,
 * serving by arrangement and taking what every merchant took before (DEFAULT_PAYMENT_METHODS).
 */
function merchantsOfCart(items: readonly CartItemDto[]): CheckoutMerchantOptionDto[] {
  return groupCartByMerchant(items).map((group) => ({
    id: group.merchantId,
    name: group.merchantName,
    fulfillment: null,
    deliveryArea: null,
    department: null,
    municipality: null,
    deliveryMunicipalities: [],
    deliveryFee: null,
    freeDeliveryFrom: null,
    deliveryFees: [],
    minimumOrder: null,
    paymentMethods: [...DEFAULT_PAYMENT_METHODS],
    temporarilyClosed: false,
    subtotal: group.subtotal,
  }));
}

/*
 * The form (react-hook-form, the zod schemas, the address fields: ~45 KB) is never in the
 * server's HTML, which paints the summary beside its stand-in: it loads after the first
 * paint, fetched on mount when the cart has lines, and shows once the page is hydrated
 * (issue 27).
 */
const loadCheckoutForm = () => import("../../components/cart-checkout/checkout-form");
const CheckoutForm = lazy(() => loadCheckoutForm().then((m) => ({ default: m.CheckoutForm })));

export function meta(_: Route.MetaArgs): MetaDescriptor[] {
  // Personal: never indexed, never in the sitemap, never cached (server/http/web-app.ts).
  return [{ title: pageTitle("Finalizar pedido") }, { name: "robots", content: "noindex" }];
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  // This tab's cart, shared with the header's badge (lib/cart-store.ts), first the loader's.
  const cart = useCart(loaderData.cart);
  // The form's code is fetched once there is something to order (an empty cart needs none).
  const hasLines = cart.lines.length > 0;
  useEffect(() => {
    if (hasLines) void loadCheckoutForm();
  }, [hasLines]);
  const { sessionId } = cart;
  const navigate = useNavigate();
  // Once placed, the emptied cart must not flash 'Tu carrito está vacío' before leaving.
  const [leaving, setLeaving] = useState<PaymentMethod | null>(null);

  const onPlaced = (result: CheckoutDto, method: PaymentMethod) => {
    const ref = parseOrderUrl(result.orderUrl);
    if (ref) rememberOrder(ref);
    setLeaving(method);
    // Issue 37 M2: a new cart id from now on (the server emptied the old cart); the badge
    // reads the new, empty cart.
    startNewCartSession();
    void cart.reload();
    if (method === "card" && result.paymentUrl) {
      window.location.assign(result.paymentUrl);
    } else if (ref) {
      void navigate(orderPath(ref));
    } else {
      window.location.assign(result.orderUrl);
    }
  };

  // While an attempt is open its orders may already exist and the cart be empty: the lines
  // being ordered stay on screen until a final answer (checkout-form.tsx).
  const [attemptItems, setAttemptItems] = useState<readonly CartItemDto[] | null>(null);
  const items = attemptItems ?? cart.lines;
  const options = useCheckoutOptions(sessionId, items, loaderData);
  const cartMerchants = useMemo(() => merchantsOfCart(items), [items]);
  let content;
  if (leaving) {
    content = (
      <div role="status" className="flex flex-col items-center gap-4 py-12 text-center">
        <LoadingMascot />
        <p className="text-stone-700">
          {leaving === "card"
            ? "Pedido creado. Te llevamos a la página de pago..."
            : "Pedido creado. Abriendo tu pedido..."}
        </p>
      </div>
    );
  } else if (!attemptItems && cart.status === "loading") {
    content = <CheckoutSkeleton />;
  } else if (!attemptItems && cart.status === "error") {
    content = (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-800">
        <p>No se pudo cargar tu carrito.</p>
        <Button variant="outline" className="mt-4" onClick={() => void cart.reload()}>
          Reintentar
        </Button>
      </div>
    );
  } else if (!sessionId || items.length === 0) {
    content = <EmptyState kind="cart" />;
  } else if (options.isPending) {
    content = <CheckoutSkeleton />;
  } else if (options.isError) {
    content = (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-800">
        <p>No se pudieron cargar las opciones de entrega y pago.</p>
        <Button variant="outline" className="mt-4" onClick={options.askAgain}>
          Reintentar
        </Button>
      </div>
    );
  } else {
    content = (
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="lg:order-2">
          <CheckoutSummary items={items} />
        </div>
        <Card className="p-4 sm:p-6 lg:order-1">
          {hydrated ? (
            <Suspense fallback={<Skeleton className="h-72 w-full" />}>
              <CheckoutForm
                sessionId={sessionId}
                cardAvailable={options.data?.cardPayment ?? loaderData.cardAvailable}
                merchants={options.data?.merchants ?? cartMerchants}
                whatsappNotices={options.data?.whatsappNotices ?? loaderData.whatsappNotices}
                onPlaced={onPlaced}
                onAttemptChange={(active) => {
                  setAttemptItems(active ? items : null);
                  // A 409 (a product gone, a merchant closed, the cart emptied elsewhere):
                  // show the cart and its merchants as they are now.
                  if (!active) {
                    void cart.reload();
                    options.askAgain();
                  }
                }}
              />
            </Suspense>
          ) : (
            <Skeleton className="h-72 w-full" />
          )}
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-10">
      <Link
        to="/cart"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Volver al carrito
      </Link>
      <h1 className="mb-6 text-2xl font-bold text-stone-900 sm:text-3xl">Finalizar pedido</h1>
      {content}
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  other: {
    title: "Algo salió mal",
    text: "No pudimos cargar la página para finalizar tu pedido. Intenta de nuevo en un momento.",
  },
  link: { to: "/cart", label: "Volver al carrito" },
});

function CheckoutSkeleton() {
  return (
    <div aria-busy="true" aria-label="Cargando tu pedido" className="flex flex-col gap-4">
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-72 w-full" />
    </div>
  );
}
