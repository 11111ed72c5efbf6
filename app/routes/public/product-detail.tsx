import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { data, type MetaDescriptor } from "react-router";
import type { MerchantDto, ProductDto } from "../../../shared/api-types";
import { centsToPrice, formatPrice, priceToCents } from "../../../shared/money";
import { FavoriteButton } from "../../components/catalogue/favorite-button";
import { ShareButtons } from "../../components/catalogue/share-buttons";
import { ContactButtons, ProductViewBeacon } from "../../components/catalogue/contact-buttons";
import { ImageGallery, galleryImages } from "../../components/catalogue/image-gallery";
import { JsonLd } from "../../components/catalogue/json-ld";
import {
  ProductPurchase,
  variantPurchaseOnServer,
} from "../../components/catalogue/product-purchase";
import { LazyReviewForm, WriteReviewTabTrigger } from "../../components/reviews/lazy-review-form";
import { ResponsiveImage } from "../../components/catalogue/responsive-image";
import { SiteLink } from "../../components/layout/site-link";
import { ReviewList, reviewListOnServer } from "../../components/reviews/lazy-review-list";
import { Card } from "../../components/ui/card";
import { StarRating } from "../../components/ui/star-rating";
import { PageTabs, PageTabsContent, PageTabsList, PageTabsTrigger } from "../../components/ui/tabs";
import { absoluteUrl, pageMeta, pageTitle, publicUrlOf, truncateDescription } from "../../lib/seo";
import type { Route } from "./+types/product-detail";
import { plural } from "../../../shared/plural";

export async function loader({ params, context }: Route.LoaderArgs) {
  // The reviews and a product's option pickers are rendered from their own modules.
  await Promise.all([reviewListOnServer(), variantPurchaseOnServer()]);
  const { products, reviews } = context.services;
  // The product and its seller in one statement; only a public seller's product is found.
  const found = await products.getPublicWithSeller(params.productSlug);
  if (!found) throw data(null, { status: 404 });
  const { product, seller: merchant } = found;
  const productReviews = await reviews.listPublic({ productId: product.id });
  return { product, merchant, reviews: productReviews, publicUrl: context.config.publicUrl };
}

export function meta({ loaderData, matches, params }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) {
    return [
      { title: pageTitle("Producto no encontrado") },
      { name: "robots", content: "noindex, follow" },
    ];
  }
  const { product, merchant } = loaderData;
  const publicUrl = loaderData.publicUrl || publicUrlOf(matches);
  // 'US$12.50 · Pupusería La Ceiba — Pupusas de queso con loroco…': price and seller first in previews.
  const description = truncateDescription(
    `${product.variants.length > 0 ? "Desde " : ""}US${formatPrice(product.price)}${product.available ? "" : " (agotado)"} · ${merchant.name} — ${product.description}`,
  );
  return [
    ...withOpenGraph(
      pageMeta({
        publicUrl,
        path: `/products/${params.productSlug}`,
        title: product.name,
        description,
        image: product.imageUrl || galleryImages(product.images, null)[0],
        imageShape: "square",
        imageAlt: product.name,
        type: "product",
      }),
      { "og:title": product.name, "og:description": description },
    ),
    { property: "product:price:amount", content: product.price },
    { property: "product:price:currency", content: "USD" },
  ];
}

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { product, merchant, reviews, publicUrl } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <JsonLd data={productJsonLd(product, merchant, publicUrl)} />

      <div className="grid gap-8 lg:grid-cols-2">
        <ImageGallery
          key={product.id}
          images={product.images}
          mainImage={product.imageUrl}
          alt={product.name}
        />

        <div className="flex flex-col gap-5">
          <div>
            <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{product.name}</h1>
            <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-stone-700">
              <StarRating rating={product.rating} showValue />
              <span>
                ({product.reviewCount} {plural(product.reviewCount, "reseña", "reseñas")})
              </span>
            </div>
          </div>

          {/* Issue 36: price, 'Disponible' / 'Agotado', the options and 'Agregar al carrito'. */}
          <ProductPurchase product={product} />

          {product.description && (
            <p className="whitespace-pre-line text-stone-800">{product.description}</p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <FavoriteButton kind="product" slug={product.slug} name={product.name} withLabel />
            <ShareButtons
              name={product.name}
              url={absoluteUrl(publicUrl, `/products/${product.slug}`)}
            />
          </div>

          <section aria-labelledby="contact-title" className="flex flex-col gap-2">
            <h2 id="contact-title" className="font-semibold text-stone-900">
              Contactar comercio
            </h2>
            <ContactButtons
              phone={merchant.phone}
              whatsapp={merchant.whatsapp}
              whatsappLabel="Comprar por WhatsApp"
              whatsappText={`Hola, me interesa el producto: ${product.name}`}
              merchantId={merchant.id}
              productId={product.id}
            />
            <ProductViewBeacon merchantId={merchant.id} productId={product.id} />
          </section>

          <SellerCard merchant={merchant} />
        </div>
      </div>

      <PageTabs defaultValue="reviews" className="mt-10">
        <PageTabsList aria-label="Reseñas del producto">
          <PageTabsTrigger value="reviews">Reseñas ({reviews.total})</PageTabsTrigger>
          <WriteReviewTabTrigger value="write-review" />
        </PageTabsList>
        <PageTabsContent value="reviews">
          <ReviewList
            productId={product.id}
            initialPage={reviews}
            rating={product.rating}
            merchantName={product.merchantName}
            verifiedFilter
          />
        </PageTabsContent>
        <PageTabsContent value="write-review">
          <div className="max-w-2xl rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
            <LazyReviewForm productId={product.id} />
          </div>
        </PageTabsContent>
      </PageTabs>
    </div>
  );
}

