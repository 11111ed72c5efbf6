import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { signWhatsAppBody, WHATSAPP_SIGNATURE_HEADER } from "./whatsapp.signature";
import {
  isValidTemplateParam,
  templateCreationProblem,
  variableCount,
  type WhatsAppTemplateCreation,
} from "./whatsapp.templates";

/**
 * A fake of Meta's WhatsApp Cloud API, a real HTTP server on loopback, for tests and for
 * `npm run whatsapp:fake`. POST /{phoneNumberId}/messages checks what Meta checks (token,
 * approved template, parameter count, 80 a second, one every 6 s to one number); GET|POST
 * /{wabaId}/message_templates lists and creates (APPROVED at once); a leading /v25.0 is
 * accepted. Each accepted message is followed by signed status webhooks to `webhookUrl`.
 */

export type FakeStatus = "sent" | "delivered" | "read" | "failed";
/** An error as the fake answers or posts it; title and details default to Meta's. */
export type FakeError = { code: number; title?: string; details?: string };

export interface FakeWhatsAppOptions {
  token?: string;
  appSecret?: string;
  phoneNumberId?: string;
  wabaId?: string;
  webhookUrl?: string | null;
  host?: string;
  /** 0 (default): any free port. */
  port?: number;
  /** Delay after acceptance of each status (null: that one never comes); null: no statuses. */
  statusDelaysMs?: { sent?: number | null; delivered?: number | null; read?: number | null } | null;
  /** Meta's throughput: accepted messages within a rolling second (130429 beyond; 80). */
  perNumberPerSecond?: number;
  /** Meta's pair limit: two messages to one number closer than this are 131056 (6000). */
  pairIntervalMs?: number;
  /** false: any template name with any parameters is accepted (no 132001/132000). */
  requireTemplates?: boolean;
}

/** A message the fake accepted (it "went out"); `to` as Meta's wa_id: digits, no '+'. */
export interface FakeMessage {
  id: string;
  to: string;
  template: string | null;
  language: string | null;
  params: string[];
  buttonSuffix: string | null;
  callbackData: string | null;
  text: string | null;
  at: Date;
}

/** Any API request: accepted (code null) or refused (Meta's code); httpStatus null: hung. */
export interface FakeAttempt {
  at: Date;
  method: string;
  path: string;
  to: string | null;
  template: string | null;
  code: number | null;
  httpStatus: number | null;
  messageId: string | null;
}

export interface FakeTemplate {
  id: string;
  name: string;
  language: string;
  category: string;
  status: "APPROVED" | "PENDING" | "REJECTED" | "PAUSED" | "DISABLED";
  /** As created: the body's {{n}} and the URL button's {{1}} are read from them. */
  components: unknown[];
}

export type FakeIncoming = { messageId: string; delivery: FakeWebhookDelivery };

/** One webhook POST; status null when the receiver could not be reached. */
export interface FakeWebhookDelivery {
  url: string;
  body: string;
  signature: string;
  status: number | null;
  response: string;
}

export interface FakeWhatsApp {
  /** The server's root; env.WHATSAPP_API_URL adds Meta's version segment. */
  url: string;
  /** WHATSAPP_API_URL, _TOKEN, _PHONE_NUMBER_ID, _BUSINESS_ACCOUNT_ID, _APP_SECRET. */
  env: Record<string, string>;
  token: string;
  appSecret: string;
  phoneNumberId: string;
  wabaId: string;
  /** The newest accepted messages (about FAKE_WHATSAPP_MAX_KEPT), oldest first. */
  sent: FakeMessage[];
  attempts: FakeAttempt[];
  webhooks: FakeWebhookDelivery[];
  templates: Map<string, FakeTemplate>;
  /** Registers (APPROVED) without HTTP; throws what Meta would refuse. */
  createTemplates(payloads: readonly WhatsAppTemplateCreation[]): void;
  /** The next `count` message requests answer Meta's error `code` (after the token check). */
  failNext(code: number, count?: number, text?: Omit<FakeError, "code">): void;
  /** The next `count` messages are accepted, then never answered or their connection cut. */
  hangNext(count?: number, mode?: "timeout" | "cut"): void;
  setWebhookUrl(url: string | null): void;
  /** A person writes to the business: a signed `messages` webhook with their text. */
  deliverIncoming(message: { from: string; text: string; name?: string }): Promise<FakeIncoming>;
  /** A status webhook of one accepted message (failed: with `error`, 131026 by default). */
  postStatus(id: string, status: FakeStatus, error?: FakeError): Promise<FakeWebhookDelivery>;
  close(): Promise<void>;
}

