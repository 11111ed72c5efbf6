import type { Database } from "../../../db/client";
import type { MailLogger } from "../mail/mail.worker";
import type { PushSender } from "./push.sender";
import * as channelHealth from "./channel-health.repository";
import * as outbox from "./notices.repository";
import * as pushDevices from "./push-devices.repository";
import * as numbers from "./whatsapp-numbers.repository";
import {
  classifyWhatsAppError,
  retryDelaySeconds,
  type WhatsAppClient,
  type WhatsAppSendResult,
} from "./whatsapp.client";
import type { WhatsAppTemplateName } from "./whatsapp.templates";

/**
 * Sends the notices outbox (issue 35): one loop per channel claims a due row at a time
 * (several processes may, see claimDueNotice), sends it and records the outcome.
 *
 * WhatsApp (docs/reliability.md, 'Avisos'):
 * - retried with back-off only for what Meta says to retry (classifyWhatsAppError);
 * - an answer that never came (timeout, connection cut, a process killed mid-send) is not
 *   sent again blindly: the row waits as `unknown` for the status webhook, which names it by
 *   biz_opaque_callback_data, and only then is tried once more ("the last check"): the one
 *   case in which a shopper may read a message twice;
 * - given up on a refusal: the recipient's skipped e-mail of the same notice goes instead;
 * - a token (190) or payment (131042) error stops the channel for every process.
 */

export const DEFAULT_NOTICE_LEASE_MS = 30_000;
/** How long an unanswered send waits for its status webhook before the last check. */
export const DEFAULT_UNKNOWN_WAIT_MS = 5 * 60_000;
export const MAX_NOTICE_ATTEMPTS = 6;
/** Meta: one message per 6 s to a number, 80 a second per sending number; ours a margin under. */
export const DEFAULT_PACE: outbox.WhatsAppPace = { pairGapMs: 6_500, perSecond: 79 };
/**
 * One process spaces its claims a little under the pace, so that its own claims never fill
 * the last second's count (a refused claim ends the drain for 100 ms); the count still holds
 * several processes under it.
 */
const OWN_PACE_SHARE = 0.97;
/** A notice held back by its number's 6-second gap is sent at most this late after it. */
const POLL_INTERVAL_MS = 1_000;
/** Soon after a busy drain: the rate limit or a number's gap may have held rows back. */
const BUSY_RECHECK_MS = 100;
/** WhatsApp sends one process keeps in flight at once. */
const WHATSAPP_SENDERS = 3;
const RECHECK_AFTER_WAKE_MS = [50, 200, 1000, 3000];
const PUSH_RETRY_MS = [30_000, 120_000, 600_000, 1_800_000, 7_200_000];
const STOP_CHECK_MS = 2_000;

export const OPTED_OUT_REASON = "No enviado: el número pidió no recibir avisos (BAJA)";
export const NO_DEVICES_REASON = "No enviado: el comercio no tiene teléfonos con avisos activados";
const NO_ANSWER_REASON = "Meta no confirmó el envío (sin respuesta)";

export interface NoticeWorkerOptions {
  db: Database;
  log: MailLogger;
  whatsapp: WhatsAppClient | null;
  /** Resolved on first use: the VAPID keys may be generated and stored then. */
  push: () => Promise<PushSender>;
  leaseMs?: number;
  unknownWaitMs?: number;
  pace?: outbox.WhatsAppPace;
  /** A skipped e-mail was released in a failed notice's place: the mail worker sends it now. */
  onEmailReleased?: () => void;
  /** Counts what /metrics shows beside the table's states. */
  onEvent?: (event: "channel_stopped" | "uncertain" | "sent", channel: string) => void;
}

interface WhatsAppPayload {
  params?: string[];
  buttonSuffix?: string;
  text?: string;
  fallbackEmailKey?: string;
  uncertain?: boolean;
}

