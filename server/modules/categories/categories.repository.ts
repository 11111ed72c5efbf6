import { eq } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { categories, merchants, products } from "../../../db/schema/index";
import { folded } from "../../../db/schema/columns";

export type CategoryRow = typeof categories.$inferSelect;

export interface CategoryValues {
  name: string;
  slug: string;
  icon: string | null;
  imageUrl: string | null;
}

export function listCategories(db: Queryable): Promise<CategoryRow[]> {
  // Accent-free order, so "Ópticas" sorts among the O's and not after "Zapatos".
  return db.select().from(categories).orderBy(folded(categories.name), categories.id);
}

export async function findCategoryById(
  db: Queryable,
  id: number,
): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row;
}

export async function findCategoryBySlug(
  db: Queryable,
  slug: string,
): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.slug, slug)).limit(1);
  return row;
}

export async function insertCategory(db: Queryable, values: CategoryValues): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning();
  return row;
}

export async function updateCategory(
  db: Queryable,
  id: number,
  values: CategoryValues,
): Promise<CategoryRow | undefined> {
  const [row] = await db.update(categories).set(values).where(eq(categories.id, id)).returning();
  return row;
}

/** Whether any merchant or product (public or not) still points at the category. */
export async function categoryInUse(db: Queryable, id: number): Promise<boolean> {
  const [merchant] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.categoryId, id))
    .limit(1);
  if (merchant) return true;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.categoryId, id))
    .limit(1);
  return product !== undefined;
}

export async function deleteCategory(db: Queryable, id: number): Promise<boolean> {
  const rows = await db
    .delete(categories)
    .where(eq(categories.id, id))
    .returning({ id: categories.id });
  return rows.length > 0;
}
