import { useEffect, useMemo, useState } from "react";
import type { MetaDescriptor } from "react-router";
import type { MerchantDto, ProductDto } from "../../../shared/api-types";
import { favoritesFromCookie } from "../../../shared/favorites-cookie";
import { EmptyState } from "../../components/layout/empty-state";
import {
  MerchantGrid,
  merchantCardData,
  type MerchantCardData,
} from "../../components/catalogue/merchant-card";
import { PageHeader } from "../../components/layout/page-header";
import {
  ProductGrid,
  productCardData,
  type ProductCardData,
} from "../../components/catalogue/product-card";
import { Skeleton } from "../../components/ui/skeleton";
import { apiRequest, errorCode } from "../../lib/api";
import {
  dropFavorites,
  syncFavoritesCookie,
  useFavorites,
  type Favorite,
} from "../../lib/favorites";
import { pageMeta, publicUrlOf } from "../../lib/seo";
import type { Route } from "./+types/favorites";

interface Loaded {
  merchants: MerchantCardData[];
  products: ProductCardData[];
}

/** What the server read of the favourites in the cookie; `gone` are those that no longer exist. */
interface FromServer extends Loaded {
  gone: Favorite[];
}

/**
 * The favourites of the cookie that mirrors this browser's storage (issue 27), read in two
 * statements whatever their number. `server` is null when the browser alone knows them (a
 * list too long for the cookie, or a failed read: the page then fetches them, as before).
 * No cookie is no favourites: the empty state.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const now = new Date().toISOString();
  const saved = favoritesFromCookie(request.headers.get("cookie")) ?? [];
  if (saved === "too-many") return { server: null, now };
  const slugsOf = (kind: Favorite["kind"]) =>
    saved.filter((f) => f.kind === kind).map((f) => f.slug);
  try {
    const [merchants, products] = await Promise.all([
      context.services.merchants.listPublicBySlugs(slugsOf("merchant")),
      context.services.products.listPublicBySlugs(slugsOf("product")),
    ]);
    const server: FromServer = {
      merchants: merchants.items.map(merchantCardData),
      products: products.items.map(productCardData),
      gone: [
        ...merchants.gone.map((slug) => ({ kind: "merchant" as const, slug })),
        ...products.gone.map((slug) => ({ kind: "product" as const, slug })),
      ],
    };
    return { server, now };
  } catch {
    // The page must not fail for its list: the browser fetches it.
    return { server: null, now };
  }
}

export function meta({ matches }: Route.MetaArgs): MetaDescriptor[] {
  return pageMeta({
    publicUrl: publicUrlOf(matches),
    path: "/favorites",
    title: "Mis favoritos",
    description: "Los comercios y productos que guardaste en este navegador.",
    noindex: true,
  });
}

/** One saved item from its public API: null when it no longer exists ("not_found"), so it is dropped. */
async function fetchFavorite(favorite: Favorite): Promise<MerchantDto | ProductDto | null> {
  const path = favorite.kind === "merchant" ? "merchants" : "products";
  return apiRequest<MerchantDto | ProductDto>(
    "GET",
    `/api/${path}/${encodeURIComponent(favorite.slug)}`,
  ).catch((error: unknown) => {
    if (errorCode(error) === "not_found") return null;
    throw error;
  });
}

const keyOf = (f: Favorite) => `${f.kind}:${f.slug}`;

/**
 * The server's answer for each favourite it read, by kind and slug: its card, or null when
 * it is gone. Favourites saved here since (in another tab) are in neither.
 */
function answersOf(server: FromServer) {
  const gone = (kind: Favorite["kind"]) =>
    server.gone.filter((f) => f.kind === kind).map((f) => [f.slug, null] as const);
  return {
    merchant: new Map<string, MerchantCardData | null>([
      ...server.merchants.map((m) => [m.slug, m] as const),
      ...gone("merchant"),
    ]),
    product: new Map<string, ProductCardData | null>([
      ...server.products.map((p) => [p.slug, p] as const),
      ...gone("product"),
    ]),
  };
}