interface PushPayload {
  title: string;
  body: string;
  tag: string;
  url: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class NoticeWorker {
  private readonly leaseMs: number;
  private readonly unknownWaitMs: number;
  private readonly pace: outbox.WhatsAppPace;
  private started = false;
  private stopRequested = false;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<number> | undefined;
  private rechecks: number[] = [];
  private stopCheckedAt = 0;
  private whatsappStopped = false;
  private nextWhatsAppClaimAt = 0;

  constructor(private readonly options: NoticeWorkerOptions) {
    this.leaseMs = options.leaseMs ?? DEFAULT_NOTICE_LEASE_MS;
    this.unknownWaitMs = options.unknownWaitMs ?? DEFAULT_UNKNOWN_WAIT_MS;
    this.pace = options.pace ?? DEFAULT_PACE;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopRequested = false;
    this.schedule(0);
  }

  wake(): void {
    this.rechecks = [...RECHECK_AFTER_WAKE_MS];
    this.stopCheckedAt = 0;
    if (this.started && !this.draining) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.started = false;
    this.stopRequested = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.draining;
  }

  /** Sends what is due now on both channels; resolves with how many were handled. */
  runOnce(): Promise<number> {
    this.draining ??= this.drain().finally(() => (this.draining = undefined));
    return this.draining;
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay).unref();
  }

  private async tick() {
    this.timer = undefined;
    let handled = 0;
    try {
      handled = await this.runOnce();
    } catch (error) {
      this.options.log.error({ err: error }, "Avisos: no se pudo leer la base de datos");
    }
    if (!this.started) return;
    if (handled > 0) this.schedule(BUSY_RECHECK_MS);
    else this.schedule(this.rechecks.shift() ?? POLL_INTERVAL_MS);
  }

  private async isWhatsAppStopped(): Promise<boolean> {
    if (Date.now() - this.stopCheckedAt > STOP_CHECK_MS) {
      this.whatsappStopped =
        (await channelHealth.findChannelStop(this.options.db, "whatsapp")) !== undefined;
      this.stopCheckedAt = Date.now();
    }
    return this.whatsappStopped;
  }

  private async drain(): Promise<number> {
    // Both channels side by side: a slow push service never holds WhatsApp back.
    const [whatsapp, push] = await Promise.all([this.drainWhatsApp(), this.drainPush()]);
    return whatsapp + push;
  }

  private async drainWhatsApp(): Promise<number> {
    if (!this.options.whatsapp) return 0;
    // A few sends in flight: one at a time, each send's round trip (~14 ms) alone held the
    // drain under Meta's 80 a second. The claim, not the sender, keeps the pace and the gap.
    const senders = Array.from({ length: WHATSAPP_SENDERS }, () => this.sendWhatsAppInTurn());
    return (await Promise.all(senders)).reduce((sum, handled) => sum + handled, 0);
  }

  private async sendWhatsAppInTurn(): Promise<number> {
    if (!this.options.whatsapp) return 0;
    let handled = 0;
    while (!this.stopRequested && !(await this.isWhatsAppStopped())) {
      await this.nextWhatsAppTurn();
      const claim = await outbox.claimDueNotice(
        this.options.db,
        "whatsapp",
        this.leaseMs,
        this.pace,
      );
      if (!claim) break;
      try {
        await this.deliverWhatsApp(this.options.whatsapp, claim);
      } catch (error) {
        // The database went away mid-notice: the row's lease brings it back, marked uncertain.
        this.options.log.error(
          { err: error, id: claim.id },
          "Avisos: no se pudo registrar un envío",
        );
        break;
      }
      handled++;
    }
    return handled;
  }

  /**
   * Spaces this process's claims evenly (about 75 a second: one each 13.4 ms), so the senders
   * never spend a second's share in a burst and then wait out the rest of it.
   */
  private async nextWhatsAppTurn(): Promise<void> {
    const now = Date.now();
    const turn = Math.max(now, this.nextWhatsAppClaimAt);
    this.nextWhatsAppClaimAt = turn + 1000 / (this.pace.perSecond * OWN_PACE_SHARE);
    if (turn > now) await sleep(turn - now);
  }

  private async drainPush(): Promise<number> {
    let handled = 0;
    while (!this.stopRequested) {
      const claim = await outbox.claimDueNotice(this.options.db, "push", this.leaseMs, this.pace);
      if (!claim) break;
      await this.deliverPush(claim);
      handled++;
    }
    return handled;
  }

