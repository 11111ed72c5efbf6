import { SiteLink } from "../layout/site-link";
import type { ProductDto } from "../../../shared/api-types";
import { DEFAULT_PRODUCT_IMAGE } from "../../../shared/limits";
import { formatPrice } from "../../../shared/money";
import { ResponsiveImage } from "./responsive-image";
import { Skeleton } from "../ui/skeleton";
import { StarRating } from "../ui/star-rating";
import { FavoriteButton } from "./favorite-button";

/**
 * A product's card data; search results lack the seller and rating, which are then left out.
 * Issue 36: `available: false` shows 'Agotado'; `priceFrom` (a product with variants) shows
 * its price as 'Desde $X'.
 */
export type ProductCardData = Pick<ProductDto, "slug" | "name" | "imageUrl" | "price"> &
  Partial<Pick<ProductDto, "rating" | "reviewCount" | "merchantName" | "available">> & {
    priceFrom?: boolean;
  };

/**
 * Only what a card shows, for a loader's list: a product's description, images and ids would
 * be serialised into the page and sent for nothing (issue 13).
 */
export function productCardData(
  product: ProductCardData & Partial<Pick<ProductDto, "options">>,
): ProductCardData {
  const { slug, name, imageUrl, price, rating, reviewCount, merchantName, available } = product;
  return {
    slug,
    name,
    imageUrl,
    price,
    ...(rating !== undefined && { rating }),
    ...(reviewCount !== undefined && { reviewCount }),
    ...(merchantName !== undefined && { merchantName }),
    ...(available === false && { available }),
    ...((product.priceFrom || (product.options?.length ?? 0) > 0) && { priceFrom: true }),
  };
}

/** 'Desde $12.00' for a product with variants (its lowest available price), else '$12.00'. */
export function productPriceLabel(product: Pick<ProductCardData, "price" | "priceFrom">): string {
  return product.priceFrom ? `Desde ${formatPrice(product.price)}` : formatPrice(product.price);
}

/** A product in a grid: picture, name, seller, price and rating. */
export function ProductCard({
  product,
  priority = false,
  headingLevel = "h3",
}: {
  product: ProductCardData;
  priority?: boolean;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm transition hover:shadow-md">
      {/* Above the card's covering link, so pressing the heart does not open the product. */}
      <div className="absolute top-2 right-2 z-10">
        <FavoriteButton kind="product" slug={product.slug} name={product.name} />
      </div>
      {product.available === false && (
        <span className="absolute top-2 left-2 z-10 rounded-md bg-stone-800 px-2 py-0.5 text-xs font-semibold text-white">
          Agotado
        </span>
      )}
      <div className="aspect-square overflow-hidden bg-stone-100">
        <ResponsiveImage
          src={product.imageUrl}
          alt=""
          width={400}
          height={400}
          sizes="(min-width: 1280px) 16vw, (min-width: 1024px) 20vw, (min-width: 768px) 25vw, (min-width: 640px) 33vw, 50vw"
          priority={priority}
          fallbackSrc={DEFAULT_PRODUCT_IMAGE}
          className="size-full transition-transform group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Heading className="line-clamp-2 text-sm leading-snug font-semibold text-stone-900">
          <SiteLink
            to={`/products/${product.slug}`}
            className="after:absolute after:inset-0 group-hover:text-brand-700"
          >
            {product.name}
          </SiteLink>
        </Heading>
        {product.merchantName && (
          <p className="line-clamp-1 text-xs text-stone-600">{product.merchantName}</p>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-1 pt-1">
          <span className="font-bold text-brand-800">{productPriceLabel(product)}</span>
          {product.rating !== undefined && (
            <StarRating rating={product.rating} reviewCount={product.reviewCount} />
          )}
        </div>
      </div>
    </article>
  );
}

/** Shared by the grid and its skeleton, so nothing moves when the data arrives. */
const PRODUCT_GRID =
  "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6";

/** Products 2 to 6 per row by screen width (spec §2); the first row loads eagerly when asked. */
export function ProductGrid({
  products,
  eagerCount = 0,
  headingLevel,
}: {
  products: ProductCardData[];
  /** How many leading pictures are above the fold (loaded with priority). */
  eagerCount?: number;
  headingLevel?: "h2" | "h3";
}) {
  return (
    <ul className={`${PRODUCT_GRID} cards-render-near-screen`}>
      {products.map((product, i) => (
        <li key={product.slug}>
          <ProductCard product={product} priority={i < eagerCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** Grey stand-ins for a product grid that is loading. */
export function ProductGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul aria-hidden className={PRODUCT_GRID}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-lg border border-stone-200 bg-white">
          <Skeleton className="aspect-square rounded-none" />
          <div className="space-y-2 p-3">
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}
