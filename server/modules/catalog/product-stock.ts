import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { merchants, products, productVariants } from "../../../db/schema/index";
import type { ProductOption } from "../../../db/schema/index";
import { publicProduct } from "./visibility";

/*
 * Issue 36: how every read of a product carries its stock, options and variants (the
 * products, cart and search modules select the same columns), and the catalogue's lock of a
 * product's stock that the cart takes before adding to a line.
 */

/** A variant as a product's read carries it (the presenter orders its options). */
export interface VariantColumn {
  id: number;
  options: Record<string, string>;
  name: string;
  price: string;
  stock: number | null;
  soldOut: boolean;
  available: boolean;
  sku: string | null;
}

/** Available: active and in stock (products.in_stock, kept by the products module). */
export const productAvailable = sql<boolean>`(${products.isActive} and ${products.inStock})`;

/** A variant of the product in scope is available (SQL over `product_variants`). */
export const variantAvailable = sql<boolean>`(${products.isActive} and not ${products.soldOut} and not ${productVariants.soldOut} and (${productVariants.stock} is null or ${productVariants.stock} > 0))`;

/**
 * The product's variants in the form's order, as one JSON array (price as its exact text),
 * '[]' without any: one index lookup a product (product_variants_product_idx).
 */
export const variantsColumn = sql<VariantColumn[]>`coalesce((
  select json_agg(json_build_object(
    'id', ${productVariants.id},
    'options', ${productVariants.options},
    'name', ${productVariants.name},
    'price', ${productVariants.price}::text,
    'stock', ${productVariants.stock},
    'soldOut', ${productVariants.soldOut},
    'available', ${variantAvailable},
    'sku', ${productVariants.sku}
  ) order by ${productVariants.position}, ${productVariants.id})
  from ${productVariants} where ${productVariants.productId} = ${products.id}
), '[]'::json)`;

/** The columns of issue 36 beside a product's others, in the DTO's order. */
export const productStockColumns = {
  stock: products.stock,
  soldOut: products.soldOut,
  available: productAvailable,
  options: sql<ProductOption[]>`${products.options}`,
  variants: variantsColumn,
};

/** What the cart checks before adding to a line: the product's stock, or its variant's. */
export interface StockToAdd {
  name: string;
  hasVariants: boolean;
  /** The variant asked for, when it is this product's. */
  variant: { id: number; name: string; stock: number | null; soldOut: boolean } | null;
  stock: number | null;
  soldOut: boolean;
}

/**
 * A public product with its stock (and `variantId`'s, when it is one of its variants), locked
 * FOR SHARE like lockPublicProduct: the checkout that takes its stock waits for the add, and
 * the add for it. Undefined when the product is not public.
 */
export async function lockPublicProductStock(
  db: Queryable,
  productId: number,
  variantId: number | undefined,
): Promise<StockToAdd | undefined> {
  const variantMatch: SQL =
    variantId === undefined
      ? sql`false`
      : and(eq(productVariants.id, variantId), eq(productVariants.productId, products.id))!;
  const [row] = await db
    .select({
      name: products.name,
      stock: products.stock,
      soldOut: products.soldOut,
      hasVariants: sql<boolean>`jsonb_array_length(${products.options}) > 0`,
      variant: sql<
        StockToAdd["variant"]
      >`(select json_build_object('id', ${productVariants.id}, 'name', ${productVariants.name}, 'stock', ${productVariants.stock}, 'soldOut', ${productVariants.soldOut}) from ${productVariants} where ${variantMatch})`,
    })
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(and(eq(products.id, productId), publicProduct))
    .for("share", { of: products });
  return row;
}
