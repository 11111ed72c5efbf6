import { useEffect, useState } from "react";
import type { MetaDescriptor } from "react-router";
import type { MerchantDto, ProductDto } from "../../../shared/api-types";
import { EmptyState } from "../../components/layout/empty-state";
import { MerchantGrid } from "../../components/catalogue/merchant-card";
import { PageHeader } from "../../components/layout/page-header";
import { ProductGrid } from "../../components/catalogue/product-card";
import { Skeleton } from "../../components/ui/skeleton";
import { apiRequest, errorCode } from "../../lib/api";
import { dropFavorites, useFavorites, type Favorite } from "../../lib/favorites";
import { pageMeta, publicUrlOf } from "../../lib/seo";
import type { Route } from "./+types/favorites";

export function meta({ matches }: Route.MetaArgs): MetaDescriptor[] {
  return pageMeta({
    publicUrl: publicUrlOf(matches),
    path: "/favorites",
    title: "Mis favoritos",
    description: "Los comercios y productos que guardaste en este navegador.",
    noindex: true,
  });
}

interface Loaded {
  merchants: MerchantDto[];
  products: ProductDto[];
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

/**
 * /favorites (issue 12): the merchants and products saved with the heart, read from this
 * browser's storage and fetched from the public APIs; those that disappeared are dropped
 * quietly. Storage is only in the browser, so the list needs JavaScript.
 */
export default function Favorites() {
  const favorites = useFavorites();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const key = favorites?.map((f) => `${f.kind}:${f.slug}`).join("|");

  useEffect(() => {
    if (!favorites) return;
    let cancelled = false;
    Promise.all(favorites.map(fetchFavorite)).then(
      (found) => {
        if (cancelled) return;
        dropFavorites(favorites.filter((_, i) => found[i] === null));
        setLoaded({
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
  }, [key]);

  const count = (loaded?.merchants.length ?? 0) + (loaded?.products.length ?? 0);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title="Mis favoritos"
        summary="Guardados en este navegador: no necesitas una cuenta."
      />
      <noscript>
        <p className="text-stone-700">Activa JavaScript para ver tus favoritos guardados.</p>
      </noscript>
      {failed ? (
        <p role="alert" className="text-stone-800">
          No pudimos cargar tus favoritos. Revisa tu conexión e intenta de nuevo.
        </p>
      ) : favorites === null || (favorites.length > 0 && loaded === null) ? (
        <div aria-hidden className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : favorites.length === 0 || count === 0 ? (
        <EmptyState kind="favorites" />
      ) : (
        <div className="space-y-10">
          {loaded!.merchants.length > 0 && (
            <section aria-labelledby="favoritos-comercios">
              <h2 id="favoritos-comercios" className="mb-4 text-xl font-semibold text-stone-900">
                Comercios
              </h2>
              <MerchantGrid merchants={loaded!.merchants} />
            </section>
          )}
          {loaded!.products.length > 0 && (
            <section aria-labelledby="favoritos-productos">
              <h2 id="favoritos-productos" className="mb-4 text-xl font-semibold text-stone-900">
                Productos
              </h2>
              <ProductGrid products={loaded!.products} />
            </section>
          )}
        </div>
      )}
    </div>
  );
}
