import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import {
  merchantAuditLog,
  merchants,
  merchantSignInEmails,
  products,
  users,
} from "../../../db/schema/index";

export type AuditRow = typeof merchantAuditLog.$inferSelect;
export type NewAuditRow = typeof merchantAuditLog.$inferInsert;

/** The audit log is this module's table: the only one it writes. */
export async function insertAudit(db: Queryable, values: NewAuditRow) {
  await db.insert(merchantAuditLog).values(values);
}

export async function listAudit(db: Queryable, merchantId: number, limit = 500) {
  return db
    .select()
    .from(merchantAuditLog)
    .where(eq(merchantAuditLog.merchantId, merchantId))
    .orderBy(desc(merchantAuditLog.createdAt), desc(merchantAuditLog.id))
    .limit(limit);
}

/**
 * Where a merchant's own notices go: its sign-in e-mail, the one an administrator set, else
 * its contact e-mail, lower-case (docs/decisions/0010); null when there is no such merchant.
 */
export async function noticeAddress(db: Queryable, merchantId: number): Promise<string | null> {
  const [row] = await db
    .select({
      email: sql<string>`lower(coalesce(${merchantSignInEmails.email}, ${merchants.email}))`,
    })
    .from(merchants)
    .leftJoin(merchantSignInEmails, eq(merchantSignInEmails.merchantId, merchants.id))
    .where(eq(merchants.id, merchantId));
  return row?.email ?? null;
}

/** The e-mails of administrators who have one (for the new-application notice). */
export async function administratorEmails(db: Queryable): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), isNotNull(users.email)));
  return rows.map((r) => r.email!).filter(Boolean);
}

/** The merchant a new review is about (itself, or its product's), for its notice. */
export async function reviewTarget(
  db: Queryable,
  target: { merchantId: number | null; productId: number | null },
) {
  const productName = target.productId === null ? null : products.name;
  const [row] = await db
    .select({
      merchant: {
        id: merchants.id,
        name: merchants.name,
        slug: merchants.slug,
        email: merchants.email,
        phone: merchants.phone,
        department: merchants.department,
        municipality: merchants.municipality,
        updatedAt: merchants.updatedAt,
      },
      productName: sql<string | null>`${productName ?? sql`null`}`,
    })
    .from(merchants)
    .leftJoin(products, eq(products.merchantId, merchants.id))
    .where(
      target.productId !== null
        ? eq(products.id, target.productId)
        : eq(merchants.id, target.merchantId ?? 0),
    )
    .limit(1);
  return row ?? null;
}
