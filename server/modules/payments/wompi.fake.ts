import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { editedLinkOutput, editLink } from "./wompi.fake.edits";
import { paymentPage } from "./wompi.fake.page";
import type {
  FakeLink,
  FakeTransaction,
  FakeWompi,
  FakeWompiEndpoint,
  FakeWompiFailure,
  FakeWompiOptions,
  WebhookDelivery,
} from "./wompi.fake.types";
import { signWompiBody, WOMPI_APPROVED, WOMPI_SIGNATURE_HEADER } from "./wompi.signature";

/**
 * A fake of Wompi El Salvador's HTTP API, as a real HTTP server on loopback, for tests
 * and for `npm run wompi:fake` (a local card flow without Wompi's sandbox):
 * - POST /connect/token          OAuth client credentials (WOMPI_AUTH_URL)
 * - POST /EnlacePago             a payment link (WOMPI_API_URL is this server's root)
 * - GET  /EnlacePago/{idEnlace}  a link with its transactions (transacciones, transaccionCompra)
 * - PUT  /EnlacePago/{idEnlace}  a new amount; PUT …/desactivar: no more payments
 *                                (issue 37 L3, wompi.fake.edits.ts)
 * - GET  /pago/{idEnlace}        the hosted payment page (urlEnlace), with 'Pagar' and
 *                                'Rechazar'; pressing one records a transaction, notifies
 *                                urlWebhook (signed like Wompi) and redirects the browser
 *                                to urlRedirect?idTransaccion=…
 * Like Wompi, it notifies only approved payments unless `notifyRejected` is set.
 */

export type {
  FakeLink,
  FakeTransaction,
  FakeWompi,
  FakeWompiEndpoint,
  FakeWompiFailure,
  FakeWompiOptions,
  SendWebhookOptions,
  WebhookDelivery,
} from "./wompi.fake.types";

const BODY_LIMIT = 1024 * 1024;
const WEBHOOK_TIMEOUT_MS = 10_000;

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new HttpFailure(413, { error: "payload too large" });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

/** ASP.NET-style validation answer, the shape of Wompi's own 400s. */
const validationFailure = (errors: Record<string, string[]>) =>
  new HttpFailure(400, {
    title: "One or more validation errors occurred.",
    status: 400,
    errors,
  });

