import { z } from "zod";
import { centsToPrice, priceToCents } from "../../../shared/money";
import { AppError } from "../../errors";

/**
 * Wompi El Salvador's API as issue 10 uses it (docs.wompi.sv): OAuth 2.0 client
 * credentials, payment links (POST /EnlacePago) and the lookup of one of our links with
 * its transactions (GET /EnlacePago/{idEnlace}, issue 26: a transaction is believed only
 * as one of our own link's); issue 37 L3: a link's amount edited (PUT /EnlacePago/{idEnlace})
 * and a link deactivated (PUT /EnlacePago/{idEnlace}/desactivar). Money is decimal text ("28.00") everywhere in our code and
 * becomes Wompi's number only on the wire.
 */

export const WOMPI_API_URL = "https://api.wompi.sv";
export const WOMPI_AUTH_URL = "https://id.wompi.sv/connect/token";

/** What a shopper reads when Wompi cannot be used (issue 10): the checkout answers 502. */
export const WOMPI_UNAVAILABLE_MESSAGE =
  "No pudimos conectar con el procesador de pagos. Intenta de nuevo.";

export type WompiFailure =
  /** No answer: refused, reset, DNS… */
  | "unreachable"
  /** No answer within the client's timeout. */
  | "timeout"
  /** The token endpoint refused our App ID / API secret. */
  | "auth"
  /** A 4xx from the API: our request was refused. */
  | "rejected"
  /** A 5xx from Wompi. */
  | "server_error"
  /** A 2xx whose body is not what the API documents. */
  | "invalid_response"
  /** A payment link Wompi does not know. */
  | "not_found";

/**
 * Any failure talking to Wompi. It is an AppError (502 with the shopper's Spanish
 * message), so a route may let it through; `failure`, `upstreamStatus` and `detail`
 * say what happened, for the log.
 */
export class WompiError extends AppError {
  constructor(
    readonly failure: WompiFailure,
    readonly detail: string,
    readonly upstreamStatus?: number,
  ) {
    super(502, "bad_gateway", WOMPI_UNAVAILABLE_MESSAGE);
    this.name = "WompiError";
  }
}

export interface WompiClientOptions {
  /** WOMPI_APP_ID: the OAuth client id. */
  appId: string;
  /** WOMPI_API_SECRET: the OAuth client secret, also the key of the webhook signature. */
  apiSecret: string;
  apiUrl?: string;
  authUrl?: string;
  /**
   * Per operation: the token (when one must be asked for), the call and its one retry
   * together; the checkout must answer well before a shopper gives up (WOMPI_TIMEOUT_MS).
   */
  timeoutMs?: number;
  /** The clock of the token's expiry (tests). */
  now?: () => number;
}

export const DEFAULT_WOMPI_TIMEOUT_MS = 8000;
/** A token is renewed this long before Wompi says it expires (at most a tenth of its life). */
const TOKEN_RENEW_MARGIN_MS = 60_000;

export interface PaymentLinkRequest {
  /** identificadorEnlaceComercio: our checkout's reference, sent back in the webhook. */
  reference: string;
  /** The amount to charge, as decimal text ("28.00"). */
  amount: string;
  /** nombreProducto, shown on Wompi's page: 'Pedido ES-2026-000123 en Tiangue'. */
  productName: string;
  /** Where the shopper's browser returns (the order page). */
  redirectUrl: string;
  /** Where Wompi POSTs its notification. */
  webhookUrl: string;
}

export interface PaymentLink {
  /** idEnlace: kept as the orders' paymentId. */
  id: string;
  /** urlEnlace: where the shopper pays; kept as the orders' paymentUrl. */
  url: string;
}

export interface WompiTransaction {
  id: string;
  approved: boolean;
  /** False for a business in Wompi's development mode: no money moved. */
  real: boolean;
  /** Decimal text ("28.00"). */
  amount: string;
}

/** One of our payment links as Wompi sees it now. */
export interface WompiLinkStatus {
  /** idEnlace. */
  id: string;
  /** estaProductivo: false for a business in Wompi's development mode. */
  productive: boolean;
  /** Every transaction made on this link (transacciones and transaccionCompra), once each. */
  transactions: WompiTransaction[];
}

/** A link as Wompi answers an edit: `usable` false once deactivated (or paid). */
export interface WompiLinkState {
  id: string;
  usable: boolean;
  /** What it charges now, decimal text. */
  amount: string;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
});

const linkSchema = z.object({
  idEnlace: z.union([z.number(), z.string().min(1)]),
  urlEnlace: z.url({ protocol: /^https?$/ }),
});

