import { z } from "zod";
import type { Database, Queryable } from "../../../db/client";
import { emailField } from "../../../shared/schemas/fields";
import type { OutboxStatus } from "../../../shared/order-life";
import type { OutboxEmailDto } from "../../../shared/api-types";
import { hitCounter } from "../../http/rate-limit";
import { mailboxOf } from "./mailbox";
import { renderEmail } from "./mail.templates";
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
// Counted per mailbox, not per spelling: ana+1@gmail.com and a.na@gmail.com are ana@gmail.com.
const PUBLIC_FORM_WINDOW_MS = 60 * 60 * 1000;
export const PUBLIC_FORM_CAP_REASON =
  "No enviado: más de 5 correos en una hora a esta dirección desde formularios públicos";

/**
 * E-mails that a public write sends to a fixed recipient (a merchant's 'Nuevo pedido', the
 * administrators' 'Nueva solicitud'): beyond this many an hour of one kind to one mailbox,
 * each is held (`skipped`, its subject kept) and one summary of the hour is sent at its end,
 * so that a script placing orders or applications cannot bury a shop's inbox (issue 37, M1).
 */
export const FIXED_RECIPIENT_EMAILS_PER_HOUR = 20;
export const DIGEST_REASON = `No enviado uno a uno: más de ${FIXED_RECIPIENT_EMAILS_PER_HOUR} en una hora; va en el resumen de la hora`;

export interface DigestOptions {
  /** The summary's subject and first paragraph; the held e-mails' subjects are listed under. */
  subject: string;
  intro: string;
  button: { label: string; url: string };
}

export interface EnqueueOptions {
  /** Sent by a public write to a fixed recipient: beyond the hourly cap, in one summary. */
  digest?: DigestOptions;
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

  /**
   * Counts `m` against its kind's hourly cap to its mailbox; beyond it, stores `m` held and
   * (re)writes the hour's summary, due when the hour ends. True when held. A message its
   * recipient switched off (`skippedBecause`) is stored as such and never summarised.
   */
  async function holdForDigest(
    tx: Queryable,
    m: MailMessage,
    digest: DigestOptions,
    skippedBecause: string | null,
  ): Promise<boolean> {
    if (skippedBecause) return false;
    const mailbox = mailboxOf(m.to);
    const counter = await hitCounter(tx, `mail-fixed:${m.kind}:${mailbox}`, PUBLIC_FORM_WINDOW_MS);
    if (counter.hits <= FIXED_RECIPIENT_EMAILS_PER_HOUR) return false;
    const { id } = await repo.insertOutboxEmail(tx, {
      kind: m.kind,
      dedupeKey: m.dedupeKey,
      recipient: m.to,
      replyTo: m.replyTo ?? null,
      subject: m.subject,
      textBody: "",
      htmlBody: "",
      status: "skipped",
      lastError: DIGEST_REASON,
    });
    if (id === null) return true;
    // One summary per window of the counter: its end, in whole seconds, names it.
    const windowEnd = Math.round((Date.now() + counter.ttlMs) / 1000);
    const subjects = await repo.heldSubjects(tx, m.kind, m.to, DIGEST_REASON);
    const rendered = renderEmail({
      subject: `${digest.subject} (${subjects.length})`,
      blocks: [
        digest.intro,
        { rows: subjects.map((subject, i) => [`${i + 1}.`, subject] as const) },
        { button: digest.button },
      ],
      footer: `Recibes un resumen cuando llegan más de ${FIXED_RECIPIENT_EMAILS_PER_HOUR} avisos en una hora.`,
    });
    await repo.upsertDigest(tx, {
      kind: `${m.kind}.digest`,
      dedupeKey: `digest:${m.kind}:${mailbox}:${windowEnd}`,
      recipient: m.to,
      replyTo: null,
      ...rendered,
      dueInMs: counter.ttlMs,
    });
    return true;
  }

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
        (await hitCounter(tx, `mail-to:${mailboxOf(m.to)}`, PUBLIC_FORM_WINDOW_MS)).hits >
          PUBLIC_FORM_EMAILS_PER_HOUR;
      const held =
        options.digest !== undefined &&
        !capped &&
        (await holdForDigest(tx, m, options.digest, options.skippedBecause ?? null));
      if (held) return { id: null, created: true };
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
