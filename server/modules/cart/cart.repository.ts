import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { cartItems, merchants, products } from "../../../db/schema/index";
import { CART_QUANTITY_MAX } from "../../../shared/limits";
import { publicProduct } from "../catalog/visibility";

// The search vector is an index column: nobody reads it.
const { search: _search, ...productColumns } = getTableColumns(products);

const cartLineFields = {
  item: getTableColumns(cartItems),
  product: productColumns,
  merchant: {
    name: merchants.name,
    slug: merchants.slug,
    whatsapp: merchants.whatsapp,
    phone: merchants.phone,
  },
};

export type CartItemRow = typeof cartItems.$inferSelect;
export type CartProductRow = Omit<typeof products.$inferSelect, "search">;
export interface CartLineRow {
  item: CartItemRow;
  product: CartProductRow;
  merchant: { name: string; slug: string; whatsapp: string | null; phone: string };
}

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
    .where(and(eq(cartItems.sessionId, sessionId), publicProduct))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export async function findCartLine(
  db: Queryable,
  sessionId: string,
  productId: number,
): Promise<CartLineRow | undefined> {
  const [row] = await db
    .select(cartLineFields)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(
      and(eq(cartItems.sessionId, sessionId), eq(cartItems.productId, productId), publicProduct),
    )
    .limit(1);
  return row;
}

/**
 * Adds to the line of this product, or creates it, in one statement. Undefined when
 * the sum would pass the maximum (the line is then left as it was).
 */
export async function addToCartLine(
  db: Queryable,
  sessionId: string,
  productId: number,
  quantity: number,
): Promise<CartItemRow | undefined> {
  const [row] = await db
    .insert(cartItems)
    .values({ sessionId, productId, quantity })
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
  productId: number,
  quantity: number,
): Promise<CartItemRow | undefined> {
  const [row] = await db
    .update(cartItems)
    .set({ quantity })
    .where(
      and(
        eq(cartItems.sessionId, sessionId),
        eq(cartItems.productId, productId),
        inArray(cartItems.productId, publicProductIds(db)),
      ),
    )
    .returning();
  return row;
}

export async function deleteCartLine(
  db: Queryable,
  sessionId: string,
  productId: number,
): Promise<boolean> {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.sessionId, sessionId), eq(cartItems.productId, productId)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

export async function clearCart(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.sessionId, sessionId));
}
