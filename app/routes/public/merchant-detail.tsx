import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { data, type MetaDescriptor } from "react-router";
import type { MerchantDto } from "../../../shared/api-types";
import { PRODUCTS_PAGE_SIZE } from "../../../shared/limits";
import { dayRanges, parseSchedule, WEEKDAYS, type WeekSchedule } from "../../../shared/schedule";
import { pageWindow, queryOf } from "../../../shared/schemas/query";
import { productShelfPageQuery } from "../../../shared/schemas/list-queries";
import {
  ProductShelfFilters,
  shelfFiltersOnServer,
} from "../../components/catalogue/lazy-product-shelf-filters";
import { NO_SHELF_MATCH, shelfNarrows, withShelf } from "../../lib/product-shelf";
import { pageShelf } from "../../lib/page-shelf";
import { ContactButtons } from "../../components/catalogue/contact-buttons";
import { EmptyState } from "../../components/layout/empty-state";
import { JsonLd } from "../../components/catalogue/json-ld";
import { LazyReviewForm, WriteReviewTabTrigger } from "../../components/reviews/lazy-review-form";
import { DeliveryInfo } from "../../components/catalogue/delivery-info";
import { MerchantLegalIdentity } from "../../components/legal/merchant-legal-identity";
import { FavoriteButton } from "../../components/catalogue/favorite-button";
import { OpenNowBadge } from "../../components/catalogue/open-now-badge";
import { ShareButtons } from "../../components/catalogue/share-buttons";
import { svMoment } from "../../../shared/open-now";
import { PagedProductGrid } from "../../components/catalogue/paged-grid";
import { productCardData } from "../../components/catalogue/product-card";
import { ResponsiveImage } from "../../components/catalogue/responsive-image";
import { ReviewList, reviewListOnServer } from "../../components/reviews/lazy-review-list";
import { ScheduleTable } from "../../components/catalogue/schedule-table";
import { Badge } from "../../components/ui/badge";
import { buttonVariants } from "../../components/ui/button";
import { StarRating } from "../../components/ui/star-rating";
import { staticIcon } from "../../components/ui/static-icons";
import { PageTabs, PageTabsContent, PageTabsList, PageTabsTrigger } from "../../components/ui/tabs";
import { absoluteUrl, pageMeta, pageTitle, publicUrlOf, truncateDescription } from "../../lib/seo";
import type { Route } from "./+types/merchant-detail";
import { plural } from "../../../shared/plural";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  // The shelf's form and the reviews are rendered from their own modules (lazy-*.tsx).
  await Promise.all([shelfFiltersOnServer(), reviewListOnServer()]);
  const { merchants, products, reviews } = context.services;
  const merchant = await merchants.getPublic(params.merchantSlug);
  if (!merchant) throw data(null, { status: 404 });
  // ?page= pages the products tab, like /products; issue 36: its order and filters.
  const { page, ...parsed } = productShelfPageQuery.parse(queryOf(request.url));
  const shelf = pageShelf(parsed);
  // One round trip per service, the two lists side by side.
  const [productPage, merchantReviews, verifiedReviews] = await Promise.all([
    products.listPublic({
      merchantId: merchant.id,
      ...shelf,
      ...pageWindow(page, PRODUCTS_PAGE_SIZE),
    }),
    reviews.listPublic({ merchantId: merchant.id }),
    // Issue 37: how many of its published reviews are verified purchases.
    reviews.verifiedCount(merchant.id),
  ]);
  return {
    merchant,
    products: productPage.items.map(productCardData),
    productTotal: productPage.total,
    page,
    shelf,
    reviews: merchantReviews,
    verifiedReviews,
    publicUrl: context.config.publicUrl,
    // The server's clock for 'Abierto ahora', so the first client render matches the HTML.
    now: new Date().toISOString(),
  };
}

export function meta({ loaderData, matches, params }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) {
    return [
      { title: pageTitle("Comercio no encontrado") },
      { name: "robots", content: "noindex, follow" },
    ];
  }
  const { merchant } = loaderData;
  const publicUrl = loaderData.publicUrl || publicUrlOf(matches);
  const description = truncateDescription(merchant.description, 150);
  return withOpenGraph(
    pageMeta({
      publicUrl,
      path: `/merchants/${params.merchantSlug}${loaderData.page > 1 ? `?page=${loaderData.page}` : ""}`,
      title: merchant.name,
      description: merchant.description,
      // The banner cropped wide, else the logo on a plain background (shared/share-image.ts).
      image: merchant.imageUrl ?? merchant.logoUrl ?? undefined,
      imageShape: merchant.imageUrl ? "wide" : "logo",
      imageAlt: merchant.imageUrl
        ? merchant.name
        : merchant.logoUrl
          ? `Logo de ${merchant.name}`
          : undefined,
      type: "business.business",
    }),
    { "og:title": merchant.name, "og:description": description },
  );
}

// Built once (components/ui/static-icons.ts).
const PLACE_ICON = staticIcon("map-pin", "mt-0.5 size-4 shrink-0 text-brand-700");
const PRODUCTS_ICON = staticIcon("package", "size-4 shrink-0 text-brand-700");
const EXTERNAL_ICON = staticIcon("external-link");
const HOURS_ICON = staticIcon("clock", "size-4 text-brand-700");

