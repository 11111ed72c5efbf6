import { and, asc, eq, gt, isNotNull, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { sessions, users } from "../../../db/schema/index";

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** How a session was opened: the password form or the external account (OpenID Connect). */
export type SessionOrigin = "password" | "oidc" | "link";

/** What a session row's `sess` holds. */
export interface SessionData {
  userId: string;
  /** When the session was opened (ISO 8601): its total life is capped from here. */
  createdAt: string;
  /** Absent on sessions opened before it was recorded. */
  via?: SessionOrigin;
}

/**
 * The role of an external-account user removed from ADMIN_EMAILS: the row stays (and
 * becomes an administrator again if the e-mail is listed again), but opens nothing.
 */
export const REMOVED_ROLE = "removed";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  // A malformed id would make PostgreSQL fail the uuid cast: it simply matches nobody.
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByUsername(db: Queryable, username: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  return row ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function findUserByOidcSubject(
  db: Queryable,
  subject: string,
): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.oidcSubject, subject));
  return row ?? null;
}

/** Inserts a user; null when the username, e-mail or subject is already taken. */
export async function insertUser(db: Queryable, values: NewUser): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateUser(
  db: Queryable,
  id: string,
  values: Partial<NewUser>,
): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

export async function listAdministrators(db: Queryable): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.createdAt), asc(users.id));
}

export async function firstAdministrator(db: Queryable): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row ?? null;
}

/** Session rows are named by `key`, the hash of the cookie's id (see sessionKey). */
export async function insertSession(
  db: Queryable,
  key: string,
  data: SessionData,
  expire: Date,
): Promise<void> {
  await db.insert(sessions).values({ sid: key, sess: data, expire });
}

/** The user of a live session (expired rows and deleted users give null), with the row. */
export async function findSessionUser(
  db: Queryable,
  key: string,
): Promise<{ user: UserRow; expire: Date; sess: SessionData } | null> {
  const [row] = await db
    .select({ user: users, expire: sessions.expire, sess: sessions.sess })
    .from(sessions)
    .innerJoin(users, eq(users.id, sql`(${sessions.sess}->>'userId')::uuid`))
    .where(and(eq(sessions.sid, key), gt(sessions.expire, sql`now()`)));
  return row ? { ...row, sess: row.sess as SessionData } : null;
}

export async function touchSession(db: Queryable, key: string, expire: Date): Promise<void> {
  await db.update(sessions).set({ expire }).where(eq(sessions.sid, key));
}

export async function deleteSession(db: Queryable, key: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, key));
}

/**
 * Takes the administrator role from users made by the external account (an OIDC subject,
 * no password) whose e-mail is not in `allowedEmails` (lower-case); returns them.
 */
export async function demoteExternalAdministrators(
  db: Queryable,
  allowedEmails: string[],
): Promise<UserRow[]> {
  return db
    .update(users)
    .set({ role: REMOVED_ROLE })
    .where(
      and(
        eq(users.role, "admin"),
        isNull(users.passwordHash),
        isNotNull(users.oidcSubject),
        allowedEmails.length > 0
          ? or(isNull(users.email), notInArray(sql`lower(${users.email})`, allowedEmails))
          : undefined,
      ),
    )
    .returning();
}

/** Signs a user out everywhere (after a password change). */
export async function deleteUserSessions(db: Queryable, userId: string): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.sess}->>'userId' = ${userId}`);
}

export async function purgeExpiredSessions(db: Queryable): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(lte(sessions.expire, sql`now()`))
    .returning({ sid: sessions.sid });
  return rows.length;
}
