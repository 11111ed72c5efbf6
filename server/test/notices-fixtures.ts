import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { outboxEmails, outboxNotices } from "../../db/schema/index";
import type { CheckoutDto } from "../../shared/checkout";
import {
  startFakeWhatsApp,
  type FakeWhatsAppOptions,
  type FakeWhatsApp,
} from "../modules/notices/whatsapp.fake";
import { templateCreationPayloads } from "../modules/notices/whatsapp.templates";
import { startFakeWompi, type FakeWompi } from "../modules/payments/wompi.fake";
import {
  signWompiBody,
  WOMPI_SIGNATURE_HEADER,
  WOMPI_WEBHOOK_PATH,
} from "../modules/payments/wompi.signature";
import { freePort, MAIL_FROM, sleep } from "./order-life-fixtures";
import { createTestApp, type TestApp } from "./test-app";
import { startTestSmtpServer, type ReceivedEmail, type TestSmtpServer } from "./test-smtp-server";

/**
 * What the tests of issue 35 (orders heard on every channel) share: an app on a fresh
 * database with the real SMTP server, the fake Wompi and the fake WhatsApp Cloud API (its
 * templates created, as `npm run whatsapp:templates -- --create` would), listening or not
 * (a listening app runs its workers and clock; the fake's webhooks reach it). Carts,
 * checkouts, merchant sessions, and the outboxes drained with runOnce.
 */

export const VERIFY_TOKEN = "token-de-verificacion";

export type NoticeRow = typeof outboxNotices.$inferSelect;

export interface NoticesAppOptions {
  env?: Record<string, string>;
  /** Listen on a loopback port (the workers, the answer clock and webhooks run). */
  listen?: boolean;
  /** The fake's options; false: no WhatsApp configured at all. */
  whatsapp?: FakeWhatsAppOptions | false;
}

