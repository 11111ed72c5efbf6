import { timingSafeEqual } from "node:crypto";
import type { Database } from "../../../db/client";
import { whatsappUrl } from "../../../shared/phone";
import type { Config } from "../../env";
import { AppError } from "../../errors";
import type { MailLogger } from "../mail/mail.worker";
import * as outbox from "./notices.repository";
import * as numbers from "./whatsapp-numbers.repository";
import type { NoticeWorker } from "./notices.worker";
import { parseWhatsAppWebhook, verifyWhatsAppSignature } from "./whatsapp.signature";

export { WHATSAPP_SIGNATURE_HEADER } from "./whatsapp.signature";
export const WEBHOOK_SIGNATURE_MESSAGE = "Firma del webhook inválida";
export const VERIFY_TOKEN_MESSAGE = "Token de verificación inválido";

/** A shopper who writes this (any case, accents ignored) hears no more from us by WhatsApp. */
export const OPT_OUT_WORD = "baja";

export const OPT_OUT_CONFIRMATION =
  "Listo: ya no te enviaremos los avisos de tus pedidos por WhatsApp a este número. Seguirás recibiéndolos por correo.";

/** The one answer a day to a shopper who writes to the notices' number. */
export function infoReply(merchants: { name: string; whatsapp: string | null; phone: string }[]) {
  const contacts = merchants.map(
    (m) => `${m.name}: ${m.whatsapp ? whatsappUrl(m.whatsapp) : `tel. ${m.phone}`}`,
  );
  return [
    "Hola. Este número de Tiangue solo envía los avisos de tus pedidos y no lee mensajes.",
    contacts.length > 0
      ? `Para hablar con el comercio, escríbele directamente:\n${contacts.join("\n")}`
      : "Para hablar con el comercio, usa el botón de WhatsApp de la página de tu pedido.",
    "Si no quieres recibir más avisos por WhatsApp, responde BAJA.",
  ].join("\n\n");
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Meta's webhook of the notices' number (issue 35): the GET subscription check, and POSTs
 * of statuses (applied in order of strength: repeats and late arrivals change nothing) and
 * of incoming messages (BAJA, and one answer a day saying where to write).
 */
export function createWhatsAppWebhook(deps: {
  db: Database;
  log: MailLogger;
  config: Config;
  worker: NoticeWorker;
}) {
  const { db, log, config, worker } = deps;

  async function applyStatus(status: ReturnType<typeof parseWhatsAppWebhook>["statuses"][number]) {
    const noticeId =
      status.callbackData && /^\d{1,10}$/.test(status.callbackData)
        ? Number(status.callbackData)
        : null;
    const target = { providerMessageId: status.messageId, noticeId };
    if (status.status !== "failed") {
      await outbox.applyDeliveryStatus(db, target, status.status, status.timestamp);
      return;
    }
    const row = await outbox.findOpenNoticeByTarget(db, target);
    if (!row) return;
    // As if Meta had answered the send with this error.
    await worker.handleError(
      row,
      {
        code: status.error?.code ?? 131000,
        title: status.error?.title ?? "Falló la entrega",
        details: status.error?.details,
      },
      { fromWebhook: true },
    );
  }

  async function answerMessage(
    message: ReturnType<typeof parseWhatsAppWebhook>["messages"][number],
  ) {
    const from = message.from;
    if (message.text !== null && fold(message.text) === OPT_OUT_WORD) {
      const isNew = await db.transaction(async (tx) => {
        // Written again (BAJA, then 'Baja'…): already out, and already told so once.
        if (!(await numbers.optOut(tx, from))) return false;
        await numbers.skipPendingTo(
          tx,
          from,
          "No enviado: el número pidió no recibir avisos (BAJA)",
        );
        await outbox.insertNotice(tx, {
          channel: "whatsapp",
          kind: "reply.optout",
          dedupeKey: `reply:optout:${message.id}`,
          audience: "shopper",
          recipient: from,
          payload: { text: OPT_OUT_CONFIRMATION },
        });
        return true;
      });
      if (!isNew) return;
      log.info({ from: from.slice(0, -4) + "****" }, "WhatsApp: un número pidió BAJA");
      worker.wake();
      return;
    }
    if (await numbers.isOptedOut(db, from)) return;
    if (await numbers.repliedWithinADay(db, from)) return;
    const merchants = await numbers.merchantsOfShopperNumber(db, from);
    await outbox.insertNotice(db, {
      channel: "whatsapp",
      kind: "reply.info",
      dedupeKey: `reply:info:${message.id}`,
      audience: "shopper",
      recipient: from,
      payload: { text: infoReply(merchants) },
    });
    worker.wake();
  }

  return {
    /** GET …/webhook: Meta's subscription check; the challenge as plain text, or 403. */
    verify(query: { mode?: string; token?: string; challenge?: string }): string {
      const expected = config.whatsapp?.verifyToken;
      if (
        !expected ||
        query.mode !== "subscribe" ||
        typeof query.token !== "string" ||
        !sameText(query.token, expected) ||
        typeof query.challenge !== "string"
      ) {
        throw AppError.forbidden(VERIFY_TOKEN_MESSAGE);
      }
      return query.challenge;
    },

    /**
     * POST …/webhook: the exact bytes checked against X-Hub-Signature-256 (401 and nothing
     * changed otherwise); anything well signed is answered 200, unknown ids and fields too.
     */
    async handle(rawBody: Buffer, signature: string | string[] | undefined): Promise<void> {
      if (
        !config.whatsapp ||
        !verifyWhatsAppSignature(rawBody, signature, config.whatsapp.appSecret)
      ) {
        throw AppError.unauthorized(WEBHOOK_SIGNATURE_MESSAGE);
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString("utf8"));
      } catch {
        log.warn({}, "WhatsApp: webhook firmado pero no es JSON; se ignora");
        return;
      }
      const { statuses, messages } = parseWhatsAppWebhook(json);
      for (const status of statuses) await applyStatus(status);
      for (const message of messages) await answerMessage(message);
    },
  };
}
