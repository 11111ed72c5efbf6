import { lazy, Suspense, type ReactNode } from "react";
import type { ProductDto } from "../../../shared/api-types";
import { formatPrice } from "../../../shared/money";
import { AddToCartButton } from "../cart-checkout/add-to-cart-button";
import { PriceAndAvailability } from "./price-and-availability";

/*
 * A product page's price, availability and 'Agregar al carrito' (issue 36). Most products
 * have no variants; the option pickers of those that do (variant-purchase.tsx) are their own
 * chunk, so the product page's first load stays within issue 27's budget (decision 0035). As
 * the shelf's form does: the server renders the pickers from their module (the page's loader
 * imported it, variantPurchaseOnServer) and the browser hydrates them once it has arrived.
 */
const loadVariants = () => import("./variant-purchase");

/** The pickers' module on the server, set by the product page's loader; undefined in the browser. */
let serverVariants: Awaited<ReturnType<typeof loadVariants>> | undefined;

/** Called by the product page's loader, so that the server renders the pickers. */
export async function variantPurchaseOnServer(): Promise<void> {
  serverVariants ??= await loadVariants();
}

type VariantProps = { product: ProductDto };

/** Before the chunk (a link followed in the browser), or without it: the price from, no button. */
function VariantsPending({ product }: VariantProps): ReactNode {
  return (
    <>
      <PriceAndAvailability
        price={`Desde ${formatPrice(product.price)}`}
        available={product.available}
      />
      <div aria-hidden className="min-h-24" />
    </>
  );
}

const LazyVariants = lazy(() =>
  loadVariants().then(
    (module): { default: (props: VariantProps) => ReactNode } => ({
      default: module.VariantPurchase,
    }),
    () => ({ default: VariantsPending }),
  ),
);

export function ProductPurchase({ product }: { product: ProductDto }) {
  if (product.variants.length === 0) {
    return (
      <>
        <PriceAndAvailability price={formatPrice(product.price)} available={product.available} />
        <AddToCartButton productId={product.id} unavailable={!product.available} />
      </>
    );
  }
  const Variants = serverVariants?.VariantPurchase ?? LazyVariants;
  return (
    <Suspense fallback={<VariantsPending product={product} />}>
      <Variants product={product} />
    </Suspense>
  );
}
