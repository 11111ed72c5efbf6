import type { Queryable } from "../../db/client";
import { categories, merchants, products, reviews } from "../../db/schema/index";

/**
 * Rows for tests, inserted straight into the database (no counts are recomputed:
 * call the service under test, or the counts repository, for that).
 */
let sequence = 0;
const next = () => ++sequence;

export async function insertCategory(
  db: Queryable,
  values: Partial<typeof categories.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(categories)
    .values({ name: `Categoría ${n}`, slug: `categoria-${n}`, icon: "🛍️", ...values })
    .returning();
  return row;
}

export async function insertMerchant(
  db: Queryable,
  values: Partial<typeof merchants.$inferInsert> & { categoryId: number },
) {
  const n = next();
  const [row] = await db
    .insert(merchants)
    .values({
      name: `Comercio ${n}`,
      slug: `comercio-${n}`,
      description: "Un comercio de prueba en San Salvador.",
      address: "Calle Arce 123, San Salvador",
      department: "San Salvador",
      municipality: "San Salvador Centro",
      phone: "+503 2222-0000",
      whatsapp: "+503 7000-0000",
      email: `comercio${n}@ejemplo.sv`,
      schedule: JSON.stringify({ monday: { open: "09:00", close: "18:00" } }),
      approved: true,
      ...values,
    })
    .returning();
  return row;
}

export async function insertProduct(
  db: Queryable,
  values: Partial<typeof products.$inferInsert> & { merchantId: number; categoryId: number },
) {
  const n = next();
  const [row] = await db
    .insert(products)
    .values({
      name: `Producto ${n}`,
      slug: `producto-${n}`,
      description: "Un producto de prueba.",
      price: "10.00",
      imageUrl: "/images/default-product.webp",
      ...values,
    })
    .returning();
  return row;
}

export async function insertReview(
  db: Queryable,
  values: Partial<typeof reviews.$inferInsert> & { rating: number },
) {
  const [row] = await db
    .insert(reviews)
    .values({
      userName: "Ana López",
      userEmail: "ana@ejemplo.sv",
      comment: "Muy buena atención y calidad.",
      ...values,
    })
    .returning();
  return row;
}
