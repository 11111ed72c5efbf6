import { count, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  refreshCategoryCounts,
  refreshMerchantStats,
  refreshProductStats,
} from "../modules/catalog/counts.repository";
import { createOrdersService } from "../modules/orders/orders.service";
import { loadConfig } from "../env";
import type { Database, Queryable } from "../../db/client";
import { categories, merchants, products, productVariants, reviews } from "../../db/schema/index";
import type { ImageStorage } from "../modules/uploads/image-storage";
import { generateDemoImages } from "./images";
import { buildDemoPlan, type DemoPlan } from "./plan";

/** Serialises concurrent seeders (two processes starting on one PostgreSQL). */
const SEED_LOCK = 5_030_001;

async function isEmpty(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(categories);
  return row.n === 0;
}

/** The orders service only needs the database; the rest keeps its type honest and quiet. */
const quietLog = {
  level: "silent",
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return quietLog;
  },
} as unknown as FastifyBaseLogger;

/**
 * Fills an empty database with the demo catalogue ("makes the product look alive on
 * first start"): 14 categories, 44 merchants (40 approved, 3 pending, 1 rejected),
 * 250 products, 135 reviews and 12 orders. Returns null, touching nothing, when the
 * database already has categories.
 *
 * The pictures are drawn first and the rows written after, in one transaction, so no
 * row ever points to a missing file (a second run rewrites the same pictures).
 */
export async function seedDemoCatalogue(
  db: Database,
  options: { uploadsDir: string } | { storage: ImageStorage },
): Promise<{ summary: string } | null> {
  if (!(await isEmpty(db))) return null;
  const plan = buildDemoPlan();
  await generateDemoImages("storage" in options ? options.storage : options.uploadsDir, {
    categories: plan.categories,
    merchants: plan.merchants.map((m) => ({
      slug: m.values.slug,
      name: m.values.name,
      category: m.category,
      hue: m.hue,
      seed: m.artSeed,
    })),
  });

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isEmpty(tx))) return null;
    return { summary: await writePlan(tx, plan) };
  });
}

async function writePlan(tx: Database, plan: DemoPlan): Promise<string> {
  const categoryRows = await tx
    .insert(categories)
    .values(
      plan.categories.map((c) => ({
        name: c.name,
        slug: c.slug,
        icon: c.icon,
        imageUrl: c.imageUrl,
      })),
    )
    .returning({ id: categories.id, slug: categories.slug });
  const categoryId = new Map(categoryRows.map((row) => [row.slug, row.id]));

  const merchantRows = await tx
    .insert(merchants)
    .values(plan.merchants.map((m) => ({ ...m.values, categoryId: categoryId.get(m.category)! })))
    .returning({ id: merchants.id });
  const merchantIds = merchantRows.map((row) => row.id);

  const productRows = await tx
    .insert(products)
    .values(
      plan.products.map((p) => ({
        ...p.values,
        merchantId: merchantIds[p.merchant],
        categoryId: categoryId.get(p.category)!,
        ...(p.stock && {
          stock: p.stock.stock,
          soldOut: p.stock.soldOut,
          inStock: p.stock.inStock,
          options: p.stock.options,
        }),
      })),
    )
    .returning({ id: products.id });
  const productIds = productRows.map((row) => row.id);
  // Issue 36: the demo's variants (server/demo/stock.ts).
  const variants = plan.products.flatMap((p, index) =>
    (p.stock?.variants ?? []).map((v, position) => ({
      ...v,
      productId: productIds[index],
      position,
    })),
  );
  if (variants.length > 0) await tx.insert(productVariants).values(variants);

  await tx.insert(reviews).values(
    plan.reviews.map((r) => ({
      ...r.values,
      merchantId: "merchant" in r.target ? merchantIds[r.target.merchant] : null,
      productId: "product" in r.target ? productIds[r.target.product] : null,
    })),
  );

  // Orders go through the orders service: it prices them from the database and numbers them.
  const ordersService = createOrdersService({
    db: tx,
    config: loadConfig({}),
    log: quietLog,
  });
  for (const order of plan.orders) {
    await ordersService.create({
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      customerPhone: order.customerPhone,
      sessionId: order.sessionId,
      paymentId: order.paymentId,
      status: order.status,
      createdAt: order.createdAt,
      items: order.items.map((item) => ({
        productId: productIds[item.product],
        quantity: item.quantity,
      })),
    });
  }

  await refreshProductStats(tx, productIds);
  await refreshMerchantStats(tx, merchantIds);
  await refreshCategoryCounts(tx);

  const approved = plan.merchants.filter((m) => m.values.approved).length;
  const pendingReviews = plan.reviews.filter((r) => !r.values.isApproved).length;
  return [
    `${plan.categories.length} categorías`,
    `${plan.merchants.length} comercios (${approved} aprobados)`,
    `${plan.products.length} productos`,
    `${plan.reviews.length} reseñas (${pendingReviews} por moderar)`,
    `${plan.orders.length} pedidos`,
  ].join(", ");
}