/** Storage's favourites, in its order, from the server's answers. */
function shownFrom(answers: ReturnType<typeof answersOf>, favorites: readonly Favorite[]): Loaded {
  const cards = <Card,>(answered: Map<string, Card | null>, kind: Favorite["kind"]) =>
    favorites.flatMap((f) => (f.kind === kind ? (answered.get(f.slug) ?? []) : []));
  return {
    merchants: cards(answers.merchant, "merchant"),
    products: cards(answers.product, "product"),
  };
}

/**
 * /favorites (issue 12): the merchants and products saved with the heart in this browser.
 * The server paints them from the cookie that mirrors storage (issue 27), and the hydration
 * render is the server's (useFavorites is null then). Once hydrated, storage decides: while
 * the server read every favourite saved here, its cards in storage's order, without a
 * request (a heart removed here goes at once); otherwise each favourite from the public
 * APIs, as before the cookie. Those that disappeared are dropped quietly.
 */
export default function Favorites({ loaderData }: Route.ComponentProps) {
  const { server, now } = loaderData;
  const favorites = useFavorites();
  const answers = useMemo(() => (server ? answersOf(server) : null), [server]);
  const [fetched, setFetched] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const key = favorites?.map(keyOf).join("|");
  const fromServer =
    answers !== null && (favorites ?? []).every((f) => answers[f.kind].has(f.slug));
  const mustFetch = favorites !== null && !fromServer;

  useEffect(() => {
    // The cookie follows storage from now on: favourites saved before it existed, a lost cookie.
    if (server) dropFavorites(server.gone);
    syncFavoritesCookie();
  }, [server]);

  useEffect(() => {
    if (!mustFetch) return;
    let cancelled = false;
    Promise.all(favorites.map(fetchFavorite)).then(
      (found) => {
        if (cancelled) return;
        dropFavorites(favorites.filter((_, i) => found[i] === null));
        setFetched({
          merchants: found.filter(
            (item, i): item is MerchantDto => item !== null && favorites[i].kind === "merchant",
          ),
          products: found.filter(
            (item, i): item is ProductDto => item !== null && favorites[i].kind === "product",
          ),
        });
        setFailed(false);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
    // `key` stands for the list's content: a new array with the same items needs no refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, mustFetch]);

  // Before hydration the server's list; then storage's, so a heart just removed goes at once.
  const shown: Loaded | null = mustFetch
    ? fetched
    : answers && favorites
      ? shownFrom(answers, favorites)
      : server;
  const count = (shown?.merchants.length ?? 0) + (shown?.products.length ?? 0);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title="Mis favoritos"
        summary="Guardados en este navegador: no necesitas una cuenta."
      />
      {server === null && (
        // Only the browser knows this list (too long for the cookie, or not read).
        <noscript>
          <p className="text-stone-700">Activa JavaScript para ver tus favoritos guardados.</p>
        </noscript>
      )}
      {failed && mustFetch ? (
        <p role="alert" className="text-stone-800">
          No pudimos cargar tus favoritos. Revisa tu conexión e intenta de nuevo.
        </p>
      ) : shown === null && favorites?.length !== 0 ? (
        <div aria-hidden className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : count === 0 ? (
        <EmptyState kind="favorites" />
      ) : (
        <div className="space-y-10">
          {shown!.merchants.length > 0 && (
            <section aria-labelledby="favoritos-comercios">
              <h2 id="favoritos-comercios" className="mb-4 text-xl font-semibold text-stone-900">
                Comercios
              </h2>
              <MerchantGrid merchants={shown!.merchants} now={now} />
            </section>
          )}
          {shown!.products.length > 0 && (
            <section aria-labelledby="favoritos-productos">
              <h2 id="favoritos-productos" className="mb-4 text-xl font-semibold text-stone-900">
                Productos
              </h2>
              <ProductGrid products={shown!.products} />
            </section>
          )}
        </div>
      )}
    </div>
  );
}