/** Every in-memory list keeps about this many of its newest items. */
export const FAKE_WHATSAPP_MAX_KEPT = 50_000;
export const FAKE_WHATSAPP_API_VERSION = "v25.0";
const BODY_LIMIT = 1024 * 1024;
const WEBHOOK_TIMEOUT_MS = 10_000;
const DISPLAY_PHONE_NUMBER = "50370009999";

/** Meta's HTTP status, title (the `message` after "(#code) ") and details of each code. */
const META_ERRORS: Record<number, [status: number, title: string, details: string]> = {
  100: [400, "Invalid parameter", "Parámetro inválido"],
  190: [401, "Invalid OAuth access token - Cannot parse access token", ""],
  130429: [429, "Rate limit hit", "Cloud API message throughput has been reached."],
  131000: [500, "Something went wrong", "Something went wrong."],
  131008: [400, "Required parameter is missing", "A required parameter is missing."],
  131016: [503, "Service unavailable", "A service is temporarily unavailable."],
  131026: [400, "Message undeliverable", "Unable to deliver message."],
  131042: [400, "Business eligibility payment issue", "Payment method problem."],
  131056: [400, "(Business Account, Consumer Account) pair rate limit hit", "Too many messages."],
  132000: [400, "Number of parameters does not match the expected number of params", ""],
  132001: [400, "Template name does not exist in the translation", ""],
  132005: [400, "Translated text too long", "The translated text is too long."],
  132018: [400, "There was an issue with the parameters in your template.", ""],
};
const metaText = (code: number) => META_ERRORS[code] ?? [400, "Fake error", ""];

type FailureText = Omit<FakeError, "code"> & { subcode?: number };

/** Meta's error answer: {error:{message, type, code, error_data:{details}, fbtrace_id}}. */
class MetaFailure extends Error {
  readonly httpStatus: number;
  readonly body: { error: Record<string, unknown> };
  constructor(
    readonly code: number,
    { title, details, subcode }: FailureText = {},
  ) {
    const [status, knownTitle, knownDetails] = metaText(code);
    super(`(#${code}) ${title ?? knownTitle}`);
    const detail = details ?? knownDetails;
    this.httpStatus = status;
    this.body = { error: { message: this.message, type: "OAuthException", code } };
    if (detail) this.body.error.error_data = { messaging_product: "whatsapp", details: detail };
    if (subcode !== undefined) this.body.error.error_subcode = subcode;
    this.body.error.fbtrace_id = randomBytes(12).toString("base64url");
  }
}
const metaFailure = (code: number, text?: FailureText) => new MetaFailure(code, text);

/** Appends, dropping the oldest in batches (amortised O(1): the array is cut once per 10%). */
function keep<T>(items: T[], item: T) {
  items.push(item);
  const excess = items.length - FAKE_WHATSAPP_MAX_KEPT;
  if (excess > FAKE_WHATSAPP_MAX_KEPT / 10) items.splice(0, excess);
}

/** A map used as a bounded, time-ordered record: re-inserted on update, oldest pruned first. */
function touch(map: Map<string, number>, key: string, at: number, maxAgeMs: number) {
  map.delete(key);
  map.set(key, at);
  for (const [oldest, time] of map) {
    if (map.size <= FAKE_WHATSAPP_MAX_KEPT && at - time <= maxAgeMs) break;
    map.delete(oldest);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string | null => (typeof value === "string" ? value : null);
const seconds = () => String(Math.floor(Date.now() / 1000));
const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // Meta answers it like any invalid parameter.
  }
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw metaFailure(100, { details: "Cuerpo demasiado grande" });
    chunks.push(chunk);
  }
  const json = parseJson(Buffer.concat(chunks).toString("utf8"));
  if (isRecord(json)) return json;
  throw metaFailure(100, { details: "El cuerpo no es un objeto JSON" });
}

