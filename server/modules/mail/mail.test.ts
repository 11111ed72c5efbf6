import { createServer } from "node:net";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "../../../db/client";
import { outboxEmails } from "../../../db/schema/index";
import { openTestDatabase } from "../../test/test-database";
import { claimDueEmail, markSent } from "./mail.repository";
import {
  createMailOutbox,
  DIGEST_REASON,
  PUBLIC_FORM_CAP_REASON,
  type MailMessage,
  type MailOutbox,
} from "./mail.service";
import { renderEmail } from "./mail.templates";
import type { MailLogger } from "./mail.worker";
import { startTestSmtpServer, type TestSmtpServer } from "../../test/test-smtp-server";

const FROM = "Tiangue <pedidos@tiangue.test>";

// The server's own logger is what the outbox will be given.
const _serverLoggerFits = (log: FastifyBaseLogger): MailLogger => log;

function captureLog() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at =
    (level: string) =>
    (obj: object, msg: string): void => {
      lines.push({ level, obj: obj as Record<string, unknown>, msg });
    };
  const log: MailLogger = { info: at("info"), warn: at("warn"), error: at("error") };
  return { log, lines };
}

let counter = 0;
function message(values: Partial<MailMessage> = {}): MailMessage {
  counter++;
  const rendered = renderEmail({
    subject: `Recibimos tu solicitud n.º ${counter}`,
    blocks: [
      "Hola, Peña & Cía: revisaremos tu solicitud en 1 a 3 días hábiles.",
      { button: { label: "Ver mi comercio", url: "https://tiangue.test/comercios/pena" } },
    ],
  });
  return {
    kind: "merchant.application",
    dedupeKey: `test:${counter}`,
    to: `comercio${counter}@ejemplo.sv`,
    ...rendered,
    ...values,
  };
}

