import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { ArrowRight } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { data, Link, redirect, type MetaDescriptor } from "react-router";
import {
  CART_SESSION_COOKIE,
  cartSessionIdFromCookie,
  newCartSessionId,
} from "../../../shared/cart-session-id";
import { ApiError } from "../../lib/api";
import { CartDelivery } from "../../components/cart-checkout/cart-delivery";
import { CartLines } from "../../components/cart-checkout/cart-lines";
import { CartMinimums } from "../../components/cart-checkout/cart-minimums";
import { ClearCartButton } from "../../components/cart-checkout/clear-cart-button";
import { EmptyState } from "../../components/layout/empty-state";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { useClearCart, useRemoveCartLine, useUpdateCartLine } from "../../lib/cart-api";
import { cartItemCount, serverCartOf, useCart } from "../../lib/cart-store";
import { pageMeta, publicUrlOf } from "../../lib/seo";
import { toast } from "../../lib/toast";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/cart";
import { plural } from "../../../shared/plural";

export function meta({ matches }: Route.MetaArgs): MetaDescriptor[] {
  return pageMeta({
    publicUrl: publicUrlOf(matches),
    path: "/cart",
    title: "Mi carrito",
    description:
      "Los productos que elegiste, agrupados por comercio, listos para finalizar tu pedido.",
    noindex: true,
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  // Card payment is promised only when Wompi is configured (issue 25).
  const { cardPayment } = await context.services.checkout.options();
  // The cart of the cookie that mirrors the browser's id, so the lines (or the empty state)
  // are in the server's HTML (issue 27); personal, so never kept (PERSONAL_PATHS).
  const cart = await serverCartOf(request, context.services.cart);
  // Issue 36: each merchant's minimum order, for 'Te faltan $X para el pedido mínimo de $Y'.
  const minimums: Record<string, string> = {};
  if (cart?.lines?.length) {
    const options = await context.services.checkout.cartOptions(cart.sessionId);
    for (const m of options.merchants ?? []) {
      if (m.minimumOrder) minimums[String(m.id)] = m.minimumOrder;
    }
  }
  return { cardPayment, cart, minimums };
}

// The confirmation's dialog (Radix Dialog, ~15 KB) loads after the first paint, fetched on
// mount when the cart has lines; until then, and in the server's HTML, its button shows
// disabled (issue 27).
const loadClearCartDialog = () => import("../../components/cart-checkout/clear-cart-dialog");
const ClearCartDialog = lazy(() =>
  loadClearCartDialog().then((m) => ({ default: m.ClearCartDialog })),
);

const changeFailed = (error: unknown) => {
  // 'Solo quedan 4 de …' (issue 36): the server's words when it refused the change.
  const said =
    error instanceof ApiError && (error.status === 409 || error.status === 400)
      ? error.serverMessage
      : undefined;
  toast({
    title: "Error",
    description: said ?? "No se pudo actualizar el carrito. Inténtalo de nuevo.",
    variant: "destructive",
  });
};

/**
 * Issue 36: 'Agregar al carrito' without JavaScript (the product page's form posts here):
 * adds the line to the cart of the cookie that mirrors the browser's id, or to a new cart
 * whose id the answer's cookie keeps, then shows the cart. A refusal ('Solo quedan…',
 * 'Elige una opción…') is shown above the cart.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const numberOf = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : undefined;
  };
  const existing = cartSessionIdFromCookie(request.headers.get("cookie"));
  const sessionId = existing ?? newCartSessionId();
  const headers = new Headers();
  if (!existing) {
    const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
    headers.append(
      "set-cookie",
      `${CART_SESSION_COOKIE}=${sessionId}; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax${secure}`,
    );
  }
  const variantId = numberOf("variantId");
  try {
    await context.services.cart.add(sessionId, {
      productId: numberOf("productId") ?? 0,
      quantity: numberOf("quantity") ?? 1,
      ...(variantId === undefined ? {} : { variantId }),
    });
  } catch (error) {
    // A refusal arrives as the API's answer (server/http/web-app.ts, errorAsResponse).
    if (error instanceof Response && error.status < 500) {
      const body = (await error.json()) as { message?: string };
      return data({ addError: body.message ?? "No se pudo agregar el producto" }, { headers });
    }
    throw error;
  }
  return redirect("/cart", { headers });
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  // This tab's cart, shared with the header's badge (lib/cart-store.ts), first the loader's.
  const cart = useCart(loaderData.cart);
  // The dialog's code is fetched once there are lines to clear (an empty cart needs none).
  const hasLines = cart.lines.length > 0;
  useEffect(() => {
    if (hasLines) void loadClearCartDialog();
  }, [hasLines]);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // Each change is pending until the cart has been read again (spec §4).
  const update = useUpdateCartLine({ onError: changeFailed });
  const remove = useRemoveCartLine({ onError: changeFailed });
  const clear = useClearCart({ onSuccess: () => setConfirmOpen(false), onError: changeFailed });

  const items = cart.lines;
  const count = cartItemCount(items);
  const busy = update.isPending || remove.isPending || clear.isPending;

  let content;
  if (cart.status === "loading") {
    content = <CartSkeleton />;
  } else if (cart.status === "error") {
    content = (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-800">
        <p>No se pudo cargar tu carrito.</p>
        <Button variant="outline" className="mt-4" onClick={() => void cart.reload()}>
          Reintentar
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    content = <EmptyState kind="cart" />;
  } else {
    content = (
      <>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-stone-700">
            {count} {plural(count, "artículo", "artículos")} en tu carrito
          </p>
          {hydrated ? (
            <Suspense fallback={<ClearCartButton disabled />}>
              <ClearCartDialog
                open={confirmOpen}
                onOpenChange={setConfirmOpen}
                disabled={busy}
                clearing={clear.isPending}
                onConfirm={() => void clear.run()}
              />
            </Suspense>
          ) : (
            <ClearCartButton disabled />
          )}
        </div>
        <CartDelivery merchants={items.map((item) => item.product)} />
        <CartMinimums items={items} minimums={loaderData.minimums} />
        <CartLines
          items={items}
          disabled={busy}
          onQuantityChange={(productId, quantity, variantId) =>
            void update.run({ productId, quantity, ...(variantId ? { variantId } : {}) })
          }
          onRemove={(productId, variantId) => void remove.run(productId, variantId)}
        />
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-stone-600">
            Cada comercio atiende su propio pedido y entrega. Al finalizar eliges si te lo llevan o
            lo recoges, y pagas como acepte cada comercio: efectivo al recibir, transferencia
            bancaria{loaderData.cardPayment ? ", tarjeta en línea" : ""} o el pago que acuerdes por
            WhatsApp.
          </p>
          <Button asChild size="lg" className="shrink-0">
            <Link to="/checkout">
              Finalizar pedido
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-10">
      <h1 className="mb-6 text-2xl font-bold text-stone-900 sm:text-3xl">Mi carrito</h1>
      {actionData?.addError && (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800"
        >
          {actionData.addError}
        </p>
      )}
      {content}
    </div>
  );
}

function CartSkeleton() {
  return (
    <div aria-busy="true" aria-label="Cargando carrito" className="flex flex-col gap-4">
      {[0, 1].map((group) => (
        <div key={group} className="rounded-lg border border-stone-200 bg-white p-4">
          <Skeleton className="h-5 w-1/3" />
          {[0, 1].map((row) => (
            <div key={row} className="mt-4 flex gap-3">
              <Skeleton className="size-20 shrink-0" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-4 w-1/4" />
                <Skeleton className="h-9 w-32" />
              </div>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary();
