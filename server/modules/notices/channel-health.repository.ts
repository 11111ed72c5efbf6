import { eq } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { channelHealth } from "../../../db/schema/index";

// A channel stopped for everyone (WhatsApp on a token or payment error), until the next start
// or the administrator's 'Reintentar'.

export type ChannelHealthRow = typeof channelHealth.$inferSelect;

export async function findChannelStop(
  db: Queryable,
  channel: string,
): Promise<ChannelHealthRow | undefined> {
  const [row] = await db.select().from(channelHealth).where(eq(channelHealth.channel, channel));
  return row;
}

export async function stopChannel(
  db: Queryable,
  channel: string,
  cause: { code: number | null; text: string },
) {
  await db
    .insert(channelHealth)
    .values({ channel, stoppedAt: new Date(), errorCode: cause.code, cause: cause.text })
    .onConflictDoNothing();
}

export async function clearChannelStop(db: Queryable, channel: string): Promise<boolean> {
  const rows = await db
    .delete(channelHealth)
    .where(eq(channelHealth.channel, channel))
    .returning({ channel: channelHealth.channel });
  return rows.length > 0;
}
