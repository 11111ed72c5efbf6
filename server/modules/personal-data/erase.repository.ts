import { sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import {
  checkouts,
  checkoutTokens,
  merchants,
  orders,
  outboxEmails,
  outboxNotices,
  pushSubscriptions,
  reviews,
} from "../../../db/schema/index";
import {
  ERASED_NOTICE_REASON,
  ERASED_REVIEW_AUTHOR,
  ERASED_TEXT,
  type PersonalDataKey,
} from "../../../shared/personal-data";
import {
  emailsOfScope,
  list,
  noticesOfScope,
  reviewsOfKey,
  rowsOf,
  signsInAs,
  type NoticeScope,
} from "./personal-data.repository";

/**
 * The erasure's writes (issue 37), each in the caller's transaction: what identifies the
 * person becomes 'Datos eliminados' (or nothing, for what the product would dial or send
 * to), while amounts, lines, dates and the ledger stay as they were. Plain SQL updates, so
 * no `updated_at` moves: an erased order keeps the dates it had. Each says how many rows it
 * changed; a row already erased is not counted again.
 */

const count = async (db: Queryable, statement: ReturnType<typeof sql>) =>
  Number(
    (
      await rowsOf<{ n: number }>(
        db,
        sql`with changed as (${statement} returning 1) select count(*)::int as n from changed`,
      )
    )[0]?.n ?? 0,
  );

/**
 * The orders' name, e-mail, address, reference and note become ERASED_TEXT, their phone and
 * cart id nothing; marked `personal_data_erased_at`.
 */
export function eraseOrders(db: Queryable, orderIds: readonly number[]): Promise<number> {
  if (orderIds.length === 0) return Promise.resolve(0);
  const erased = (column: unknown) =>
    sql`case when ${column} is null then null else ${ERASED_TEXT} end`;
  return count(
    db,
    sql`update ${orders} set
      customer_name = ${ERASED_TEXT},
      customer_email = ${ERASED_TEXT},
      customer_phone = null,
      delivery_address = ${erased(orders.deliveryAddress)},
      delivery_reference = ${erased(orders.deliveryReference)},
      note = ${erased(orders.note)},
      session_id = null,
      personal_data_erased_at = now()
    where ${orders.id} in (${list(orderIds)}) and ${orders.personalDataErasedAt} is null`,
  );
}

/**
 * Checkouts whose every order is erased: the WhatsApp consent ends, and every link to the
 * order page stops working (the first link's hash can match no token, the others are
 * deleted, the Idempotency-Key that could answer the link again is forgotten). Returns the
 * consents ended.
 */
export async function closeCheckouts(
  db: Queryable,
  checkoutIds: readonly number[],
): Promise<number> {
  if (checkoutIds.length === 0) return 0;
  const rows = await rowsOf<{ id: number; consented: boolean }>(
    db,
    sql`with target as (
      select c.id, c.whatsapp_number is not null as consented from ${checkouts} c
      where c.id in (${list(checkoutIds)})
        and not exists (
          select 1 from ${orders} o where o.checkout_id = c.id and o.personal_data_erased_at is null)
        and (c.token_hash <> '' or c.whatsapp_number is not null)
    ), changed as (
      update ${checkouts} set
        whatsapp_number = null,
        whatsapp_consent_at = null,
        token_hash = '',
        token_salt = null,
        idempotency_key_hash = null,
        session_id = ${ERASED_TEXT}
      from target where ${checkouts.id} = target.id
      returning target.id, target.consented
    )
    select id, consented from changed`,
  );
  await db.execute(
    sql`delete from ${checkoutTokens} where ${checkoutTokens.checkoutId} in (${list(checkoutIds)})
      and not exists (select 1 from ${orders} o where o.checkout_id = ${checkoutTokens.checkoutId} and o.personal_data_erased_at is null)`,
  );
  return rows.filter((row) => row.consented).length;
}

/** The person's reviews lose their e-mail and show ERASED_REVIEW_AUTHOR as author. */
export function eraseReviews(
  db: Queryable,
  key: PersonalDataKey | null,
  orderIds: readonly number[],
): Promise<number> {
  const which = key
    ? reviewsOfKey(key, orderIds)
    : orderIds.length
      ? sql`${reviews.orderId} in (${list(orderIds)})`
      : sql`false`;
  return count(
    db,
    sql`update ${reviews} set user_email = '', user_name = ${ERASED_REVIEW_AUTHOR}, user_id = null
    where ${which}
      and (${reviews.userEmail} <> '' or ${reviews.userName} <> ${ERASED_REVIEW_AUTHOR} or ${reviews.userId} is not null)`,
  );
}

/**
 * The e-mails to and about the person: a pending one is cancelled (skipped), every one's
 * body becomes ERASED_TEXT, and the person's address leaves the rows sent to them and the
 * merchant's copies' Reply-To (those keep the merchant's own address).
 */
export function eraseEmails(db: Queryable, scope: NoticeScope): Promise<number> {
  return count(
    db,
    sql`update ${outboxEmails} set
      status = case when status = 'pending' then 'skipped' else status end,
      last_error = case when status = 'pending' then ${ERASED_NOTICE_REASON} else last_error end,
      text_body = ${ERASED_TEXT},
      html_body = ${ERASED_TEXT},
      recipient = case when dedupe_key like '%:merchant' then recipient else ${ERASED_TEXT} end,
      reply_to = null
    where ${emailsOfScope(scope)}
      and (${outboxEmails.textBody} <> ${ERASED_TEXT} or ${outboxEmails.status} = 'pending'
        or ${outboxEmails.replyTo} is not null)`,
  );
}

/**
 * WhatsApp and push notices to and about the person: one still due (pending, or unknown and
 * waiting for its last try) is cancelled, every one loses its parameters, and the shopper's
 * number leaves the rows sent to them.
 */
export function eraseNotices(db: Queryable, scope: NoticeScope): Promise<number> {
  return count(
    db,
    sql`update ${outboxNotices} set
      status = case when status in ('pending', 'unknown') then 'skipped' else status end,
      last_error = case when status in ('pending', 'unknown') then ${ERASED_NOTICE_REASON} else last_error end,
      payload = '{}'::jsonb,
      recipient = case when audience = 'shopper' then ${ERASED_TEXT} else recipient end
    where ${noticesOfScope(scope)}
      and (${outboxNotices.payload} <> '{}'::jsonb or ${outboxNotices.status} in ('pending', 'unknown'))`,
  );
}

/** The push devices of the merchants this e-mail signs in to end (their owner asked). */
export function deletePushDevices(db: Queryable, key: PersonalDataKey): Promise<number> {
  if (key.kind !== "email") return Promise.resolve(0);
  return count(
    db,
    sql`delete from ${pushSubscriptions} where ${pushSubscriptions.merchantId} in (
      select ${merchants.id} from ${merchants} where ${signsInAs(key.value)})`,
  );
}

export interface ExpiredOrder {
  id: number;
  checkoutId: number | null;
}

/**
 * Up to `limit` orders delivered or cancelled more than `days` ago and not erased yet
 * (ORDER_PERSONAL_DATA_DAYS), oldest first, locked; a refund still owed keeps its order
 * (its shopper must be reached). Rows another transaction holds wait for the next run.
 */
export function findExpiredOrders(
  db: Queryable,
  days: number,
  limit: number,
): Promise<ExpiredOrder[]> {
  return rowsOf<ExpiredOrder>(
    db,
    sql`select id, checkout_id as "checkoutId" from ${orders}
    where personal_data_erased_at is null and (delivered_at is not null or status = 'cancelled')
      and coalesce(delivered_at, updated_at) < now() - make_interval(days => ${days})
      and refund_status is distinct from 'due'
    order by coalesce(delivered_at, updated_at)
    limit ${limit}
    for update skip locked`,
  );
}
