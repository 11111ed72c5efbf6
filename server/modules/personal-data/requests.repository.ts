import { desc, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { personalDataRequests } from "../../../db/schema/index";
import type { PersonalDataAction } from "../../../shared/personal-data";

/** The log of requests about a person's data (issue 37): written in the request's transaction. */

export interface RequestValues {
  action: PersonalDataAction;
  keyKind: "email" | "phone" | null;
  keyValue: string | null;
  actorUserId: string | null;
  actor: string;
  rowCount: number;
  counts: { orders: number; reviews: number; notices: number; consents: number };
}

export async function insertRequest(db: Queryable, values: RequestValues): Promise<void> {
  await db.insert(personalDataRequests).values(values);
}

export type RequestRow = typeof personalDataRequests.$inferSelect;

/** A page of the log, newest first, and how many entries it has in all. */
export async function listRequests(
  db: Queryable,
  page: { limit: number; offset: number },
): Promise<{ rows: RequestRow[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(personalDataRequests)
      .orderBy(desc(personalDataRequests.createdAt), desc(personalDataRequests.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(personalDataRequests),
  ]);
  return { rows, total: Number(total) };
}
