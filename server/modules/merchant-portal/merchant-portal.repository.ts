import { and, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import {
  merchantLoginTokens,
  merchants,
  merchantSignInEmails,
  merchantSignInChanges,
  products,
} from "../../../db/schema/index";

/**
 * A merchant's sign-in e-mail: the one an administrator set, else its contact e-mail,
 * compared lower-case (docs/decisions/0010).
 */
const signInEmail = sql<string>`lower(coalesce(${merchantSignInEmails.email}, ${merchants.email}))`;

/** The approved merchants an e-mail manages, by name. */
export async function managedMerchants(
  db: Queryable,
  email: string,
): Promise<{ id: number; name: string; slug: string }[]> {
  return db
    .select({ id: merchants.id, name: merchants.name, slug: merchants.slug })
    .from(merchants)
    .leftJoin(merchantSignInEmails, eq(merchantSignInEmails.merchantId, merchants.id))
    .where(and(eq(merchants.approved, true), sql`${signInEmail} = ${email.toLowerCase()}`))
    .orderBy(merchants.name, merchants.id);
}

/** Whether `email` manages the approved merchant `merchantId`. */
export async function managesMerchant(
  db: Queryable,
  email: string,
  merchantId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .leftJoin(merchantSignInEmails, eq(merchantSignInEmails.merchantId, merchants.id))
    .where(
      and(
        eq(merchants.id, merchantId),
        eq(merchants.approved, true),
        sql`${signInEmail} = ${email.toLowerCase()}`,
      ),
    );
  return row !== undefined;
}

/** The sign-in e-mail of a merchant (any status), and whether an administrator set it. */
export async function findSignInEmail(
  db: Queryable,
  merchantId: number,
): Promise<{ email: string; custom: boolean } | null> {
  const [row] = await db
    .select({ email: signInEmail, custom: isNotNull(merchantSignInEmails.email) })
    .from(merchants)
    .leftJoin(merchantSignInEmails, eq(merchantSignInEmails.merchantId, merchants.id))
    .where(eq(merchants.id, merchantId));
  return row ? { email: row.email, custom: Boolean(row.custom) } : null;
}

export async function setSignInEmail(db: Queryable, merchantId: number, email: string) {
  await db
    .insert(merchantSignInEmails)
    .values({ merchantId, email: email.toLowerCase() })
    .onConflictDoUpdate({
      target: merchantSignInEmails.merchantId,
      set: { email: email.toLowerCase(), updatedAt: sql`now()` },
    });
}

export async function insertLoginToken(
  db: Queryable,
  values: { tokenHash: string; email: string; expiresAt: Date },
) {
  await db.insert(merchantLoginTokens).values(values);
}

/**
 * Uses a token up: marks it used if it is unused and unexpired, in one statement (two
 * requests with one token cannot both win). Returns its e-mail, or null.
 */
export async function consumeLoginToken(db: Queryable, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .update(merchantLoginTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(merchantLoginTokens.tokenHash, tokenHash),
        isNull(merchantLoginTokens.usedAt),
        gt(merchantLoginTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ email: merchantLoginTokens.email });
  return row?.email ?? null;
}

/** Tokens a day past their expiry are of no use, not even to support. */
export async function purgeLoginTokens(db: Queryable): Promise<number> {
  const rows = await db
    .delete(merchantLoginTokens)
    .where(lte(merchantLoginTokens.expiresAt, sql`now() - interval '1 day'`))
    .returning({ hash: merchantLoginTokens.tokenHash });
  return rows.length;
}

/** The merchant a product belongs to, or null when there is no such product. */
export async function productMerchant(db: Queryable, productId: number): Promise<number | null> {
  const [row] = await db
    .select({ merchantId: products.merchantId })
    .from(products)
    .where(eq(products.id, productId));
  return row?.merchantId ?? null;
}

/** Whether a merchant has a new sign-in address waiting for its link to be used. */
export async function findSignInChange(db: Queryable, merchantId: number) {
  const [row] = await db
    .select()
    .from(merchantSignInChanges)
    .where(eq(merchantSignInChanges.merchantId, merchantId));
  return row;
}

/** Records (or replaces) the merchant's pending new sign-in address. */
export async function upsertSignInChange(
  db: Queryable,
  values: { merchantId: number; email: string; tokenHash: string },
) {
  await db
    .insert(merchantSignInChanges)
    .values(values)
    .onConflictDoUpdate({
      target: merchantSignInChanges.merchantId,
      set: { email: values.email, tokenHash: values.tokenHash, createdAt: sql`now()` },
    });
}

/**
 * The change whose link was just used, taken away (so it applies once); undefined when the
 * token was an ordinary sign-in link.
 */
export async function takeSignInChange(db: Queryable, tokenHash: string) {
  const [row] = await db
    .delete(merchantSignInChanges)
    .where(eq(merchantSignInChanges.tokenHash, tokenHash))
    .returning();
  return row;
}

/** Back to the contact e-mail as the sign-in e-mail (no custom address). */
export async function clearSignInEmail(db: Queryable, merchantId: number) {
  await db.delete(merchantSignInEmails).where(eq(merchantSignInEmails.merchantId, merchantId));
}

/** The merchant's contact e-mail, lower-case. */
export async function contactEmail(db: Queryable, merchantId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: sql<string>`lower(${merchants.email})` })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row?.email ?? null;
}
