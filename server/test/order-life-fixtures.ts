import { createServer } from "node:net";
import { inArray } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { outboxEmails } from "../../db/schema/index";
import type { CheckoutDto } from "../../shared/checkout";
import { startFakeWompi, type FakeWompi } from "../modules/payments/wompi.fake";
import { createTestApp, type TestApp } from "./test-app";
import { startTestSmtpServer, type ReceivedEmail, type TestSmtpServer } from "./test-smtp-server";

/**
 * What the tests of issue 25 (orders that reach the door) share: an app that listens (the
 * fake Wompi posts its notifications to it and the mail worker runs), with the real SMTP
 * server and the fake Wompi; merchant sessions; carts and checkouts.
 */

/** A free loopback port with nothing listening on it (yet). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === "object" && address ? address.port : 0;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface DoorApp {
  t: TestApp;
  smtp: TestSmtpServer;
  fake: FakeWompi;
  /** app.inject from a new client address each time (the per-address limits stay out of the way). */
  inject(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  /** A cart of these lines, under a new session id. */
  cartWith(lines: [productId: number, quantity: number][]): Promise<string>;
  /** POST /api/checkout. */
  checkout(body: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** POST /api/checkout that must answer 201. */
  placed(body: Record<string, unknown>): Promise<CheckoutDto>;
  /** GET of an order page URL (absolute, token included) through the API. */
  orderPage(url: string): Promise<LightMyRequestResponse>;
  /** Signs in as the merchant user of `email` (the link read from the outbox): the Cookie. */
  merchantCookie(email: string): Promise<string>;
  /** Runs the mail worker until nothing is left to send now. */
  drain(): Promise<void>;
  /** The e-mails the SMTP server received for this address (after draining the outbox). */
  mailTo(address: string): Promise<ReceivedEmail[]>;
  close(): Promise<void>;
}

export const MAIL_FROM = "Tiangue <pedidos@tiangue.test>";

export async function startDoorApp(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<DoorApp> {
  const fake = await startFakeWompi();
  const smtp = await startTestSmtpServer();
  const port = await freePort();
  const t = await createTestApp(
    {
      ...fake.env,
      SMTP_URL: smtp.url,
      MAIL_FROM,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    options,
  );
  await t.app.listen({ host: "127.0.0.1", port });
  await t.adminCookie();

  let addresses = 0;
  let sessions = 0;
  const inject: DoorApp["inject"] = ({ cookie, ...options }) => {
    addresses++;
    return t.app.inject({
      remoteAddress: `10.25.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`,
      ...options,
      headers: { ...options.headers, ...(cookie ? { cookie } : {}) },
    });
  };

  const drain = async () => {
    // 'Buscar mi pedido' queues its e-mail after answering (issue 37 L1).
    await t.app.services.checkout.lookups.settled();
    for (let i = 0; i < 200; i++) {
      await t.app.services.mail.runOnce();
      const left = await t.db
        .select({ id: outboxEmails.id })
        .from(outboxEmails)
        .where(inArray(outboxEmails.status, ["pending", "sending"]));
      if (left.length === 0) return;
      await sleep(25);
    }
    throw new Error("the outbox did not drain");
  };

  const checkout: DoorApp["checkout"] = (body) =>
    inject({ method: "POST", url: "/api/checkout", payload: body });

  return {
    t,
    smtp,
    fake,
    inject,
    async cartWith(lines) {
      const sessionId = `session_${Date.now()}_door${++sessions}`;
      for (const [productId, quantity] of lines) {
        await t.app.services.cart.add(sessionId, { productId, quantity });
      }
      return sessionId;
    },
    checkout,
    async placed(body) {
      const res = await checkout(body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<CheckoutDto>();
    },
    orderPage(url) {
      const { pathname, search } = new URL(url);
      return inject({ method: "GET", url: `/api${pathname}${search}` });
    },
    async merchantCookie(email) {
      await t.app.services.merchantPortal.requestLoginLink({ email });
      // The outbox keeps no body once sent (issue 26): the link is read where it arrived.
      await drain();
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
    drain,
    async mailTo(address) {
      await drain();
      const key = address.toLowerCase();
      return smtp.received.filter((m) => m.to.map((a) => a.toLowerCase()).includes(key));
    },
    async close() {
      await t.close();
      await fake.close();
      await smtp.close();
    },
  };
}

/** The order page links (absolute, token included) in an e-mail's text. */
export function orderLinksIn(text: string): string[] {
  return [
    ...text.matchAll(/https?:\/\/[^\s"<>]+\/orders\/ES-\d{4}-\d+\?token=[A-Za-z0-9_%-]+/g),
  ].map((m) => m[0]);
}