/** A message's `template` read and checked like Meta does (`known`: against that template). */
function templateParts(template: Record<string, unknown>, known: FakeTemplate | null) {
  const name = str(template.name);
  const language = str(record(template.language).code);
  if (!name || !language) throw metaFailure(100, { details: "template name / language.code" });
  const components = list(template.components).map(record);
  const parameters = list(components.find((c) => c.type === "body")?.parameters);
  const params = parameters.map((p) => str(record(p).text) ?? "");
  const button = components.find((c) => c.type === "button" && c.sub_type === "url");
  const buttonSuffix = str(record(list(button?.parameters)[0]).text);
  if (params.some((p) => p.trim() === "")) throw metaFailure(131008);
  if (!params.every(isValidTemplateParam)) throw metaFailure(132018);
  if (known) {
    if (known.language !== language || known.status !== "APPROVED") {
      throw metaFailure(132001, { details: `template ${name} does not exist in ${language}` });
    }
    const created = known.components.map(record);
    const body = str(created.find((c) => c.type === "BODY")?.text) ?? "";
    if (params.length !== variableCount(body)) throw metaFailure(132000);
    const urls = list(created.find((c) => c.type === "BUTTONS")?.buttons).map((b) => record(b).url);
    if (urls.some((url) => str(url)?.endsWith("{{1}}")) && !buttonSuffix) {
      throw metaFailure(131008);
    }
    const rendered = body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => params[Number(n) - 1]);
    if (rendered.length > 1024) throw metaFailure(132005);
  }
  return { template: name, language, params, buttonSuffix };
}