const amountField = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const cents = priceToCents(value);
  if (cents === null) {
    ctx.addIssue({ code: "custom", message: "monto inválido" });
    return z.NEVER;
  }
  return centsToPrice(cents);
});

const transactionSchema = z.object({
  idTransaccion: z.union([z.number(), z.string().min(1)]),
  esAprobada: z.boolean(),
  esReal: z.boolean(),
  monto: amountField,
});

/** EnlacePagoOutput, as far as we read it. */
const linkStatusSchema = z.object({
  idEnlace: z.union([z.number(), z.string().min(1)]),
  estaProductivo: z.boolean(),
  transaccionCompra: transactionSchema.nullish(),
  transacciones: z.array(transactionSchema).nullish(),
});

/** EnlacePagoOutput's state, after an edit or a deactivation. */
const linkStateSchema = z.object({
  idEnlace: z.union([z.number(), z.string().min(1)]),
  usable: z.boolean(),
  monto: amountField,
});

/** CrearEnlaceDto / EditarEnlaceDto: the link's fields, at creation and at each edit. */
function linkBody(request: PaymentLinkRequest) {
  return {
    identificadorEnlaceComercio: request.reference,
    monto: wireAmount(request.amount),
    nombreProducto: request.productName,
    // One successful payment per link, of the amount we set.
    limitesDeUso: { cantidadMaximaPagosExitosos: 1 },
    configuracion: {
      urlRedirect: request.redirectUrl,
      urlWebhook: request.webhookUrl,
      notificarTransaccionCliente: true,
      esMontoEditable: false,
      esCantidadEditable: false,
      cantidadPorDefecto: 1,
    },
  };
}

/** EnlacePagoOutput after an edit: whether the link can still be paid, and what it charges. */
function linkState(path: string, data: unknown): WompiLinkState {
  const parsed = linkStateSchema.safeParse(data);
  if (!parsed.success) {
    throw new WompiError("invalid_response", `${path}: ${parsed.error.issues[0].message}`);
  }
  return {
    id: String(parsed.data.idEnlace),
    usable: parsed.data.usable,
    amount: parsed.data.monto,
  };
}

/** Decimal text to Wompi's `monto`: a number with at most two decimals, above zero. */
function wireAmount(amount: string): number {
  const cents = priceToCents(amount);
  if (cents === null || cents <= 0 || centsToPrice(cents) !== amount.trim()) {
    throw new RangeError(`Monto inválido para Wompi: ${amount}`);
  }
  return cents / 100;
}

export class WompiClient {
  private readonly apiUrl: string;
  private readonly authUrl: string;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private token: { value: string; renewAt: number } | undefined;
  /** One token request at a time: concurrent calls wait for the same one. */
  private pendingToken: Promise<string> | undefined;