function SellerCard({ merchant }: { merchant: MerchantDto }) {
  return (
    <Card className="p-4">
      <h2 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">Vendido por</h2>
      <SiteLink
        to={`/merchants/${merchant.slug}`}
        className="group mt-3 flex items-start gap-3 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <ResponsiveImage
          src={merchant.logoUrl ?? merchant.imageUrl}
          alt=""
          width={64}
          height={64}
          sizes="64px"
          className="size-16 shrink-0 rounded-md"
        />
        <span className="min-w-0">
          <span className="block font-semibold text-brand-700 group-hover:underline">
            {merchant.name}
          </span>
          <span className="line-clamp-2 text-sm text-stone-700">{merchant.description}</span>
        </span>
      </SiteLink>
      <div className="mt-2 flex items-center gap-2 text-sm text-stone-700">
        <StarRating rating={merchant.rating} showValue />
        <span>
          ({merchant.reviewCount} {plural(merchant.reviewCount, "reseña", "reseñas")})
        </span>
      </div>
    </Card>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  notFound: { title: "Producto no encontrado", text: "El producto que buscas no existe." },
  other: {
    title: "Algo salió mal",
    text: "No pudimos cargar este producto. Intenta de nuevo en un momento.",
  },
  link: { to: "/products", label: "Ver productos" },
});

// Helpers of this page.

/** Replaces the content of some Open Graph tags of pageMeta (previews show the bare name). */
function withOpenGraph(
  tags: MetaDescriptor[],
  overrides: Record<string, string>,
): MetaDescriptor[] {
  return tags.map((tag) => {
    const property = "property" in tag ? tag.property : undefined;
    return typeof property === "string" && property in overrides
      ? { property, content: overrides[property] }
      : tag;
  });
}

/** One price, or for a product with variants the range of theirs (schema.org AggregateOffer). */
function offerPrice(product: ProductDto) {
  if (product.variants.length === 0) return { "@type": "Offer", price: product.price };
  const cents = product.variants.map((v) => priceToCents(v.price) ?? 0);
  return {
    "@type": "AggregateOffer",
    lowPrice: product.price,
    highPrice: centsToPrice(Math.max(...cents)),
    offerCount: product.variants.length,
  };
}

function productJsonLd(product: ProductDto, merchant: MerchantDto, publicUrl: string) {
  const url = absoluteUrl(publicUrl, `/products/${product.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": url,
    name: product.name,
    description: product.description,
    url,
    sku: String(product.id),
    image: galleryImages(product.images, product.imageUrl).map((src) =>
      absoluteUrl(publicUrl, src),
    ),
    offers: {
      ...offerPrice(product),
      url,
      priceCurrency: "USD",
      // Issue 36: what the page says, 'Disponible' or 'Agotado'.
      availability: product.available
        ? "https://schema.org/InStock"
        : "https://schema.org/OutOfStock",
      seller: {
        "@type": "LocalBusiness",
        name: merchant.name,
        url: absoluteUrl(publicUrl, `/merchants/${merchant.slug}`),
      },
    },
    aggregateRating:
      product.reviewCount > 0
        ? {
            "@type": "AggregateRating",
            ratingValue: product.rating,
            reviewCount: product.reviewCount,
            bestRating: 5,
            worstRating: 1,
          }
        : undefined,
  };
}
