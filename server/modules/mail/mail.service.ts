import { z } from "zod";
import type { Database, Queryable } from "../../../db/client";
import { emailField } from "../../../shared/schemas/fields";
import type { OutboxEmailDto, OutboxStatus } from "../../../shared/order-life";
import { hitCounter } from "../../http/rate-limit";
import * as repo from "./mail.repository";
import type { RenderedEmail } from "./mail.templates";
import { MailWorker, type MailLogger, type MailWorkerOptions } from "./mail.worker";

/** The one e-mail layout, for the modules that write their own e-mails (checkout, notices). */
export {
  echo,
  renderEmail,
  type EmailBlock,
  type EmailTemplate,
  type RenderedEmail,
} from "./mail.templates";

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

/**
 * E-mails to an address a visitor typed into a public form (registration, checkout, 'Buscar
 * mi pedido'): at most this many an hour per address, across all of them (issue 25). The
 * form still succeeds; the one beyond is written as `skipped`, with the reason.
 */
export const PUBLIC_FORM_EMAILS_PER_HOUR = 5;
const PUBLIC_FORM_WINDOW_MS = 60 * 60 * 1000;
export const PUBLIC_FORM_CAP_REASON =
  "No enviado: más de 5 correos en una hora a esta dirección desde formularios públicos";

export interface EnqueueOptions {
  /** The address was typed by a visitor in a public form: counted against the hourly cap. */
  publicForm?: boolean;
  /**
   * Written as `skipped` with this reason, its body kept (issue 35: a merchant that switched
   * its order e-mails off): a WhatsApp notice of the same news that fails sends it after all.
   */
  skippedBecause?: string | null;
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
    async enqueue(
      tx: Queryable,
      message: MailMessage,
      options: EnqueueOptions = {},
    ): Promise<EnqueueResult> {
      const parsed = messageSchema.safeParse(message);
      if (!parsed.success) {
        throw new Error(`Correo inválido (${message.kind}): ${parsed.error.issues[0].message}`);
      }
      const m = parsed.data;
      const capped =
        options.publicForm === true &&
        (await hitCounter(tx, `mail-to:${m.to.toLowerCase()}`, PUBLIC_FORM_WINDOW_MS)).hits >
          PUBLIC_FORM_EMAILS_PER_HOUR;
      const { id } = await repo.insertOutboxEmail(tx, {
        kind: m.kind,
        dedupeKey: m.dedupeKey,
        recipient: m.to,
        replyTo: m.replyTo ?? null,
        subject: m.subject,
        textBody: m.text,
        htmlBody: m.html,
        // Never sent: the record says to whom, what and why, without the body.
        ...(capped
          ? { status: "skipped", lastError: PUBLIC_FORM_CAP_REASON, textBody: "", htmlBody: "" }
          : {}),
        // Issue 35: skipped by the merchant's switch, its body kept for a WhatsApp fallback.
        ...(!capped && options.skippedBecause
          ? { status: "skipped" as const, lastError: options.skippedBecause }
          : {}),
      });
      if (id !== null && !capped && !options.skippedBecause) worker.wake();
      return { id, created: id !== null };
    },

    /** Whether messages are really sent (SMTP configured) or only logged. */
    get sending() {
      return worker.sending;
    },
    start: () => worker.start(),
    stop: () => worker.stop(),
    /** An e-mail made due again by another module (a WhatsApp notice's fallback). */
    wake: () => worker.wake(),
    /** Sends what is due now and resolves with how many were handled (tests, scripts). */
    runOnce: () => worker.runOnce(),
    /** Deletes finished messages past their retention (the worker does it every 6 hours). */
    purge: () => worker.purge(),
    /** E-mails not sent yet (read by GET /metrics at scrape time). */
    backlog: () => repo.countUnsent(deps.db),
    /** How long the oldest e-mail still to send has waited, in seconds (GET /metrics). */
    oldestWaitingSeconds: () => repo.oldestUnsentAgeSeconds(deps.db),

    /** The admin's 'Correos' tab: the outbox, newest first, never a body (issue 25). */
    async listAdmin(page: { limit: number; offset: number }) {
      const { rows, total } = await repo.listOutbox(deps.db, page);
      return { items: rows.map(toOutboxEmailDto), total };
    },

    /** 'Reenviar' a failed e-mail: queued again with fresh attempts. */
    async resend(id: number): Promise<OutboxEmailDto | "not_found" | "not_failed"> {
      const requeued = await repo.requeueFailed(deps.db, id);
      if (requeued) worker.wake();
      const row = await repo.findOutboxEmail(deps.db, id);
      if (!row) return "not_found";
      return requeued ? toOutboxEmailDto(row) : "not_failed";
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;

function toOutboxEmailDto(
  row: Pick<
    repo.OutboxEmailRow,
    | "id"
    | "kind"
    | "recipient"
    | "subject"
    | "status"
    | "attempts"
    | "lastError"
    | "createdAt"
    | "sentAt"
  >,
): OutboxEmailDto {
  return {
    id: row.id,
    kind: row.kind,
    to: row.recipient,
    subject: row.subject,
    // The table's check keeps the status to the known ones.
    status: row.status as OutboxStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
