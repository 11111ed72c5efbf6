import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { merchants, merchantSignInEmails } from "../../../db/schema/index";

// The merchant's 'Avisos': which channels it hears from, and its WhatsApp number.

const signInEmail = sql<string>`coalesce((select e.email from ${merchantSignInEmails} e where e.merchant_id = ${merchants.id}), ${merchants.email})`;

export async function findNoticeSettings(db: Queryable, merchantId: number) {
  const [row] = await db
    .select({
      id: merchants.id,
      name: merchants.name,
      whatsapp: merchants.whatsapp,
      noticeWhatsappNumber: merchants.noticeWhatsappNumber,
      noticeWhatsappConsentAt: merchants.noticeWhatsappConsentAt,
      noticeWhatsapp: merchants.noticeWhatsapp,
      noticePush: merchants.noticePush,
      noticeEmail: merchants.noticeEmail,
      signInEmail,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row;
}
export type NoticeSettingsRow = NonNullable<Awaited<ReturnType<typeof findNoticeSettings>>>;

export async function updateNoticeSettings(
  db: Queryable,
  merchantId: number,
  values: {
    noticeWhatsappNumber: string | null;
    noticeWhatsapp: boolean;
    noticePush: boolean;
    noticeEmail: boolean;
    /** Recorded when WhatsApp is switched on or its number changes. */
    consentNow: boolean;
  },
) {
  const { consentNow, ...columns } = values;
  await db
    .update(merchants)
    .set({ ...columns, ...(consentNow ? { noticeWhatsappConsentAt: sql`now()` } : {}) })
    .where(eq(merchants.id, merchantId));
}