export default function MerchantDetail({ loaderData }: Route.ComponentProps) {
  const {
    merchant,
    products,
    productTotal,
    page,
    shelf,
    reviews,
    verifiedReviews,
    publicUrl,
    now,
  } = loaderData;
  const place = [merchant.district, merchant.municipality, merchant.department]
    .filter(Boolean)
    .join(", ");
  const socials = socialLinks(merchant);
  const hasSchedule = merchant.schedule.trim() !== "";

  return (
    <div className="pb-12">
      <JsonLd data={localBusinessJsonLd(merchant, publicUrl)} />

      <div className="relative bg-stone-200">
        <ResponsiveImage
          src={merchant.imageUrl}
          alt=""
          width={1200}
          height={400}
          sizes="100vw"
          priority
          className="h-44 w-full object-cover sm:h-64 lg:h-80"
        />
      </div>

      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <header className="flex flex-col gap-3 pt-4 sm:flex-row sm:items-end sm:gap-5">
          {merchant.logoUrl && (
            <ResponsiveImage
              src={merchant.logoUrl}
              alt={`Logo de ${merchant.name}`}
              width={112}
              height={112}
              sizes="112px"
              className="relative z-10 -mt-14 size-20 shrink-0 rounded-full border-4 border-white bg-white shadow sm:-mt-16 sm:size-28"
            />
          )}
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{merchant.name}</h1>
              {merchant.isActive && <Badge variant="success">Activo</Badge>}
              {hasSchedule && (
                <OpenNowBadge
                  schedule={merchant.schedule}
                  temporarilyClosed={merchant.temporarilyClosed}
                  specialDates={merchant.specialDates}
                  initialNow={now}
                />
              )}
            </div>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-700">
              <StarRating rating={merchant.rating} showValue />
              <span>
                ({merchant.reviewCount} {plural(merchant.reviewCount, "reseña", "reseñas")})
              </span>
              {verifiedReviews > 0 && (
                <span data-testid="verified-reviews">
                  · {verifiedReviews}{" "}
                  {plural(verifiedReviews, "compra verificada", "compras verificadas")}
                </span>
              )}
            </p>
          </div>
        </header>

        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_20rem]">
          <div className="flex flex-col gap-4">
            <p className="whitespace-pre-line text-stone-800">{merchant.description}</p>
            <ul className="flex flex-col gap-2 text-sm text-stone-800">
              <li className="flex items-start gap-2">
                {PLACE_ICON}
                <span>
                  <a
                    href={mapsSearchUrl(merchant.address)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-brand-700 underline hover:text-brand-800"
                  >
                    {merchant.address}
                    <span className="sr-only"> (ver en el mapa, se abre en una pestaña nueva)</span>
                  </a>
                  {place && <span className="block text-stone-600">{place}</span>}
                </span>
              </li>
              <li className="flex items-center gap-2">
                {PRODUCTS_ICON}
                {productTotal}{" "}
                {plural(productTotal, "producto disponible", "productos disponibles")}
              </li>
            </ul>
            <DeliveryInfo merchant={merchant} today={svMoment(new Date(now)).date} />
            {/* Issue 37: who sells, as the consumer law asks an online shop to say. */}
            {(merchant.legalName || merchant.taxId) && (
              <MerchantLegalIdentity legalName={merchant.legalName} taxId={merchant.taxId} />
            )}
            <ContactButtons
              phone={merchant.phone}
              whatsapp={merchant.whatsapp}
              email={merchant.email}
              merchantId={merchant.id}
            />
            <div className="flex flex-wrap items-center gap-2">
              <FavoriteButton kind="merchant" slug={merchant.slug} name={merchant.name} withLabel />
              <ShareButtons
                name={merchant.name}
                url={absoluteUrl(publicUrl, `/merchants/${merchant.slug}`)}
              />
            </div>
            {(socials.length > 0 || merchant.website) && (
              <div className="flex flex-wrap items-center gap-2 text-sm">
                {socials.length > 0 && (
                  <span className="font-medium text-stone-800">Síguenos en:</span>
                )}
                {socials.map((social) => (
                  <a
                    key={social.label}
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonVariants({ variant: "outline", size: "sm" })}
                  >
                    {social.label}
                    {EXTERNAL_ICON}
                  </a>
                ))}
                {merchant.website && safeHref(merchant.website) && (
                  <a
                    href={safeHref(merchant.website)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-brand-700 underline hover:text-brand-800"
                  >
                    Sitio web
                  </a>
                )}
              </div>
            )}
          </div>

          {hasSchedule && (
            <aside className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
              <h2 className="mb-2 flex items-center gap-2 font-semibold text-stone-900">
                {HOURS_ICON}
                Horario de atención
              </h2>
              <ScheduleTable schedule={merchant.schedule} />
            </aside>
          )}
        </div>

        <PageTabs defaultValue="products" className="mt-10">
          <PageTabsList aria-label="Secciones del comercio">
            <PageTabsTrigger value="products">Productos ({productTotal})</PageTabsTrigger>
            <PageTabsTrigger value="reviews">Reseñas ({reviews.total})</PageTabsTrigger>
            <WriteReviewTabTrigger value="write-review" />
          </PageTabsList>
          <PageTabsContent value="products">
            {(products.length > 0 || shelfNarrows(shelf)) && (
              <ProductShelfFilters className="mb-6" shelf={shelf} />
            )}
            {products.length > 0 ? (
              // Below the fold: no picture is loaded with priority.
              <PagedProductGrid
                products={products}
                page={page}
                total={productTotal}
                search={withShelf(new URLSearchParams(), shelf)}
                eagerCount={0}
                headingLevel="h3"
              />
            ) : shelfNarrows(shelf) ? (
              <EmptyState
                kind="products"
                description={NO_SHELF_MATCH}
                action={{ label: "Quitar filtros", to: `/merchants/${merchant.slug}` }}
              />
            ) : productTotal > 0 ? (
              <EmptyState
                kind="products"
                description="Esta página no tiene productos. Vuelve a la primera página."
                action={{
                  label: "Ir a la primera página",
                  to: `/merchants/${merchant.slug}`,
                }}
              />
            ) : (
              <p className="rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center text-stone-600">
                Este comercio aún no tiene productos disponibles.
              </p>
            )}
          </PageTabsContent>
          {/* Mounted from the start, so the reviews are in the server HTML. */}
          <PageTabsContent value="reviews" forceMount className="data-[state=inactive]:hidden">
            <ReviewList
              merchantId={merchant.id}
              initialPage={reviews}
              rating={merchant.rating}
              merchantName={merchant.name}
              verifiedFilter
            />
          </PageTabsContent>
          <PageTabsContent value="write-review">
            <div className="max-w-2xl rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
              <LazyReviewForm merchantId={merchant.id} />
            </div>
          </PageTabsContent>
        </PageTabs>
      </div>
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  notFound: { title: "Comercio no encontrado", text: "El comercio que buscas no existe." },
  other: {
    title: "Algo salió mal",
    text: "No pudimos cargar este comercio. Intenta de nuevo en un momento.",
  },
  link: { to: "/merchants", label: "Ver comercios" },
});

