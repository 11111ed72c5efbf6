import http from "node:http";
import https from "node:https";
import {
  templateMessage,
  type WhatsAppTemplateCreation,
  type WhatsAppTemplateName,
} from "./whatsapp.templates";

/**
 * Meta's WhatsApp Cloud API as Tiangue uses it: template messages and free-text replies
 * (POST /{PHONE_NUMBER_ID}/messages), template creation (POST /{WABA_ID}/message_templates),
 * what to do with each error code, and the `messages` webhook's statuses and replies.
 *
 * A send never throws for what Meta or the network did: it answers one outcome. Only a
 * caller's mistake (a wrong parameter count, a number that is not one) is a RangeError.
 */

export const WHATSAPP_API_URL = "https://graph.facebook.com/v25.0";
export const DEFAULT_WHATSAPP_TIMEOUT_MS = 10_000;
/** Tries of one message in all, the first included; then the worker gives up. */
export const WHATSAPP_MAX_ATTEMPTS = 5;
/** Meta's limit on biz_opaque_callback_data. */
export const WHATSAPP_CALLBACK_DATA_MAX_LENGTH = 512;
/** Meta's limit on a text message's body. */
export const WHATSAPP_TEXT_MAX_LENGTH = 4096;

const ANSWER_LIMIT = 1024 * 1024;

export interface WhatsAppClientOptions {
  /** WHATSAPP_API_URL, with its version: https://graph.facebook.com/v25.0. */
  apiUrl: string;
  /** WHATSAPP_TOKEN: a system user's permanent token. */
  token: string;
  /** WHATSAPP_PHONE_NUMBER_ID: the business number that sends. */
  phoneNumberId: string;
  /** The whole exchange, connection included. */
  timeoutMs?: number;
}

/** Meta answered and refused: `code` says why (classifyWhatsAppError). */
export interface WhatsAppErrorOutcome {
  outcome: "error";
  code: number;
  title: string;
  details?: string;
  subcode?: number;
  httpStatus: number;
}

export type WhatsAppFailure =
  | WhatsAppErrorOutcome
  /** The request may have reached Meta (timeout, cut, unreadable answer): it may be sent. */
  | { outcome: "unknown"; error: string }
  /** Nothing reached Meta (refused, no route, DNS): safe to try again. */
  | { outcome: "not_sent"; error: string };

export type WhatsAppSendResult = { outcome: "sent"; messageId: string } | WhatsAppFailure;

export type WhatsAppCreateTemplateResult =
  | { outcome: "created"; id: string; status: string }
  /** A template of this name and language is already there (not an error for the script). */
  | { outcome: "exists"; code: number; title: string; details?: string }
  | WhatsAppFailure;

export interface SendTemplateInput {
  /** E.164 ("+50370000000"); spaces and hyphens are tolerated ("+503 7000-0000"). */
  to: string;
  template: WhatsAppTemplateName;
  params: readonly string[];
  /** The button URL's end: "<orderNumber>?token=<token>" or the order number (merchants). */
  buttonSuffix: string;
  /** Comes back in every status webhook of this message (biz_opaque_callback_data). */
  callbackData: string;
}

export interface SendTextInput {
  to: string;
  body: string;
  callbackData?: string;
}

/** The recipient as Meta's `to` takes it: digits, no '+'. */
export function whatsAppRecipient(to: string): string {
  const digits = to.replace(/\D/g, "");
  if (!/^[+\d\s().-]+$/.test(to.trim()) || !/^[1-9]\d{7,14}$/.test(digits)) {
    throw new RangeError(`Número de WhatsApp inválido: "${to}"`);
  }
  return digits;
}

function callbackDataOf(value: string | undefined): { biz_opaque_callback_data?: string } {
  if (value === undefined || value === "") return {};
  if (value.length > WHATSAPP_CALLBACK_DATA_MAX_LENGTH) {
    throw new RangeError(
      `callbackData pasa de ${WHATSAPP_CALLBACK_DATA_MAX_LENGTH} caracteres (${value.length})`,
    );
  }
  return { biz_opaque_callback_data: value };
}

/**
 * Retried: 130429 throughput, 131000 "something went wrong", 131016 service unavailable,
 * 131056 pair limit; and what Meta's error reference calls temporary: 1, 2 (downtime), 4 (app
 * calls), 80007 (account's rate limit), 131057 (maintenance), 133004 (server unavailable).
 */
const RETRY_CODES = new Set([130429, 131000, 131016, 131056, 1, 2, 4, 80007, 131057, 133004]);
/**
 * The channel stops: 190 token, 131042 payment; and the account's own blocks, which fail every
 * message alike: 0 authentication, 3 capability, 10 and 200–299 permission, 131031 locked,
 * 368 blocked for policy violations.
 */