const isUrl = (value: unknown) => typeof value === "string" && URL.canParse(value);
const hasTwoDecimalsAtMost = (value: number) =>
  Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export async function startFakeWompi(options: FakeWompiOptions = {}): Promise<FakeWompi> {
  const appId = options.appId ?? "fake-app-id";
  const apiSecret = options.apiSecret ?? "fake-api-secret";
  const lifetime = options.tokenLifetimeSeconds ?? 3600;
  const slowMs = options.slowMs ?? 30_000;
  const tokens = new Map<string, number>();
  const failures = new Map<FakeWompiEndpoint, FakeWompiFailure>();
  const timers = new Set<NodeJS.Timeout>();
  let nextLinkId = 1000;
  let base = "";

  const fake: FakeWompi = {
    url: "",
    apiUrl: "",
    authUrl: "",
    appId,
    apiSecret,
    env: {
      WOMPI_APP_ID: appId,
      WOMPI_API_SECRET: apiSecret,
      WOMPI_API_URL: "",
      WOMPI_AUTH_URL: "",
    },
    links: [],
    transactions: [],
    webhooks: [],
    requests: [],
    tokensIssued: 0,
    failWith(failure, endpoints = ["token", "link", "linkLookup", "linkEdit"]) {
      for (const endpoint of endpoints) {
        if (failure) failures.set(endpoint, failure);
        else failures.delete(endpoint);
      }
    },
    expireTokens() {
      tokens.clear();
    },
    async pay(linkId, { approved = true, amount, real } = {}) {
      const link = fake.links.find((l) => l.id === linkId);
      if (!link) throw new Error(`Enlace ${linkId} desconocido`);
      // A deactivated link takes no payment (issue 37 L3).
      if (!link.active) throw new Error(`Enlace ${linkId} desactivado`);
      const transaction: FakeTransaction = {
        id: randomUUID(),
        linkId,
        approved,
        real: real ?? options.realTransactions ?? true,
        amount: amount ?? link.amount,
        createdAt: new Date(),
      };
      fake.transactions.push(transaction);
      const webhook =
        approved || options.notifyRejected ? await fake.sendWebhook({ transaction }) : undefined;
      const back = new URL(link.redirectUrl);
      const monto = transaction.amount.toFixed(2);
      back.searchParams.set("identificadorEnlaceComercio", link.reference);
      back.searchParams.set("idTransaccion", transaction.id);
      back.searchParams.set("idEnlace", String(link.id));
      back.searchParams.set("monto", monto);
      // Wompi's redirect hash; a shop must still ask Wompi (its link's transactions) first.
      back.searchParams.set(
        "hash",
        signWompiBody(`${link.reference}${transaction.id}${link.id}${monto}`, apiSecret),
      );
      return { transaction, redirectUrl: back.toString(), webhook };
    },
    notificationBody(transaction) {
      const link = fake.links.find((l) => l.id === transaction.linkId);
      return JSON.stringify({
        IdCuenta: `cuenta-${appId}`,
        FechaTransaccion: transaction.createdAt.toISOString(),
        Monto: transaction.amount,
        ModuloUtilizado: "EnlacePago",
        FormaPagoUtilizada: "PagoNormal",
        IdTransaccion: transaction.id,
        ResultadoTransaccion: transaction.approved ? WOMPI_APPROVED : "ExitosaDenegada",
        CodigoAutorizacion: transaction.approved ? "123456" : null,
        EsProductiva: transaction.real,
        EnlacePago: {
          Id: transaction.linkId,
          IdentificadorEnlaceComercio: link?.reference ?? null,
          NombreProducto: link?.productName ?? null,
        },
        Cliente: { Nombre: "Cliente de prueba", EMail: "cliente@ejemplo.sv" },
      });
    },
    async sendWebhook({ url, transaction, body, signature }) {
      const target =
        url ?? fake.links.find((l) => l.id === transaction?.linkId)?.webhookUrl ?? null;
      if (!target) throw new Error("sendWebhook: falta la URL o la transacción");
      const raw =
        typeof body === "string"
          ? body
          : body
            ? JSON.stringify(body)
            : transaction
              ? fake.notificationBody(transaction)
              : null;
      if (raw === null) throw new Error("sendWebhook: falta el cuerpo o la transacción");
      const hash = signature === undefined ? signWompiBody(raw, apiSecret) : signature;
      const delivery: WebhookDelivery = {
        url: target,
        body: raw,
        signature: hash,
        status: null,
        response: "",
      };
      try {
        const response = await fetch(target, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(hash === null ? {} : { [WOMPI_SIGNATURE_HEADER]: hash }),
          },
          body: raw,
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        });
        delivery.status = response.status;
        delivery.response = await response.text();
      } catch (error) {
        delivery.response = (error as Error).message;
      }
      fake.webhooks.push(delivery);
      return delivery;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };

  function authorize(req: IncomingMessage) {
    const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "");
    const expiresAt = match ? tokens.get(match[1]) : undefined;
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      throw new HttpFailure(401, { error: "invalid_token" });
    }
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    if (!(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
      throw new HttpFailure(400, { error: "invalid_request" });
    }
    const form = new URLSearchParams(await readBody(req));
    if (form.get("grant_type") !== "client_credentials") {
      throw new HttpFailure(400, { error: "unsupported_grant_type" });
    }
    if (form.get("client_id") !== appId || form.get("client_secret") !== apiSecret) {
      throw new HttpFailure(400, { error: "invalid_client" });
    }
    if (form.get("audience") !== "wompi_api") {
      throw new HttpFailure(400, { error: "invalid_request", error_description: "audience" });
    }
    const value = randomBytes(24).toString("hex");
    tokens.set(value, Date.now() + lifetime * 1000);
    fake.tokensIssued++;
    sendJson(res, 200, {
      access_token: value,
      expires_in: lifetime,
      token_type: "Bearer",
      scope: "wompi_api",
    });
  }

  async function createLink(req: IncomingMessage, res: ServerResponse) {
    authorize(req);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      throw validationFailure({ $: ["JSON inválido"] });
    }
    const config = (body.configuracion ?? {}) as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    if (typeof body.identificadorEnlaceComercio !== "string" || !body.identificadorEnlaceComercio)
      errors.IdentificadorEnlaceComercio = ["Requerido"];
    if (typeof body.monto !== "number" || body.monto <= 0 || !hasTwoDecimalsAtMost(body.monto))
      errors.Monto = ["Debe ser un número mayor que cero con dos decimales como máximo"];
    if (typeof body.nombreProducto !== "string" || !body.nombreProducto)
      errors.NombreProducto = ["Requerido"];
    if (!isUrl(config.urlRedirect)) errors["Configuracion.UrlRedirect"] = ["URL inválida"];
    if (!isUrl(config.urlWebhook)) errors["Configuracion.UrlWebhook"] = ["URL inválida"];
    if (Object.keys(errors).length > 0) throw validationFailure(errors);

    const id = nextLinkId++;
    const link: FakeLink = {
      id,
      reference: body.identificadorEnlaceComercio as string,
      amount: body.monto as number,
      productName: body.nombreProducto as string,
      redirectUrl: config.urlRedirect as string,
      webhookUrl: config.urlWebhook as string,
      url: `${base}/pago/${id}`,
      request: body,
      active: true,
      edits: [],
    };
    fake.links.push(link);
    sendJson(res, 200, {
      idEnlace: id,
      urlEnlace: link.url,
      estaProductivo: options.realTransactions ?? true,
    });
  }

  /** TransaccionCompraOutput, as Wompi's API answers a transaction. */
  const transactionOutput = (t: FakeTransaction) => ({
    idTransaccion: t.id,
    esReal: t.real,
    esAprobada: t.approved,
    codigoAutorizacion: t.approved ? "123456" : null,
    mensaje: t.approved ? "Autorizado" : "Denegado",
    formaPago: "PagoNormal",
    monto: t.amount,
    fechaTransaccion: t.createdAt.toISOString(),
  });

  /** EnlacePagoOutput: the link, its transactions, and the approved one as transaccionCompra. */
  function linkLookup(req: IncomingMessage, res: ServerResponse, id: string) {
    authorize(req);
    const link = fake.links.find((l) => String(l.id) === id);
    if (!link) throw new HttpFailure(404, { mensaje: "Enlace no encontrado" });
    const own = fake.transactions.filter((t) => t.linkId === link.id);
    const approved = own.filter((t) => t.approved);
    sendJson(res, 200, {
      idEnlace: link.id,
      urlEnlace: link.url,
      nombreProducto: link.productName,
      monto: link.amount,
      usable: link.active && approved.length === 0,
      estaProductivo: options.realTransactions ?? true,
      cantidadPagosExitosos: approved.length,
      cantidadIntentoPagoFallidos: own.length - approved.length,
      transaccionCompra: approved.length > 0 ? transactionOutput(approved[0]) : null,
      transacciones: own.map(transactionOutput),
    });
  }

  /** PUT /EnlacePago/{id} (a new amount) and PUT /EnlacePago/{id}/desactivar. */
  async function editRoute(req: IncomingMessage, res: ServerResponse, rest: string) {
    authorize(req);
    const deactivate = rest.endsWith("/desactivar");
    const id = decodeURIComponent(deactivate ? rest.slice(0, -"/desactivar".length) : rest);
    const link = fake.links.find((l) => String(l.id) === id);
    if (!link) throw new HttpFailure(404, { mensaje: "Enlace no encontrado" });
    const paid = fake.transactions.some((t) => t.linkId === link.id && t.approved);
    if (deactivate) {
      link.active = false;
    } else {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        throw validationFailure({ $: ["JSON inválido"] });
      }
      const outcome = editLink(link, body, paid);
      if (outcome.status !== 200) throw new HttpFailure(outcome.status, outcome.error);
    }
    sendJson(res, 200, editedLinkOutput(link, paid, options.realTransactions ?? true));
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", base);
    const path = url.pathname;
    const endpoint: FakeWompiEndpoint | null =
      req.method === "POST" && path === "/connect/token"
        ? "token"
        : req.method === "POST" && path === "/EnlacePago"
          ? "link"
          : req.method === "GET" && path.startsWith("/EnlacePago/")
            ? "linkLookup"
            : req.method === "PUT" && path.startsWith("/EnlacePago/")
              ? "linkEdit"
              : null;

    if (endpoint) {
      fake.requests.push(`${req.method} ${path}`);
      const failure = failures.get(endpoint);
      if (failure === "down") {
        req.socket.destroy();
        return;
      }
      if (failure === "error") {
        sendJson(res, 500, { title: "Internal Server Error", status: 500 });
        return;
      }
      if (failure === "html") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end("<!doctype html><html><body><h1>Sitio en mantenimiento</h1></body></html>");
        return;
      }
      if (failure === "empty") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end();
        return;
      }
      if (failure === "token-refused") {
        if (endpoint === "token") throw new HttpFailure(400, { error: "invalid_client" });
        throw new HttpFailure(401, { error: "invalid_token" });
      }
      if (failure === "slow") {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, slowMs);
          timers.add(timer);
        });
        if (res.destroyed) return;
      }
      if (endpoint === "token") return token(req, res);
      if (endpoint === "link") return createLink(req, res);
      if (endpoint === "linkEdit") return editRoute(req, res, path.slice("/EnlacePago/".length));
      return linkLookup(req, res, decodeURIComponent(path.slice("/EnlacePago/".length)));
    }

    const page = /^\/pago\/(\d+)$/.exec(path);
    const link = page ? fake.links.find((l) => l.id === Number(page[1])) : undefined;
    if (link && req.method === "GET") return paymentPage(res, link);
    if (link && req.method === "POST") {
      if (!link.active) throw new HttpFailure(410, { mensaje: "Enlace desactivado" });
      const action = new URLSearchParams(await readBody(req)).get("accion");
      if (action !== "pagar" && action !== "rechazar") throw new HttpFailure(400, {});
      const { redirectUrl } = await fake.pay(link.id, { approved: action === "pagar" });
      res.writeHead(303, { location: redirectUrl });
      res.end();
      return;
    }
    throw new HttpFailure(404, { mensaje: "No encontrado" });
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent || res.destroyed) return;
      if (error instanceof HttpFailure) sendJson(res, error.status, error.body);
      else sendJson(res, 500, { title: (error as Error).message });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  base = `http://${host}:${address.port}`;
  fake.url = base;
  fake.apiUrl = base;
  fake.authUrl = `${base}/connect/token`;
  fake.env.WOMPI_API_URL = fake.apiUrl;
  fake.env.WOMPI_AUTH_URL = fake.authUrl;
  return fake;
}