/** A free loopback port with nothing listening on it (yet). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === "object" && address ? address.port : 0;
}

describe("mail outbox", () => {
  let database: DatabaseHandle;
  let db: Database;
  let smtp: TestSmtpServer;
  const outboxes: MailOutbox[] = [];

  const outbox = (options: Partial<Parameters<typeof createMailOutbox>[0]> = {}) => {
    const created = createMailOutbox({
      db,
      log: captureLog().log,
      smtpUrl: smtp.url,
      from: FROM,
      ...options,
    });
    outboxes.push(created);
    return created;
  };
  const rows = () => db.select().from(outboxEmails).orderBy(outboxEmails.id);
  const row = async (id: number | null) =>
    (await db.select().from(outboxEmails).where(eq(outboxEmails.id, id!)))[0];
  /** Time passes: every waiting message is due now. */
  const makeDue = () =>
    db
      .update(outboxEmails)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(sql`${outboxEmails.status} in ('pending', 'sending')`);

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    smtp = await startTestSmtpServer();
    await db.delete(outboxEmails);
  });
  afterEach(async () => {
    await Promise.all(outboxes.splice(0).map((o) => o.stop()));
    await smtp.close();
  });

  it("sends what was enqueued in the caller's transaction through SMTP", async () => {
    const mail = outbox();
    const sent = message({ replyTo: "cliente@ejemplo.sv" });
    const { id, created } = await db.transaction((tx) => mail.enqueue(tx, sent));
    expect(created).toBe(true);
    expect((await row(id)).status).toBe("pending");

    expect(await mail.runOnce()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const [email] = smtp.received;
    expect(email.from).toBe('"Tiangue" <pedidos@tiangue.test>');
    expect(email.to).toEqual([sent.to]);
    expect(email.replyTo).toBe("cliente@ejemplo.sv");
    expect(email.subject).toBe(sent.subject);
    expect(email.text).toContain(
      "Hola, Peña & Cía: revisaremos tu solicitud en 1 a 3 días hábiles.",
    );
    expect(email.text).toContain("https://tiangue.test/comercios/pena");
    expect(email.html).toContain("Peña &amp; Cía");
    expect(email.html).toContain('href="https://tiangue.test/comercios/pena"');
    expect(email.messageId).toMatch(new RegExp(`^<outbox-${id}-\\d+@tiangue\\.test>$`));

    const stored = await row(id);
    expect(stored).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(await mail.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it("caps public-form e-mails per mailbox: plus-tags, Gmail's dots and case share one 5 (issue 37 M1)", async () => {
    const mail = outbox();
    const spellings = [
      "rosa@gmail.com",
      "rosa+1@gmail.com",
      "r.osa@gmail.com",
      "ROSA+2@googlemail.com",
      "ro.sa+3@gmail.com",
      "r.o.s.a+4@gmail.com",
    ];
    const ids: (number | null)[] = [];
    for (const to of spellings) {
      ids.push((await mail.enqueue(db, message({ to }), { publicForm: true })).id);
    }
    const stored = await Promise.all(ids.map(row));
    expect(stored.slice(0, 5).map((r) => r.status)).toEqual(Array(5).fill("pending"));
    expect(stored[5]).toMatchObject({ status: "skipped", lastError: PUBLIC_FORM_CAP_REASON });
    // Another mailbox keeps its own five.
    const other = await mail.enqueue(db, message({ to: "rosa.maria@gmail.com" }), {
      publicForm: true,
    });
    expect((await row(other.id)).status).toBe("pending");
  });

  it("sends a fixed recipient at most 20 an hour of one kind, the rest in one summary due at the hour's end (issue 37 M1)", async () => {
    const mail = outbox();
    const to = "pedidos@comercio-resumen.sv";
    const digest = {
      subject: "Más pedidos nuevos en Tiangue",
      intro: "Llegaron más de 20 pedidos en una hora; estos son los demás.",
      button: { label: "Ver mis pedidos", url: "https://tiangue.test/merchant?tab=pedidos" },
    };
    for (let i = 1; i <= 23; i++) {
      await mail.enqueue(db, message({ to, kind: "order.merchant", subject: `Pedido n.º ${i}` }), {
        digest,
      });
    }
    const all = await rows();
    const single = all.filter((r) => r.kind === "order.merchant");
    expect(single.filter((r) => r.status === "pending")).toHaveLength(20);
    const held = single.filter((r) => r.status === "skipped");
    expect(held.map((r) => r.subject)).toEqual(["Pedido n.º 21", "Pedido n.º 22", "Pedido n.º 23"]);
    expect(held.every((r) => r.lastError === DIGEST_REASON && r.textBody === "")).toBe(true);

    const summaries = all.filter((r) => r.kind === "order.merchant.digest");
    expect(summaries).toHaveLength(1);
    const [summary] = summaries;
    expect(summary).toMatchObject({ status: "pending", recipient: to });
    expect(summary.subject).toBe("Más pedidos nuevos en Tiangue (3)");
    for (const subject of ["Pedido n.º 21", "Pedido n.º 22", "Pedido n.º 23"]) {
      expect(summary.textBody).toContain(subject);
    }
    expect(summary.textBody).not.toContain("Pedido n.º 20");
    expect(summary.htmlBody).toContain('href="https://tiangue.test/merchant?tab=pedidos"');
    // Due when the counter's hour ends, not now: the 20 go out, the summary waits.
    const dueInMs = summary.nextAttemptAt.getTime() - Date.now();
    expect(dueInMs).toBeGreaterThan(59 * 60_000);
    expect(dueInMs).toBeLessThanOrEqual(60 * 60_000 + 5_000);
    expect(await mail.runOnce()).toBe(20);
    expect(smtp.received.map((m) => m.subject)).not.toContain(summary.subject);
  });

  it("enqueues a dedupe key once: the same notice again is neither stored nor sent", async () => {
    const mail = outbox();
    const first = message();
    expect((await mail.enqueue(db, first)).created).toBe(true);
    const again = await mail.enqueue(db, { ...message(), dedupeKey: first.dedupeKey });
    expect(again).toEqual({ id: null, created: false });
    expect(await rows()).toHaveLength(1);
    await mail.runOnce();
    expect(smtp.received.map((e) => e.to)).toEqual([[first.to]]);
  });

  it("writes nothing when the caller's transaction rolls back", async () => {
    const mail = outbox();
    await expect(
      db.transaction(async (tx) => {
        await mail.enqueue(tx, message());
        throw new Error("el pedido falló");
      }),
    ).rejects.toThrow("el pedido falló");
    expect(await rows()).toHaveLength(0);
    expect(await mail.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("refuses a malformed message where it is enqueued", async () => {
    const mail = outbox();
    await expect(mail.enqueue(db, message({ to: "no es un correo" }))).rejects.toThrow(
      "Destinatario inválido",
    );
    await expect(
      mail.enqueue(db, message({ subject: "Hola\r\nBcc: otro@ejemplo.sv" })),
    ).rejects.toThrow("una sola línea");
    expect(await rows()).toHaveLength(0);
  });

  it("retries after the SMTP server answers 451, a minute later by default", async () => {
    const mail = outbox();
    smtp.refuse("DATA", 451);
    const { id } = await mail.enqueue(db, message());

    expect(await mail.runOnce()).toBe(1);
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting.lastError).toContain("451");
    const [{ wait }] = (
      (await db.execute(
        sql`select extract(epoch from next_attempt_at - now())::float as wait from outbox_emails where id = ${id}`,
      )) as unknown as { rows: { wait: number }[] }
    ).rows;
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    // Not due yet: nothing is sent before its time.
    expect(await mail.runOnce()).toBe(0);

    await makeDue();
    expect(await mail.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(smtp.received).toHaveLength(1);
  });

  it("retries when the SMTP server is not running yet", async () => {
    const port = await freePort();
    const mail = outbox({ smtpUrl: smtp.url.replace(/:\d+$/, `:${port}`) });
    const { id } = await mail.enqueue(db, message());

    await mail.runOnce();
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);

    const late = await startTestSmtpServer(port);
    try {
      await makeDue();
      await mail.runOnce();
      expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
      expect(late.received).toHaveLength(1);
    } finally {
      await late.close();
    }
  });

  it("keeps no body once sent: a dump holds no working link, the subject and recipient stay (issue 26)", async () => {
    const mail = outbox();
    const { id } = await mail.enqueue(db, message());
    expect((await row(id)).textBody).toContain("https://tiangue.test/comercios/pena");
    await mail.runOnce();
    expect(smtp.received[0].text).toContain("https://tiangue.test/comercios/pena");
    const stored = await row(id);
    expect(stored).toMatchObject({ status: "sent", textBody: "", htmlBody: "" });
    expect(stored.subject).toMatch(/^Recibimos tu solicitud/);
    expect(stored.recipient).toMatch(/@ejemplo\.sv$/);
  });

  it("loses nothing while SMTP is down for minutes, backs off, shows the backlog, then drains in order (issue 26)", async () => {
    const port = smtp.port;
    await smtp.close();
    const mail = outbox({ retryDelaysMs: [60_000, 300_000, 1_800_000] });
    const ids: (number | null)[] = [];
    for (let i = 0; i < 3; i++) ids.push((await mail.enqueue(db, message())).id);

    // Down: every attempt fails and waits longer the next time.
    await mail.runOnce();
    const first = await rows();
    expect(first.map((r) => r.status)).toEqual(["pending", "pending", "pending"]);
    const waits = async () =>
      (
        (await db.execute(
          sql`select extract(epoch from next_attempt_at - now())::float8 as s from outbox_emails order by id`,
        )) as unknown as { rows: { s: number }[] }
      ).rows.map((r) => r.s);
    for (const wait of await waits()) expect(wait).toBeGreaterThan(50);
    await makeDue();
    await mail.runOnce();
    for (const wait of await waits()) expect(wait).toBeGreaterThan(250);
    // Minutes pass: the backlog and its oldest e-mail's age are what /metrics reads.
    await db
      .update(outboxEmails)
      .set({ createdAt: sql`now() - interval '7 minutes'` })
      .where(eq(outboxEmails.id, ids[0]!));
    expect(await mail.backlog()).toBe(3);
    expect(await mail.oldestWaitingSeconds()).toBeGreaterThanOrEqual(7 * 60 - 1);

    // Back: the backlog drains, oldest first, each once.
    const back = await startTestSmtpServer(port);
    try {
      await makeDue();
      await mail.runOnce();
      expect(back.received.map((e) => e.to[0])).toEqual((await rows()).map((r) => r.recipient));
      expect((await rows()).map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
      expect(await mail.backlog()).toBe(0);
      expect(await mail.oldestWaitingSeconds()).toBe(0);
    } finally {
      await back.close();
      smtp = await startTestSmtpServer();
    }
  });

  it("gives up at once when the server refuses the recipient for good (550)", async () => {
    const { log, lines } = captureLog();
    const mail = outbox({ log });
    smtp.refuse("RCPT TO", 550);
    const { id } = await mail.enqueue(db, message());
    await mail.runOnce();
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.lastError).toContain("550");
    expect(lines.some((l) => l.level === "error" && l.obj.id === id)).toBe(true);
    await makeDue();
    expect(await mail.runOnce()).toBe(0);
  });

  it("gives up after its last attempt", async () => {
    const mail = outbox({ maxAttempts: 2 });
    smtp.refuse("DATA", 421, 5);
    const { id } = await mail.enqueue(db, message());
    await mail.runOnce();
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 1 });
    await makeDue();
    await mail.runOnce();
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 2 });
    await makeDue();
    expect(await mail.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("sends a message claimed by a process that died, once its lease has expired", async () => {
    const mail = outbox();
    const { id } = await mail.enqueue(db, message());
    // Another process claimed it and died before sending.
    const lost = (await claimDueEmail(db, 5 * 60_000))!;
    expect(lost).toMatchObject({ id, status: "sending", attempts: 1 });

    // Within the lease nobody else takes it.
    expect(await mail.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);

    await makeDue(); // the lease runs out
    expect(await mail.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
    // Had the first process come back, its stale claim could not record anything.
    expect(await markSent(db, lost)).toBe(false);
  });

  it("sends a message cut off mid-send once more, with the same Message-ID (issue 26)", async () => {
    // The server holds its answer past the send's timeout (half the lease): the message did
    // arrive, but the worker could not know, as when a process dies before recording it.
    // Wide margins: on a busy machine connecting alone may take a good part of a second.
    const mail = outbox({ leaseMs: 4000, retryDelaysMs: [10] });
    smtp.delayMs = 3000;
    const { id } = await mail.enqueue(db, message());
    await mail.runOnce();
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 1 });
    await smtp.waitFor(1);

    smtp.delayMs = 0;
    await makeDue();
    expect(await mail.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
    await makeDue();
    expect(await mail.runOnce()).toBe(0);
    // Twice at most, and one Message-ID: mail systems can tell it is one message.
    const ids = smtp.received.map((e) => e.messageId);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[0]).toMatch(new RegExp(`^<outbox-${id}-\\d+@tiangue\\.test>$`));
  });

  it("marks failed, without sending, a last attempt whose process died", async () => {
    const mail = outbox({ maxAttempts: 1 });
    const { id } = await mail.enqueue(db, message());
    await claimDueEmail(db, 5 * 60_000);
    await makeDue();
    await mail.runOnce();
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 2 });
    expect(smtp.received).toHaveLength(0);
  });

  it("never sends a message twice when two workers race", async () => {
    // On PostgreSQL the second worker has its own connection pool, as another process would.
    let other: DatabaseHandle | undefined;
    let otherDb = db;
    if (database.kind === "postgres") {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = new URL(database.location).pathname;
      other = await openDatabase({ url: url.toString(), poolSize: 2 });
      otherDb = other.db;
    }
    try {
      const first = outbox();
      const second = outbox({ db: otherDb });
      const count = 20;
      for (let i = 0; i < count; i++) await first.enqueue(db, message());
      // Each send takes a while, so both workers are busy at once.
      smtp.delayMs = 15;

      const [a, b] = await Promise.all([first.runOnce(), second.runOnce()]);

      expect(a + b).toBe(count);
      if (database.kind === "postgres") {
        expect(a).toBeGreaterThan(0);
        expect(b).toBeGreaterThan(0);
      }
      expect(smtp.received).toHaveLength(count);
      expect(new Set(smtp.received.map((e) => e.messageId)).size).toBe(count);
      const stored = await rows();
      expect(stored.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    } finally {
      await other?.close();
    }
  });

  it("without SMTP_URL logs who and what (not the body) and keeps the message", async () => {
    const { log, lines } = captureLog();
    const mail = outbox({ smtpUrl: undefined, from: undefined, log });
    expect(mail.sending).toBe(false);
    const sent = message();
    const { id } = await mail.enqueue(db, sent);

    expect(await mail.runOnce()).toBe(1);
    const stored = await row(id);
    expect(stored).toMatchObject({ status: "logged", attempts: 1, textBody: sent.text });
    const logged = lines.filter((l) => l.obj.id === id);
    expect(logged).toHaveLength(1);
    expect(logged[0].obj).toMatchObject({ to: sent.to, subject: sent.subject });
    expect(logged[0].msg).toContain("SMTP_URL");
    expect(JSON.stringify(logged)).not.toContain("Peña");
    // Logged once: the next run finds nothing to do.
    expect(await mail.runOnce()).toBe(0);
  });

  it("deletes finished messages once past their retention, never those still to send", async () => {
    const mail = outbox({ retentionDays: 30 });
    const ids: Record<string, number> = {};
    for (const status of ["sent", "logged", "failed", "pending", "sending"] as const) {
      const { id } = await mail.enqueue(db, message());
      await db
        .update(outboxEmails)
        .set({ status, createdAt: sql`now() - interval '31 days'` })
        .where(eq(outboxEmails.id, id!));
      ids[status] = id!;
    }
    const { id: recent } = await mail.enqueue(db, message());
    await db.update(outboxEmails).set({ status: "sent" }).where(eq(outboxEmails.id, recent!));

    expect(await mail.purge()).toBe(3);
    expect((await rows()).map((r) => r.id)).toEqual([ids.pending, ids.sending, recent]);
  });

  it("refuses SMTP_URL without MAIL_FROM", () => {
    expect(() => outbox({ from: undefined })).toThrow("MAIL_FROM");
  });

  it("once started, wakes as soon as a message is enqueued, and stop() waits for its send", async () => {
    const mail = outbox({ pollIntervalMs: 60 * 60_000 });
    mail.start();
    await db.transaction((tx) => mail.enqueue(tx, message()));
    await smtp.waitFor(1);

    smtp.delayMs = 300;
    const { id } = await db.transaction((tx) => mail.enqueue(tx, message()));
    while ((await row(id)).status !== "sending") await new Promise((r) => setTimeout(r, 10));
    await mail.stop();
    // stop() returned only after the server accepted it and the outbox recorded it.
    expect(smtp.received).toHaveLength(2);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1 });
  });
});