const STOP_CODES = new Set([190, 131042, 0, 3, 10, 131031, 368]);

/**
 * What the worker does after Meta's `code`: retry later, give this message up, or stop the
 * whole channel (every later message would fail the same way) until an operator acts.
 */
export function classifyWhatsAppError(code: number): "retry" | "give_up" | "stop_channel" {
  if (RETRY_CODES.has(code)) return "retry";
  if (STOP_CODES.has(code) || (code >= 200 && code <= 299)) return "stop_channel";
  // 131026 undeliverable, 130403, 131050 (the person stopped them), 132xxx (template), 100…
  return "give_up";
}

/** Waits after a failed attempt (1 = the first) for the other retryable failures. */
const BACKOFF_SECONDS = [30, 120, 600, 1800];

/**
 * How long to wait after failed attempt `attempt` (1, 2…) before the next one. `code` null is
 * a failure before Meta answered (not_sent). The pair limit clears at Meta's own pace: 4^n s.
 */
export function retryDelaySeconds(code: number | null, attempt: number): number {
  const n = Math.max(1, Math.floor(attempt));
  if (code === 131056) return 4 ** n;
  return BACKOFF_SECONDS[Math.min(n, BACKOFF_SECONDS.length) - 1];
}

type Exchange =
  | { kind: "answer"; status: number; text: string }
  | { kind: "failed"; written: boolean; error: string };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const numberOf = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isInteger(value)
    ? value
    : typeof value === "string" && /^\d+$/.test(value)
      ? Number(value)
      : undefined;

const textOf = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