  constructor(private readonly options: WompiClientOptions) {
    this.apiUrl = (options.apiUrl ?? WOMPI_API_URL).replace(/\/+$/, "");
    this.authUrl = options.authUrl ?? WOMPI_AUTH_URL;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_WOMPI_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  /** POST /EnlacePago: a single-use link for exactly this amount. */
  async createPaymentLink(request: PaymentLinkRequest): Promise<PaymentLink> {
    const data = await this.api("POST", "/EnlacePago", linkBody(request));
    const parsed = linkSchema.safeParse(data);
    if (!parsed.success) {
      throw new WompiError("invalid_response", `EnlacePago: ${parsed.error.issues[0].message}`);
    }
    return { id: String(parsed.data.idEnlace), url: parsed.data.urlEnlace };
  }

  /**
   * PUT /EnlacePago/{idEnlace} (EditarEnlaceDto, the same fields as the link's creation):
   * issue 37 L3, the link charges `amount` from now on (what still stands of its checkout).
   * Answers the link as Wompi now has it.
   */
  async updatePaymentLink(id: string, request: PaymentLinkRequest): Promise<WompiLinkState> {
    const path = `/EnlacePago/${encodeURIComponent(id)}`;
    return linkState(path, await this.api("PUT", path, linkBody(request)));
  }

  /**
   * PUT /EnlacePago/{idEnlace}/desactivar: issue 37 L3, nobody can pay on the link any more
   * (every order of its checkout was cancelled). Wompi answers the link, `usable: false`.
   */
  async deactivatePaymentLink(id: string): Promise<WompiLinkState> {
    const path = `/EnlacePago/${encodeURIComponent(id)}/desactivar`;
    return linkState(path, await this.api("PUT", path));
  }

  /**
   * GET /EnlacePago/{idEnlace}: one of our links with what Wompi says of each payment made
   * on it. Wompi's TransaccionCompra of an id names no link, so a transaction is believed
   * only when it is found here, among the transactions of the checkout's own link.
   */
  async getPaymentLink(id: string): Promise<WompiLinkStatus> {
    const path = `/EnlacePago/${encodeURIComponent(id)}`;
    const parsed = linkStatusSchema.safeParse(await this.api("GET", path));
    if (!parsed.success) {
      throw new WompiError(
        "invalid_response",
        `EnlacePago/{id}: ${parsed.error.issues[0].message}`,
      );
    }
    const link = parsed.data;
    const transactions = new Map<string, WompiTransaction>();
    for (const t of [
      ...(link.transacciones ?? []),
      ...(link.transaccionCompra ? [link.transaccionCompra] : []),
    ]) {
      const transactionId = String(t.idTransaccion);
      if (transactions.has(transactionId)) continue;
      transactions.set(transactionId, {
        id: transactionId,
        approved: t.esAprobada,
        real: t.esReal,
        amount: t.monto,
      });
    }
    return {
      id: String(link.idEnlace),
      productive: link.estaProductivo,
      transactions: [...transactions.values()],
    };
  }

  /**
   * An API call with the current token; a 401 renews the token and tries once more. The
   * whole of it (token, call, retry) ends within one timeout: `deadline`.
   */
  private async api(
    method: "GET" | "POST" | "PUT",
    path: string,
    body?: unknown,
  ): Promise<unknown> {
    const deadline = AbortSignal.timeout(this.timeoutMs);
    for (let attempt = 1; ; attempt++) {
      const token = await this.accessToken(deadline);
      const response = await this.send(
        `${this.apiUrl}${path}`,
        {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: "application/json",
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        deadline,
      );
      // Wompi may end a token's life early (a rotated secret): one renewal, not a loop.
      if (response.status === 401 && attempt === 1) {
        this.token = undefined;
        continue;
      }
      return this.json(response, path);
    }
  }

  /**
   * The current token, or a new one. Concurrent callers share one token request, which ends
   * by the deadline of the caller that started it (never later than their own: it began first).
   */
  private async accessToken(deadline: AbortSignal): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return this.token.value;
    this.pendingToken ??= this.requestToken(deadline).finally(
      () => (this.pendingToken = undefined),
    );
    return this.pendingToken;
  }

  private async requestToken(deadline: AbortSignal): Promise<string> {
    const response = await this.send(
      this.authUrl,
      {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: this.options.appId,
          client_secret: this.options.apiSecret,
          audience: "wompi_api",
        }).toString(),
      },
      deadline,
    );
    if (response.status === 400 || response.status === 401) {
      const reason = await response.text().catch(() => "");
      throw new WompiError(
        "auth",
        `token: ${response.status} ${reason.slice(0, 200)}`,
        response.status,
      );
    }
    const parsed = tokenSchema.safeParse(await this.json(response, "token"));
    if (!parsed.success) {
      throw new WompiError("invalid_response", `token: ${parsed.error.issues[0].message}`);
    }
    const lifeMs = parsed.data.expires_in * 1000;
    const issuedAt = this.now();
    this.token = {
      value: parsed.data.access_token,
      renewAt: issuedAt + lifeMs - Math.min(TOKEN_RENEW_MARGIN_MS, lifeMs / 10),
    };
    return parsed.data.access_token;
  }

  private async send(url: string, init: RequestInit, deadline: AbortSignal): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: "error", signal: deadline });
    } catch (error) {
      throw this.transportError(url, error);
    }
  }

  private transportError(url: string, error: unknown): WompiError {
    const e = error as { name?: string; message?: string; cause?: { code?: string } };
    const where = new URL(url).pathname;
    if (e.name === "TimeoutError" || e.name === "AbortError") {
      return new WompiError("timeout", `${where}: sin respuesta en ${this.timeoutMs} ms`);
    }
    return new WompiError("unreachable", `${where}: ${e.cause?.code ?? e.message ?? String(e)}`);
  }

  /** The body of a 2xx as JSON; any other status is a WompiError. */
  private async json(response: Response, what: string): Promise<unknown> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw this.transportError(response.url || this.apiUrl, error);
    }
    if (response.status === 404 && what.startsWith("/EnlacePago/")) {
      throw new WompiError("not_found", `${what}: 404`, 404);
    }
    if (response.status >= 500) {
      throw new WompiError("server_error", `${what}: ${response.status}`, response.status);
    }
    if (response.status >= 400) {
      throw new WompiError(
        "rejected",
        `${what}: ${response.status} ${text.slice(0, 300)}`,
        response.status,
      );
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new WompiError("invalid_response", `${what}: la respuesta no es JSON`, response.status);
    }
  }
}

export function createWompiClient(options: WompiClientOptions): WompiClient {
  return new WompiClient(options);
}
