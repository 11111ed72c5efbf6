import { z } from "zod";
import type { Database, Queryable } from "../../../db/client";
import { emailField } from "../../../shared/schemas/fields";
import * as repo from "./mail.repository";
import type { RenderedEmail } from "./mail.templates";
import { MailWorker, type MailLogger, type MailWorkerOptions } from "./mail.worker";

/** One e-mail to send: usually renderEmail()'s output plus who, what about, and its key. */
export interface MailMessage extends RenderedEmail {
  /** What it is about ('order.customer', 'merchant.approved'…). */
  kind: string;
  /**
   * Names this notice once and for all ('order:123:merchant'): enqueueing a message with a
   * key already in the outbox does nothing, so a retried request never mails twice.
   */
  dedupeKey: string;
  to: string;
  replyTo?: string;
}

// Callers are our own code, but a malformed address or a header-breaking subject would
// only fail later, in the worker, far from the bug: refuse it where it is written.
const messageSchema = z.object({
  kind: z.string().trim().min(1).max(100),
  dedupeKey: z.string().trim().min(1).max(300),
  to: emailField("Destinatario inválido"),
  replyTo: emailField("Dirección de respuesta inválida").optional(),
  subject: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .refine((s) => !/[\r\n]/.test(s), "El asunto debe ser una sola línea"),
  text: z.string().min(1),
  html: z.string().min(1),
});

export interface MailOutboxDeps extends Omit<MailWorkerOptions, "db" | "log"> {
  db: Database;
  log: MailLogger;
}

export interface EnqueueResult {
  /** The outbox row; null when a message with this dedupe key was already there. */
  id: number | null;
  created: boolean;
}

/**
 * The durable mail outbox of issues 10 and 11: `enqueue` writes in the caller's
 * transaction (an order and its e-mails commit together, or neither does), and the
 * worker sends what was committed, retrying with back-off.
 *
 * Wiring: build once per process, `start()` after the server listens, `stop()` on SIGTERM
 * before the database closes.
 */
export function createMailOutbox(deps: MailOutboxDeps) {
  const worker = new MailWorker(deps);

  return {
    /**
     * Adds the message to the outbox through `tx` (a transaction, or the database for a
     * message of its own). Returns whether it was new.
     */
    async enqueue(tx: Queryable, message: MailMessage): Promise<EnqueueResult> {
      const parsed = messageSchema.safeParse(message);
      if (!parsed.success) {
        throw new Error(`Correo inválido (${message.kind}): ${parsed.error.issues[0].message}`);
      }
      const m = parsed.data;
      const { id } = await repo.insertOutboxEmail(tx, {
        kind: m.kind,
        dedupeKey: m.dedupeKey,
        recipient: m.to,
        replyTo: m.replyTo ?? null,
        subject: m.subject,
        textBody: m.text,
        htmlBody: m.html,
      });
      if (id !== null) worker.wake();
      return { id, created: id !== null };
    },

    /** Whether messages are really sent (SMTP configured) or only logged. */
    get sending() {
      return worker.sending;
    },
    start: () => worker.start(),
    stop: () => worker.stop(),
    /** Sends what is due now and resolves with how many were handled (tests, scripts). */
    runOnce: () => worker.runOnce(),
    /** Deletes finished messages past their retention (the worker does it every 6 hours). */
    purge: () => worker.purge(),
    /** E-mails not sent yet (read by GET /metrics at scrape time). */
    backlog: () => repo.countUnsent(deps.db),
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