/** Meta's `{error:{message, type, code, error_data:{details}, error_subcode}}`, or null. */
function metaError(json: unknown, httpStatus: number): WhatsAppErrorOutcome | null {
  const error = isRecord(json) ? json.error : undefined;
  if (!isRecord(error)) return null;
  const code = numberOf(error.code);
  if (code === undefined) return null;
  // "(#131056) (Business Account, Consumer Account) pair rate limit hit": the code is ours.
  const title =
    textOf(error.message)?.replace(/^\(#\d+\)\s*/, "") ?? textOf(error.error_user_title) ?? "";
  const details =
    textOf(isRecord(error.error_data) ? error.error_data.details : undefined) ??
    textOf(error.error_user_msg);
  const subcode = numberOf(error.error_subcode);
  return {
    outcome: "error",
    code,
    title,
    ...(details === undefined ? {} : { details }),
    ...(subcode === undefined ? {} : { subcode }),
    httpStatus,
  };
}

/** Meta's answers to a template that is already there (name and language taken). */
const DUPLICATE_SUBCODES = new Set([2388023, 2388024]);
const isDuplicate = (e: WhatsAppErrorOutcome) =>
  (e.subcode !== undefined && DUPLICATE_SUBCODES.has(e.subcode)) ||
  /already exists|ya existe/i.test(`${e.title} ${e.details ?? ""}`);

export class WhatsAppClient {
  private readonly apiUrl: string;
  private readonly timeoutMs: number;
  /** Kept-alive connections: a worker sends up to 80 a second. */
  private readonly agent: http.Agent;

  constructor(private readonly options: WhatsAppClientOptions) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, "");
    this.timeoutMs = options.timeoutMs ?? DEFAULT_WHATSAPP_TIMEOUT_MS;
    const agentOptions = { keepAlive: true, maxSockets: 32 };
    this.agent = this.apiUrl.startsWith("https:")
      ? new https.Agent(agentOptions)
      : new http.Agent(agentOptions);
  }

  /** A template message: its body parameters and the URL button's suffix. */
  sendTemplate(input: SendTemplateInput): Promise<WhatsAppSendResult> {
    return this.sendMessage({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: whatsAppRecipient(input.to),
      type: "template",
      template: templateMessage(input.template, input.params, input.buttonSuffix),
      ...callbackDataOf(input.callbackData),
    });
  }

  /** A free-text message: only inside the 24 hours after the person last wrote to us. */
  sendText(input: SendTextInput): Promise<WhatsAppSendResult> {
    const body = input.body.trim();
    if (body === "" || body.length > WHATSAPP_TEXT_MAX_LENGTH) {
      throw new RangeError(`Texto de WhatsApp vacío o de más de ${WHATSAPP_TEXT_MAX_LENGTH}`);
    }
    return this.sendMessage({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: whatsAppRecipient(input.to),
      type: "text",
      text: { preview_url: false, body },
      ...callbackDataOf(input.callbackData),
    });
  }

  /** POST /{wabaId}/message_templates with one of templateCreationPayloads(). */
  async createTemplate(
    wabaId: string,
    payload: WhatsAppTemplateCreation,
  ): Promise<WhatsAppCreateTemplateResult> {
    const exchange = await this.post(`/${encodeURIComponent(wabaId)}/message_templates`, payload);
    if (exchange.kind === "failed") return this.transportFailure(exchange);
    const json = parseJson(exchange.text);
    if (exchange.status >= 200 && exchange.status < 300 && isRecord(json)) {
      const id = textOf(json.id) ?? (typeof json.id === "number" ? String(json.id) : undefined);
      if (id) return { outcome: "created", id, status: textOf(json.status) ?? "PENDING" };
    }
    const error = metaError(json, exchange.status);
    if (error && isDuplicate(error)) {
      const { code, title, details } = error;
      return { outcome: "exists", code, title, ...(details === undefined ? {} : { details }) };
    }
    return error ?? this.unreadable(exchange.status);
  }

  /** Lets the kept-alive connections go (tests, shutdown). */
  close(): void {
    this.agent.destroy();
  }

  private async sendMessage(body: Record<string, unknown>): Promise<WhatsAppSendResult> {
    const path = `/${encodeURIComponent(this.options.phoneNumberId)}/messages`;
    const exchange = await this.post(path, body);
    if (exchange.kind === "failed") return this.transportFailure(exchange);
    const json = parseJson(exchange.text);
    if (exchange.status >= 200 && exchange.status < 300) {
      const messages = isRecord(json) ? json.messages : undefined;
      const first: unknown = Array.isArray(messages) ? messages[0] : undefined;
      const messageId = isRecord(first) ? textOf(first.id) : undefined;
      return messageId ? { outcome: "sent", messageId } : this.unreadable(exchange.status);
    }
    return metaError(json, exchange.status) ?? this.unreadable(exchange.status);
  }

  /** A 2xx without a message id, or an answer that is not Meta's error: it may be sent. */
  private unreadable(status: number): WhatsAppFailure {
    return { outcome: "unknown", error: `HTTP ${status}: respuesta que no es de Meta o sin id` };
  }

  private transportFailure(exchange: { written: boolean; error: string }): WhatsAppFailure {
    return exchange.written
      ? { outcome: "unknown", error: exchange.error }
      : { outcome: "not_sent", error: exchange.error };
  }

  /**
   * One POST with node:http, which tells whether the request was written before a failure:
   * before, Meta cannot have acted on it (not_sent); after, it may have (unknown).
   */
  private post(path: string, body: unknown): Promise<Exchange> {
    const url = new URL(`${this.apiUrl}${path}`);
    const payload = Buffer.from(JSON.stringify(body));
    const request = url.protocol === "https:" ? https.request : http.request;
    return new Promise<Exchange>((resolve) => {
      let written = false;
      let settled = false;
      const finish = (exchange: Exchange) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(exchange);
      };
      const fail = (error: string) => finish({ kind: "failed", written, error });
      const req = request(
        url,
        {
          method: "POST",
          agent: this.agent,
          headers: {
            authorization: `Bearer ${this.options.token}`,
            "content-type": "application/json",
            accept: "application/json",
            "content-length": payload.length,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > ANSWER_LIMIT) req.destroy(new Error("respuesta demasiado grande"));
            else chunks.push(chunk);
          });
          res.on("end", () =>
            finish({
              kind: "answer",
              status: res.statusCode ?? 0,
              text: Buffer.concat(chunks).toString("utf8"),
            }),
          );
          res.on("error", (error) => fail(`respuesta cortada: ${describe(error)}`));
          // A connection closed before the answer's end: Meta may have sent it.
          res.on("close", () => {
            if (!res.complete) fail("respuesta cortada");
          });
        },
      );
      const timer = setTimeout(() => {
        fail(
          written
            ? `sin respuesta de Meta en ${this.timeoutMs} ms`
            : `sin conexión con Meta en ${this.timeoutMs} ms`,
        );
        req.destroy();
      }, this.timeoutMs);
      // 'finish': every byte handed to the connection, so Meta may now act on it.
      req.on("finish", () => (written = true));
      req.on("error", (error) =>
        fail(written ? `conexión cortada: ${describe(error)}` : `sin conexión: ${describe(error)}`),
      );
      req.end(payload);
    });
  }
}

function describe(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return e.code ?? e.message ?? String(error);
}

export function createWhatsAppClient(options: WhatsAppClientOptions): WhatsAppClient {
  return new WhatsAppClient(options);
}

// The webhook's reader lives beside its signature check; also reachable from here.
export {
  parseWhatsAppWebhook,
  type WhatsAppDeliveryStatus,
  type WhatsAppIncomingMessage,
  type WhatsAppStatusUpdate,
  type WhatsAppWebhook,
} from "./whatsapp.signature";