  private async deliverWhatsApp(client: WhatsAppClient, claim: outbox.NoticeRow) {
    const { db, log } = this.options;
    const payload = claim.payload as WhatsAppPayload;
    const about = {
      id: claim.id,
      kind: claim.kind,
      template: claim.template,
      attempt: claim.attempts,
    };
    if (claim.kind !== "reply.optout" && (await numbers.isOptedOut(db, claim.recipient))) {
      await outbox.markNoticeFinal(db, claim.id, claim, {
        status: "skipped",
        error: OPTED_OUT_REASON,
      });
      return;
    }
    const callbackData = String(claim.id);
    // A message the client refuses to build (a stored row it cannot send) never left: it is
    // retried and given up like any unsent one, not claimed again for ever.
    const result: WhatsAppSendResult = await (async () =>
      claim.template
        ? client.sendTemplate({
            to: claim.recipient,
            template: claim.template as WhatsAppTemplateName,
            params: payload.params ?? [],
            buttonSuffix: payload.buttonSuffix ?? "",
            callbackData,
          })
        : client.sendText({ to: claim.recipient, body: payload.text ?? "", callbackData }))().catch(
      (error: unknown): WhatsAppSendResult => ({
        outcome: "not_sent",
        error: `No se pudo preparar el mensaje: ${error instanceof Error ? error.message : String(error)}`,
      }),
    );

    if (result.outcome === "sent") {
      await this.recordSent(claim, result.messageId);
      return;
    }
    if (result.outcome === "unknown") {
      this.options.onEvent?.("uncertain", "whatsapp");
      if (payload.uncertain) {
        // The last check went unanswered too: kept as unknown, never tried again.
        await outbox.markNoticeFinal(db, claim.id, claim, {
          status: "unknown",
          error: `${NO_ANSWER_REASON}: ${result.error}`,
        });
      } else {
        await outbox.markNoticeRetry(
          db,
          claim,
          { error: `${NO_ANSWER_REASON}: ${result.error}`, code: null },
          this.unknownWaitMs,
          "unknown",
        );
      }
      log.warn({ ...about, error: result.error }, "WhatsApp: sin respuesta; se espera su estado");
      return;
    }
    if (result.outcome === "not_sent") {
      await this.retryOrGiveUp(claim, { error: result.error, code: null }, 30);
      return;
    }
    await this.handleError(claim, {
      code: result.code,
      title: result.title,
      details: result.details,
    });
  }

  private async recordSent(claim: outbox.NoticeRow, messageId: string | null) {
    this.options.onEvent?.("sent", claim.channel);
    for (let tries = 1; ; tries++) {
      try {
        if (!(await outbox.markNoticeSent(this.options.db, claim, messageId))) {
          this.options.log.info({ id: claim.id }, "Aviso enviado; su estado ya había llegado");
        }
        return;
      } catch (error) {
        // Failing to record it would send it again: try a little longer.
        if (tries >= 3) throw error;
        await sleep(1000);
      }
    }
  }

  /** Meta's error, answered at once or in a `failed` status webhook (claim: the row as claimed). */
  async handleError(
    claim: outbox.NoticeRow,
    error: { code: number; title: string; details?: string },
    options: { fromWebhook?: boolean } = {},
  ): Promise<void> {
    const { db, log } = this.options;
    const text =
      `${error.code} · ${error.title}${error.details ? ` · ${error.details}` : ""}`.slice(0, 1000);
    const action = classifyWhatsAppError(error.code);
    if (action === "stop_channel") {
      await channelHealth.stopChannel(db, "whatsapp", { code: error.code, text });
      this.whatsappStopped = true;
      this.stopCheckedAt = Date.now();
      this.options.onEvent?.("channel_stopped", "whatsapp");
      log.error(
        { id: claim.id, code: error.code, error: text },
        "WhatsApp detenido: Meta rechazó el envío por el token o el pago; se reanuda al reiniciar o con 'Reintentar'",
      );
      // Not this notice's fault: it waits, due at once, for the channel to come back.
      if (options.fromWebhook) await outbox.requeueNotice(db, claim.id, 0, text);
      else await outbox.markNoticeRetry(db, claim, { error: text, code: error.code }, 0);
      return;
    }
    if (action === "retry") {
      await this.retryOrGiveUp(
        claim,
        { error: text, code: error.code },
        retryDelaySeconds(error.code, claim.attempts),
        options,
      );
      return;
    }
    await this.giveUp(claim, { error: text, code: error.code }, options);
  }