export interface NoticesApp {
  t: TestApp;
  smtp: TestSmtpServer;
  wompi: FakeWompi;
  /** Null when started with `whatsapp: false`. */
  wa: FakeWhatsApp;
  /** app.inject from a new client address each time (the per-address limits stay out of the way). */
  inject(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  cartWith(lines: [productId: number, quantity: number][]): Promise<string>;
  checkout(
    body: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  placed(body: Record<string, unknown>, headers?: Record<string, string>): Promise<CheckoutDto>;
  /** Signs in as the merchant user of `email` (the link read where it arrived): the Cookie. */
  merchantCookie(email: string): Promise<string>;
  /** Pays a card checkout at the fake Wompi and posts its signed notification to the app. */
  payCard(checkout: CheckoutDto): Promise<void>;
  /** Runs the mail worker until nothing is left to send now. */
  drainMail(): Promise<void>;
  mailTo(address: string): Promise<ReceivedEmail[]>;
  /** Runs the notices worker until two passes in a row handle nothing. */
  drainNotices(): Promise<void>;
  /** The notices of these orders (or all), oldest first. */
  notices(orderIds?: number[]): Promise<NoticeRow[]>;
  notice(id: number): Promise<NoticeRow>;
  /** The e-mail rows of this dedupe key. */
  emailsByKey(key: string): Promise<(typeof outboxEmails.$inferSelect)[]>;
  /**
   * As if Meta's 6 seconds per number had passed: every claim is moved a minute back, and
   * what waits for a retry is due now (the fake is started without its own pair limit).
   */
  passTime(): Promise<void>;
  close(): Promise<void>;
}

export async function startNoticesApp(options: NoticesAppOptions = {}): Promise<NoticesApp> {
  const wa =
    options.whatsapp === false
      ? null
      : await startFakeWhatsApp({ statusDelaysMs: null, pairIntervalMs: 0, ...options.whatsapp });
  const wompi = await startFakeWompi();
  const smtp = await startTestSmtpServer();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  wa?.createTemplates(templateCreationPayloads(publicUrl));
  const t = await createTestApp({
    ...wompi.env,
    ...(wa ? { ...wa.env, WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN } : {}),
    SMTP_URL: smtp.url,
    MAIL_FROM,
    PUBLIC_URL: publicUrl,
    ...options.env,
  });
  if (options.listen) {
    await t.app.listen({ host: "127.0.0.1", port });
    wa?.setWebhookUrl(`${publicUrl}/api/whatsapp/webhook`);
  }

  let addresses = 0;
  let sessions = 0;
  const inject: NoticesApp["inject"] = ({ cookie, ...request }) => {
    addresses++;
    return t.app.inject({
      remoteAddress: `10.35.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`,
      ...request,
      headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
    });
  };

  const drainMail = async () => {
    for (let i = 0; i < 200; i++) {
      await t.app.services.mail.runOnce();
      const left = await t.db
        .select({ id: outboxEmails.id })
        .from(outboxEmails)
        .where(
          and(
            inArray(outboxEmails.status, ["pending", "sending"]),
            sql`${outboxEmails.nextAttemptAt} <= now()`,
          ),
        );
      if (left.length === 0) return;
      await sleep(25);
    }
    throw new Error("the mail outbox did not drain");
  };

  const checkout: NoticesApp["checkout"] = (body, headers = {}) =>
    inject({ method: "POST", url: "/api/checkout", payload: body, headers });

  return {
    t,
    smtp,
    wompi,
    wa: wa!,
    inject,
    async cartWith(lines) {
      const sessionId = `session_${Date.now()}_avisos${++sessions}`;
      for (const [productId, quantity] of lines) {
        await t.app.services.cart.add(sessionId, { productId, quantity });
      }
      return sessionId;
    },
    checkout,
    async placed(body, headers) {
      const res = await checkout(body, headers);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<CheckoutDto>();
    },
    async merchantCookie(email) {
      await t.app.services.merchantPortal.requestLoginLink({ email });
      await drainMail();
      const mail = smtp.received
        .filter((m) => m.to.map((a) => a.toLowerCase()).includes(email.toLowerCase()))
        .filter((m) => /\/merchant\/login\?token=/.test(m.text))
        .at(-1)!;
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
      const login = await inject({
        method: "POST",
        url: "/api/merchant/login",
        payload: { token },
      });
      expect(login.statusCode, login.body).toBe(200);
      const setCookie = login.headers["set-cookie"];
      return String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(";")[0];
    },
    async payCard(dto) {
      const link = wompi.links.find((l) => l.redirectUrl === dto.orderUrl);
      if (!link) throw new Error(`no Wompi link for ${dto.orderUrl}`);
      const { transaction } = await wompi.pay(link.id);
      // Posted through the app's own route (a listening app got it from the fake already).
      const body = wompi.notificationBody(transaction);
      const res = await inject({
        method: "POST",
        url: WOMPI_WEBHOOK_PATH,
        payload: body,
        headers: {
          "content-type": "application/json",
          [WOMPI_SIGNATURE_HEADER]: signWompiBody(body, wompi.apiSecret),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    drainMail,
    async mailTo(address) {
      await drainMail();
      const key = address.toLowerCase();
      return smtp.received.filter((m) => m.to.map((a) => a.toLowerCase()).includes(key));
    },
    async drainNotices() {
      // A pass already under way (the listening worker's) may have begun before the caller's
      // last write: only a second idle pass in a row says nothing is left to send now.
      let idle = 0;
      for (let i = 0; i < 50; i++) {
        if ((await t.app.services.notices.runOnce()) > 0) idle = 0;
        else if (++idle === 2) return;
      }
      throw new Error("the notices outbox did not drain");
    },
    async notices(orderIds) {
      return t.db
        .select()
        .from(outboxNotices)
        .where(orderIds ? inArray(outboxNotices.orderId, orderIds) : undefined)
        .orderBy(asc(outboxNotices.id));
    },
    async notice(id) {
      const [row] = await t.db.select().from(outboxNotices).where(eq(outboxNotices.id, id));
      if (!row) throw new Error(`no notice ${id}`);
      return row;
    },
    emailsByKey: (key) => t.db.select().from(outboxEmails).where(eq(outboxEmails.dedupeKey, key)),
    async passTime() {
      await t.db
        .update(outboxNotices)
        .set({ claimedAt: sql`${outboxNotices.claimedAt} - interval '1 minute'` })
        .where(sql`${outboxNotices.claimedAt} is not null`);
      await t.db
        .update(outboxNotices)
        .set({ nextAttemptAt: sql`now()` })
        .where(
          and(eq(outboxNotices.status, "pending"), sql`${outboxNotices.nextAttemptAt} > now()`),
        );
    },
    async close() {
      await t.close();
      await wa?.close();
      await wompi.close();
      await smtp.close();
    },
  };
}

/** Every day of the week open from `open` to `close` (the schedule's JSON). */
export function everyDay(open: string, close: string): string {
  const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
  return JSON.stringify(Object.fromEntries(days.map((day) => [day, { open, close }])));
}

/**
 * A Salvadoran mobile number no other test of the file uses: as a shopper types it
 * ('7xxx-xxxx'), as the API stores a shop's ('+503 7xxx-xxxx'), and in E.164.
 */
let mobiles = 0;
export function newMobile(): { typed: string; stored: string; e164: string } {
  const n = String(1_000_000 + ++mobiles).slice(-7);
  const typed = `7${n.slice(0, 3)}-${n.slice(3)}`;
  return { typed, stored: `+503 ${typed}`, e164: `+5037${n}` };
}
