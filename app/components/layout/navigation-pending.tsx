import { LoadingMascot } from "./loading-mascot";
import { MerchantGridSkeleton } from "../catalogue/merchant-card";
import { ProductGridSkeleton } from "../catalogue/product-card";
import { Skeleton } from "../ui/skeleton";

/** What a destination looks like while its loader runs, so the page fills in where it will be. */
export type PendingShape = "products" | "merchants" | "merchant" | "product" | "mascot";

/** The stand-in for a URL: grids and detail pages by their shape, anything else the mascot. */
export function pendingShapeOf(pathname: string, search = ""): PendingShape {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/products") return "products";
  if (path === "/merchants") return "merchants";
  if (/^\/merchants\/[^/]+$/.test(path)) return "merchant";
  if (/^\/products\/[^/]+$/.test(path)) return "product";
  if (/^\/categories\/[^/]+$/.test(path)) {
    return new URLSearchParams(search).get("tab") === "productos" ? "products" : "merchants";
  }
  return "mascot";
}

/**
 * Shown in the page's place during a client-side navigation that waits for its loader
 * (the public layout mounts it; loaded on demand, never part of a first load).
 */
export default function NavigationPending({
  pathname,
  search,
}: {
  pathname: string;
  search?: string;
}) {
  const shape = pendingShapeOf(pathname, search);
  return (
    <div data-pending={shape} className="min-h-[70vh]">
      {shape === "mascot" ? <LoadingMascot className="py-20" /> : <ShapeSkeleton shape={shape} />}
    </div>
  );
}

function ShapeSkeleton({ shape }: { shape: Exclude<PendingShape, "mascot"> }) {
  if (shape === "merchant") return <MerchantDetailSkeleton />;
  if (shape === "product") return <ProductDetailSkeleton />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <ListingHeaderSkeleton />
      {shape === "products" ? (
        <ProductGridSkeleton count={12} />
      ) : (
        <MerchantGridSkeleton count={6} />
      )}
    </div>
  );
}

/** A listing's title and count line (PageHeader). */
function ListingHeaderSkeleton() {
  return (
    <div aria-hidden className="mb-6 space-y-2">
      <Skeleton className="h-9 w-56" />
      <Skeleton className="h-5 w-32" />
    </div>
  );
}

/** The merchant page: banner, logo and name, description, then its products. */
function MerchantDetailSkeleton() {
  return (
    <div aria-hidden className="pb-12">
      <Skeleton className="h-44 w-full rounded-none sm:h-64 lg:h-80" />
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="flex items-end gap-5 pt-4">
          <Skeleton className="relative -mt-14 size-20 shrink-0 rounded-full border-4 border-white sm:-mt-16 sm:size-28" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-8 w-2/3 max-w-sm" />
            <Skeleton className="h-4 w-40" />
          </div>
        </div>
        <div className="mt-6 space-y-2">
          <Skeleton className="h-4 w-full max-w-2xl" />
          <Skeleton className="h-4 w-5/6 max-w-xl" />
          <Skeleton className="h-4 w-1/2 max-w-md" />
        </div>
        <Skeleton className="mt-10 mb-4 h-10 w-72" />
        <ProductGridSkeleton count={6} />
      </div>
    </div>
  );
}

/** The product page: the square picture beside name, price and buttons. */
function ProductDetailSkeleton() {
  return (
    <div aria-hidden className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <div className="grid gap-8 lg:grid-cols-2">
        <Skeleton className="aspect-square w-full rounded-lg" />
        <div className="space-y-4">
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-9 w-28" />
          <div className="space-y-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </div>
          <Skeleton className="h-11 w-full max-w-xs" />
          <Skeleton className="h-11 w-full max-w-xs" />
        </div>
      </div>
    </div>
  );
}