  private async retryOrGiveUp(
    claim: outbox.NoticeRow,
    failure: { error: string; code: number | null },
    delaySeconds: number,
    options: { fromWebhook?: boolean } = {},
  ) {
    if (claim.attempts >= MAX_NOTICE_ATTEMPTS) {
      await this.giveUp(claim, failure, options);
      return;
    }
    if (options.fromWebhook) {
      await outbox.requeueNotice(this.options.db, claim.id, delaySeconds * 1000, failure.error);
    } else {
      await outbox.markNoticeRetry(this.options.db, claim, failure, delaySeconds * 1000);
    }
    this.options.log.warn(
      { id: claim.id, attempt: claim.attempts, ...failure, retryInS: delaySeconds },
      "Aviso no enviado: se reintentará",
    );
  }

  /** Given up: the recipient gets the e-mail of the same notice after all, when it had none. */
  private async giveUp(
    claim: outbox.NoticeRow,
    failure: { error: string; code: number | null },
    options: { fromWebhook?: boolean } = {},
  ) {
    const { db, log } = this.options;
    const fallbackKey = (claim.payload as WhatsAppPayload).fallbackEmailKey;
    const released = await db.transaction(async (tx) => {
      const emailId = fallbackKey
        ? await outbox.releaseSkippedEmail(tx, fallbackKey, claim.id)
        : null;
      await outbox.markNoticeFinal(tx, claim.id, options.fromWebhook ? null : claim, {
        status: emailId === null ? "failed" : "replaced",
        error: failure.error,
        code: failure.code,
        replacedByEmailId: emailId,
      });
      return emailId !== null;
    });
    if (released) this.options.onEmailReleased?.();
    log.error({ id: claim.id, kind: claim.kind, ...failure }, "Aviso no enviado: se abandona");
  }

  private async deliverPush(claim: outbox.NoticeRow) {
    const { db, log } = this.options;
    if (claim.merchantId === null) {
      await outbox.markNoticeFinal(db, claim.id, claim, {
        status: "skipped",
        error: NO_DEVICES_REASON,
      });
      return;
    }
    const devices = await pushDevices.listPushSubscriptions(db, claim.merchantId);
    if (devices.length === 0) {
      await outbox.markNoticeFinal(db, claim.id, claim, {
        status: "skipped",
        error: NO_DEVICES_REASON,
      });
      return;
    }
    const sender = await this.options.push();
    const payload = claim.payload as unknown as PushPayload;
    let sent = 0;
    let lastError: { error: string; code: number | null; retryable: boolean } | null = null;
    for (const device of devices) {
      const result = await sender.send(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
        { topic: payload.tag, urgency: "high", ttlSeconds: 4 * 60 * 60 },
      );
      if (result.outcome === "sent") {
        sent++;
        await pushDevices.touchPushSubscription(db, device.id);
      } else if (result.outcome === "gone") {
        // The browser unsubscribed or the service forgot it: that device is gone for good.
        await pushDevices.deletePushSubscription(db, { id: device.id });
        log.info(
          { device: device.id, status: result.status },
          "Push: suscripción vencida, se borra",
        );
      } else {
        lastError = { error: result.error, code: result.status, retryable: result.retryable };
      }
    }
    if (sent > 0) {
      await this.recordSent(claim, null);
    } else if (lastError?.retryable && claim.attempts < MAX_NOTICE_ATTEMPTS) {
      const wait = PUSH_RETRY_MS[Math.min(claim.attempts, PUSH_RETRY_MS.length) - 1];
      await outbox.markNoticeRetry(db, claim, lastError, wait);
    } else {
      await outbox.markNoticeFinal(db, claim.id, claim, {
        status: lastError ? "failed" : "skipped",
        error: lastError?.error ?? NO_DEVICES_REASON,
        code: lastError?.code ?? null,
      });
    }
  }
}