export async function startFakeWhatsApp(options: FakeWhatsAppOptions = {}): Promise<FakeWhatsApp> {
  const token = options.token ?? "fake-whatsapp-token";
  const appSecret = options.appSecret ?? "fake-whatsapp-app-secret";
  const phoneNumberId = options.phoneNumberId ?? "100000000000001";
  const wabaId = options.wabaId ?? "200000000000001";
  const perSecond = options.perNumberPerSecond ?? 80;
  const pairIntervalMs = options.pairIntervalMs ?? 6000;
  const requireTemplates = options.requireTemplates ?? true;
  const delays =
    options.statusDelaysMs === null
      ? null
      : { sent: 20, delivered: 60, read: 150, ...options.statusDelaysMs };
  let webhookUrl = options.webhookUrl ?? null;
  const forced: FakeError[] = [];
  const hangs: ("timeout" | "cut")[] = [];
  const byId = new Map<string, FakeMessage>();
  /** Accepted times within the last second (at most perSecond of them). */
  const recent: number[] = [];
  const lastTo = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const closing = new AbortController();
  let serial = 0;
  const newId = () =>
    `wamid.${Buffer.from(`fake.${++serial}.${randomBytes(9).toString("hex")}`).toString("base64")}`;
  const metadata = { display_phone_number: DISPLAY_PHONE_NUMBER, phone_number_id: phoneNumberId };

  /** Meta's envelope of a `messages` webhook, signed with the app secret and POSTed. */
  async function deliver(value: Record<string, unknown>): Promise<FakeWebhookDelivery> {
    const url = webhookUrl;
    if (!url) throw new Error("WhatsApp de prueba: falta webhookUrl");
    const change = { value: { messaging_product: "whatsapp", metadata, ...value } };
    const entry = [{ id: wabaId, changes: [{ field: "messages", ...change }] }];
    const body = JSON.stringify({ object: "whatsapp_business_account", entry });
    const signature = signWhatsAppBody(body, appSecret);
    const delivery: FakeWebhookDelivery = { url, body, signature, status: null, response: "" };
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", [WHATSAPP_SIGNATURE_HEADER]: signature },
        body,
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
      });
      delivery.status = response.status;
      delivery.response = await response.text();
    } catch (error) {
      delivery.response = (error as Error).message;
    }
    keep(fake.webhooks, delivery);
    return delivery;
  }

  /** What Meta does after accepting a message: its statuses, each after its delay. */
  function scheduleStatuses(message: FakeMessage) {
    if (!delays || !webhookUrl) return;
    for (const status of ["sent", "delivered", "read"] as const) {
      const ms = delays[status];
      if (typeof ms !== "number") continue;
      const timer = setTimeout(() => {
        timers.delete(timer);
        fake.postStatus(message.id, status).catch(() => {});
      }, ms);
      timers.add(timer);
    }
  }

  /** The checks of POST /{phoneNumberId}/messages, in Meta's order of concern. */
  function messageFrom(body: Record<string, unknown>, attempt: FakeAttempt): FakeMessage {
    const to = str(body.to)?.replace(/^\+/, "") ?? "";
    const template = record(body.template);
    attempt.to = to || null;
    attempt.template = str(template.name);
    const invalid = (details: string) => metaFailure(100, { details });
    if (body.messaging_product !== "whatsapp") throw invalid("messaging_product: whatsapp");
    if (!/^\d{8,15}$/.test(to)) throw invalid("to: número inválido");
    if (body.type !== "template" && body.type !== "text") throw invalid("type: template o text");
    const forcedFailure = forced.shift();
    if (forcedFailure) throw metaFailure(forcedFailure.code, forcedFailure);
    const now = Date.now();
    while (recent.length > 0 && recent[0] <= now - 1000) recent.shift();
    if (recent.length >= perSecond) throw metaFailure(130429);
    const last = lastTo.get(to);
    if (last !== undefined && now - last < pairIntervalMs) throw metaFailure(131056);
    let parts: Pick<FakeMessage, "template" | "language" | "params" | "buttonSuffix" | "text">;
    if (body.type === "text") {
      const text = str(record(body.text).body);
      if (!text?.trim() || text.length > 4096) throw metaFailure(100, { details: "text.body" });
      parts = { template: null, language: null, params: [], buttonSuffix: null, text };
    } else {
      const known = fake.templates.get(attempt.template ?? "") ?? null;
      if (requireTemplates && !known) {
        throw metaFailure(132001, { details: `template ${attempt.template} does not exist` });
      }
      parts = { ...templateParts(template, requireTemplates ? known : null), text: null };
    }
    recent.push(now);
    touch(lastTo, to, now, pairIntervalMs);
    const callbackData = str(body.biz_opaque_callback_data);
    return { id: newId(), to, ...parts, callbackData, at: new Date(now) };
  }

  async function messages(req: IncomingMessage, res: ServerResponse, attempt: FakeAttempt) {
    const body = await readJson(req);
    const message = messageFrom(body, attempt);
    keep(fake.sent, message);
    byId.set(message.id, message);
    if (byId.size > FAKE_WHATSAPP_MAX_KEPT) byId.delete(byId.keys().next().value as string);
    attempt.messageId = message.id;
    scheduleStatuses(message);
    const hang = hangs.shift();
    if (hang) {
      attempt.httpStatus = null;
      // 'cut': the connection dies after the request was read; 'timeout': no answer ever.
      if (hang === "cut") req.socket.destroy();
      return;
    }
    const status = message.template ? { message_status: "accepted" } : {};
    sendJson(res, 200, {
      messaging_product: "whatsapp",
      contacts: [{ input: str(body.to), wa_id: message.to }],
      messages: [{ id: message.id, ...status }],
    });
  }

  /** One template per name (Tiangue has one language); a second one is Meta's duplicate. */
  function register(payload: Record<string, unknown>): FakeTemplate {
    const problem = templateCreationProblem(payload);
    if (problem) throw metaFailure(100, { details: problem });
    const { name, language, category } = payload as Record<string, string>; // checked above
    const id = String(Date.now() * 1000 + (++serial % 1000));
    const components = list(payload.components);
    const template: FakeTemplate = { id, name, language, category, status: "APPROVED", components };
    if (fake.templates.has(template.name)) {
      const details = `Content in this language already exists: ${template.name}`;
      throw metaFailure(100, { details, subcode: 2388024 });
    }
    fake.templates.set(template.name, template);
    return template;
  }

  async function messageTemplates(req: IncomingMessage, res: ServerResponse) {
    if (req.method === "POST") {
      const { id, status, category } = register(await readJson(req));
      return sendJson(res, 200, { id, status, category });
    }
    const data = [...fake.templates.values()];
    sendJson(res, 200, { data, paging: { cursors: { before: "", after: "" } } });
  }

  const fake: FakeWhatsApp = {
    url: "",
    env: {
      WHATSAPP_API_URL: "",
      WHATSAPP_TOKEN: token,
      WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
      WHATSAPP_BUSINESS_ACCOUNT_ID: wabaId,
      WHATSAPP_APP_SECRET: appSecret,
    },
    token,
    appSecret,
    phoneNumberId,
    wabaId,
    sent: [],
    attempts: [],
    webhooks: [],
    templates: new Map(),
    createTemplates(payloads) {
      for (const payload of payloads) register({ ...payload });
    },
    failNext(code, count = 1, text = {}) {
      for (let i = 0; i < count; i++) forced.push({ ...text, code });
    },
    hangNext(count = 1, mode = "timeout") {
      for (let i = 0; i < count; i++) hangs.push(mode);
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    async deliverIncoming({ from, text, name }) {
      const waId = from.replace(/\D/g, "");
      const messageId = newId();
      const message = { from: waId, id: messageId, timestamp: seconds(), type: "text" };
      const delivery = await deliver({
        contacts: [{ profile: { name: name ?? "Cliente de prueba" }, wa_id: waId }],
        messages: [{ ...message, text: { body: text } }],
      });
      return { messageId, delivery };
    },
    postStatus(messageId, status, error) {
      const message = byId.get(messageId);
      if (!message) return Promise.reject(new Error(`Mensaje ${messageId} desconocido`));
      const entry: Record<string, unknown> = {
        id: messageId,
        status,
        timestamp: seconds(),
        recipient_id: message.to,
      };
      if (message.callbackData !== null) entry.biz_opaque_callback_data = message.callbackData;
      if (status === "sent" || status === "delivered") {
        const category = message.template ? "utility" : "service";
        entry.pricing = { billable: true, pricing_model: "PMP", category, type: "regular" };
      }
      if (status === "failed") {
        const { code, title, details } = error ?? { code: 131026 };
        const [, knownTitle, knownDetails] = metaText(code);
        const error_data = { details: details ?? knownDetails };
        entry.errors = [
          { code, title: title ?? knownTitle, message: title ?? knownTitle, error_data },
        ];
      }
      return deliver({ statuses: [entry] });
    },
    close() {
      closing.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };

  async function route(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? "/", "http://fake").pathname.replace(/^\/v\d+\.\d+\//, "/");
    const blank = { to: null, template: null, code: null, httpStatus: 200, messageId: null };
    const attempt: FakeAttempt = { at: new Date(), method: req.method ?? "", path, ...blank };
    keep(fake.attempts, attempt);
    try {
      if (req.headers.authorization !== `Bearer ${token}`) throw metaFailure(190);
      if (req.method === "POST" && path === `/${phoneNumberId}/messages`) {
        await messages(req, res, attempt);
      } else if (/^(GET|POST)$/.test(req.method ?? "") && path === `/${wabaId}/message_templates`) {
        await messageTemplates(req, res);
      } else {
        // Graph's answer to an id it does not know or a verb it does not take.
        throw metaFailure(100, { title: "Unsupported request", subcode: 33, details: path });
      }
    } catch (error) {
      const failure = error instanceof MetaFailure ? error : metaFailure(131000);
      attempt.code = failure.code;
      attempt.httpStatus = failure.httpStatus;
      if (!res.headersSent && !res.destroyed) sendJson(res, failure.httpStatus, failure.body);
    }
  }

  const server = createServer((req, res) => void route(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  fake.url = `http://${host}:${address.port}`;
  fake.env.WHATSAPP_API_URL = `${fake.url}/${FAKE_WHATSAPP_API_VERSION}`;
  return fake;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}
