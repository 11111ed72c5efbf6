import { and, asc, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { cartItems, merchants, products, productVariants } from "../../../db/schema/index";
import { CART_QUANTITY_MAX } from "../../../shared/limits";
import { productStockColumns, type VariantColumn } from "../catalog/product-stock";
import { publicProduct } from "../catalog/visibility";

// The search vector is an index column: nobody reads it; nor is in_stock (`available` says it).
const { search: _search, inStock: _inStock, ...productColumns } = getTableColumns(products);

const cartLineFields = {
  item: getTableColumns(cartItems),
  product: { ...productColumns, ...productStockColumns },
  /** The line's variant (issue 36): its name and price; null without one. */
  variant: { name: productVariants.name, price: productVariants.price },
  merchant: {
    name: merchants.name,
    slug: merchants.slug,
    whatsapp: merchants.whatsapp,
    phone: merchants.phone,
  },
};

export type CartItemRow = typeof cartItems.$inferSelect;
export type CartProductRow = Omit<typeof products.$inferSelect, "search" | "inStock"> & {
  available: boolean;
  variants: VariantColumn[];
};
export interface CartLineRow {
  item: CartItemRow;
  product: CartProductRow;
  variant: { name: string; price: string } | null;
  merchant: { name: string; slug: string; whatsapp: string | null; phone: string };
}

/** Which line of a product: its variant, or none (a product without variants). */
export type LineKey = { productId: number; variantId: number | null };

const sameVariant = (variantId: number | null) =>
  variantId === null ? isNull(cartItems.variantId) : eq(cartItems.variantId, variantId);

const publicProductIds = (db: Queryable) =>
  db
    .select({ id: products.id })
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(publicProduct);

/** The lines of a cart whose product is still public, oldest first. */
export function listCartLines(db: Queryable, sessionId: string): Promise<CartLineRow[]> {
  return db
    .select(cartLineFields)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(and(eq(cartItems.sessionId, sessionId), publicProduct))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export async function findCartLine(
  db: Queryable,
  sessionId: string,
  line: LineKey,
): Promise<CartLineRow | undefined> {
  const [row] = await db
    .select(cartLineFields)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(
      and(
        eq(cartItems.sessionId, sessionId),
        eq(cartItems.productId, line.productId),
        sameVariant(line.variantId),
        publicProduct,
      ),
    )
    .limit(1);
  return row;
}

/** The quantity of a cart's line, or 0 (the units already in the cart, for the stock check). */
export async function lineQuantity(
  db: Queryable,
  sessionId: string,
  line: LineKey,
): Promise<number> {
  const [row] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(
      and(
        eq(cartItems.sessionId, sessionId),
        eq(cartItems.productId, line.productId),
        sameVariant(line.variantId),
      ),
    );
  return row?.quantity ?? 0;
}

/**
 * Adds to the line of this product, or creates it, in one statement. Undefined when
 * the sum would pass the maximum (the line is then left as it was).
 */
export async function addToCartLine(
  db: Queryable,
  sessionId: string,
  line: LineKey,
  quantity: number,
): Promise<CartItemRow | undefined> {
  const [row] = await db
    .insert(cartItems)
    .values({ sessionId, productId: line.productId, variantId: line.variantId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.sessionId, cartItems.productId, cartItems.variantId],
      set: {
        quantity: sql`${cartItems.quantity} + excluded.quantity`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${CART_QUANTITY_MAX}`,
    })
    .returning();
  return row;
}

/** Sets the quantity of a line whose product is public; undefined when there is none. */
export async function setCartLineQuantity(
  db: Queryable,
  sessionId: string,
  line: LineKey,
  quantity: number,
): Promise<CartItemRow | undefined> {
  const [row] = await db
    .update(cartItems)
    .set({ quantity })
    .where(
      and(
        eq(cartItems.sessionId, sessionId),
        eq(cartItems.productId, line.productId),
        sameVariant(line.variantId),
        inArray(cartItems.productId, publicProductIds(db)),
      ),
    )
    .returning();
  return row;
}

/** Deletes the product's line of that variant, or with `variantId` undefined all its lines. */
export async function deleteCartLine(
  db: Queryable,
  sessionId: string,
  productId: number,
  variantId: number | undefined,
): Promise<boolean> {
  const rows = await db
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.sessionId, sessionId),
        eq(cartItems.productId, productId),
        variantId === undefined ? undefined : eq(cartItems.variantId, variantId),
      ),
    )
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

export async function clearCart(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.sessionId, sessionId));
}
