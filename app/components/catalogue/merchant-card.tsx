import { SiteLink } from "../layout/site-link";
import type { MerchantDto } from "../../../shared/api-types";
import { countLabel } from "../../../shared/plural";
import { FavoriteButton } from "./favorite-button";
import { OpenNowBadge } from "./open-now-badge";
import { ResponsiveImage } from "./responsive-image";
import { Skeleton } from "../ui/skeleton";
import { StarRating } from "../ui/star-rating";
import { staticIcon } from "../ui/static-icons";

const PLACE_ICON = staticIcon("map-pin", "mt-0.5 size-4 shrink-0 text-brand-700");
const PRODUCTS_ICON = staticIcon("package", "size-4 shrink-0 text-brand-700");

export type MerchantCardData = Pick<
  MerchantDto,
  | "slug"
  | "name"
  | "description"
  | "imageUrl"
  | "logoUrl"
  | "address"
  | "department"
  | "municipality"
  | "rating"
  | "reviewCount"
  | "productCount"
  | "schedule"
> &
  Partial<Pick<MerchantDto, "temporarilyClosed" | "specialDates">>;

/**
 * Only what a card shows, for a loader's list: the rest of a merchant (contacts, social
 * links, ids…) would be serialised into the page and sent for nothing (issue 13).
 */
export function merchantCardData(merchant: MerchantCardData): MerchantCardData {
  const { slug, name, description, imageUrl, logoUrl, address, department, municipality } =
    merchant;
  const { rating, reviewCount, productCount, schedule, temporarilyClosed, specialDates } = merchant;
  return {
    slug,
    name,
    description,
    imageUrl,
    logoUrl,
    address,
    department,
    municipality,
    rating,
    reviewCount,
    productCount,
    schedule,
    ...(temporarilyClosed !== undefined && { temporarilyClosed }),
    ...(specialDates !== undefined && { specialDates }),
  };
}

/** Where a merchant is: its municipality or department, else its address. */
export function merchantPlace(
  merchant: Pick<MerchantDto, "address" | "department" | "municipality">,
) {
  return merchant.municipality ?? merchant.department ?? merchant.address;
}

/** A merchant in a list: picture, name, rating, place and 'N productos'. */
export function MerchantCard({
  merchant,
  priority = false,
  headingLevel = "h3",
  now,
}: {
  merchant: MerchantCardData;
  priority?: boolean;
  headingLevel?: "h2" | "h3";
  /** The loader's clock (ISO), so 'Abierto ahora' is in the server's HTML too. */
  now?: string;
}) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative aspect-[16/9] overflow-hidden bg-stone-100">
        <ResponsiveImage
          src={merchant.imageUrl}
          alt=""
          width={640}
          height={360}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          priority={priority}
          className="size-full transition-transform group-hover:scale-[1.02]"
        />
        {merchant.logoUrl && (
          <ResponsiveImage
            src={merchant.logoUrl}
            alt=""
            width={56}
            height={56}
            sizes="56px"
            className="absolute bottom-2 left-2 size-14 rounded-full border-2 border-white shadow"
          />
        )}
        {/* Above the card's covering link, so pressing the heart does not open the merchant. */}
        <div className="absolute top-2 right-2 z-10">
          <FavoriteButton kind="merchant" slug={merchant.slug} name={merchant.name} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="text-lg leading-snug font-semibold text-stone-900">
          {/* The link covers the whole card (one tab stop per card). */}
          <SiteLink
            to={`/merchants/${merchant.slug}`}
            className="after:absolute after:inset-0 group-hover:text-brand-700"
          >
            {merchant.name}
          </SiteLink>
        </Heading>
        <StarRating rating={merchant.rating} reviewCount={merchant.reviewCount} showValue />
        <div>
          <OpenNowBadge
            schedule={merchant.schedule}
            temporarilyClosed={merchant.temporarilyClosed}
            specialDates={merchant.specialDates}
            initialNow={now}
          />
        </div>
        {merchant.description && (
          <p className="line-clamp-2 text-sm text-stone-600">{merchant.description}</p>
        )}
        <div className="mt-auto flex flex-col gap-1 pt-1 text-sm text-stone-700">
          <span className="flex items-start gap-1.5">
            {PLACE_ICON}
            <span className="line-clamp-1">{merchantPlace(merchant)}</span>
          </span>
          <span className="flex items-center gap-1.5">
            {PRODUCTS_ICON}
            {countLabel(merchant.productCount, "producto", "productos")}
          </span>
        </div>
      </div>
    </article>
  );
}

/** Shared by the grid and its skeleton, so nothing moves when the data arrives. */
const MERCHANT_GRID = "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3";

/** Merchants 1 to 3 per row by screen width (spec §2). */
export function MerchantGrid({
  merchants,
  eagerCount = 0,
  headingLevel,
  now,
}: {
  merchants: MerchantCardData[];
  eagerCount?: number;
  headingLevel?: "h2" | "h3";
  now?: string;
}) {
  return (
    <ul className={`${MERCHANT_GRID} cards-render-near-screen [--card-height:430px]`}>
      {merchants.map((merchant, i) => (
        <li key={merchant.slug}>
          <MerchantCard
            merchant={merchant}
            priority={i < eagerCount}
            headingLevel={headingLevel}
            now={now}
          />
        </li>
      ))}
    </ul>
  );
}

/** Grey stand-ins for a merchant grid that is loading. */
export function MerchantGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <ul aria-hidden className={MERCHANT_GRID}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-lg border border-stone-200 bg-white">
          <Skeleton className="aspect-[16/9] rounded-none" />
          <div className="space-y-2 p-4">
            <Skeleton className="h-5 w-3/5" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-full" />
          </div>
        </li>
      ))}
    </ul>
  );
}