// Helpers of this page.

/** A plain link to a maps search: nothing loads from the map service until it is followed. */
function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** Only http(s) links leave the page; anything else stored by mistake is dropped. */
function safeHref(url: string | null): string | undefined {
  return url && /^https?:\/\//i.test(url) ? url : undefined;
}

function socialLinks(merchant: MerchantDto): { label: string; href: string }[] {
  const links: [string, string | null][] = [
    ["Facebook", merchant.facebook],
    ["Instagram", merchant.instagram],
    ["TikTok", merchant.tiktok],
    ["LinkedIn", merchant.linkedin],
  ];
  return links.flatMap(([label, url]) => {
    const href = safeHref(url);
    return href ? [{ label, href }] : [];
  });
}

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

const SCHEMA_DAYS: Record<(typeof WEEKDAYS)[number], string> = {
  monday: "https://schema.org/Monday",
  tuesday: "https://schema.org/Tuesday",
  wednesday: "https://schema.org/Wednesday",
  thursday: "https://schema.org/Thursday",
  friday: "https://schema.org/Friday",
  saturday: "https://schema.org/Saturday",
  sunday: "https://schema.org/Sunday",
};

function openingHours(week: WeekSchedule | null) {
  if (!week) return undefined;
  // One specification per opening: a split day (issue 36) gives two for its weekday.
  const specs = WEEKDAYS.flatMap((day) =>
    dayRanges(week[day]).map((range) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: SCHEMA_DAYS[day],
      opens: range.open ?? "00:00",
      closes: range.close ?? "23:59",
    })),
  );
  return specs.length > 0 ? specs : undefined;
}

function localBusinessJsonLd(merchant: MerchantDto, publicUrl: string) {
  const url = absoluteUrl(publicUrl, `/merchants/${merchant.slug}`);
  const images = [merchant.imageUrl, merchant.logoUrl]
    .filter((src): src is string => Boolean(src))
    .map((src) => absoluteUrl(publicUrl, src));
  const sameAs = [...socialLinks(merchant).map((s) => s.href), safeHref(merchant.website)].filter(
    Boolean,
  );
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": url,
    name: merchant.name,
    description: merchant.description,
    url,
    image: images.length > 0 ? images : undefined,
    telephone: merchant.phone,
    email: merchant.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: merchant.address,
      addressLocality: merchant.municipality ?? undefined,
      addressRegion: merchant.department ?? undefined,
      addressCountry: "SV",
    },
    aggregateRating:
      merchant.reviewCount > 0
        ? {
            "@type": "AggregateRating",
            ratingValue: merchant.rating,
            reviewCount: merchant.reviewCount,
            bestRating: 5,
            worstRating: 1,
          }
        : undefined,
    openingHoursSpecification: openingHours(parseSchedule(merchant.schedule)),
    sameAs: sameAs.length > 0 ? sameAs : undefined,
  };
}
