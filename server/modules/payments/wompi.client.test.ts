import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import {
  createWompiClient,
  WOMPI_UNAVAILABLE_MESSAGE,
  WompiError,
  type PaymentLinkRequest,
  type WompiClientOptions,
} from "./wompi.client";
import { startFakeWompi, type FakeWompi } from "./wompi.fake";
import { verifyWompiSignature, WOMPI_SIGNATURE_HEADER } from "./wompi.signature";

/** A shop's webhook endpoint: keeps each raw body and whether its signature holds. */
interface Received {
  body: string;
  signatureValid: boolean;
}

describe("Wompi client against the fake Wompi", () => {
  let fake: FakeWompi;
  let shop: Server;
  let shopUrl: string;
  const received: Received[] = [];

  const client = (options: Partial<WompiClientOptions> = {}) =>
    createWompiClient({
      appId: fake.appId,
      apiSecret: fake.apiSecret,
      apiUrl: fake.apiUrl,
      authUrl: fake.authUrl,
      ...options,
    });
  const link = (values: Partial<PaymentLinkRequest> = {}): PaymentLinkRequest => ({
    reference: "checkout-7f3a",
    amount: "28.50",
    productName: "Pedido ES-2026-000123 en Tiangue",
    redirectUrl: `${shopUrl}/orders/ES-2026-000123?token=abc`,
    webhookUrl: `${shopUrl}/api/payments/wompi/webhook`,
    ...values,
  });
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WompiError);
    return error as WompiError;
  };

  beforeAll(async () => {
    shop = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const raw = Buffer.concat(chunks);
        received.push({
          body: raw.toString("utf8"),
          signatureValid: verifyWompiSignature(
            raw,
            req.headers[WOMPI_SIGNATURE_HEADER],
            "fake-api-secret",
          ),
        });
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => shop.close(() => resolve())));
  beforeEach(async () => {
    fake = await startFakeWompi({ slowMs: 5000 });
    received.length = 0;
  });
  afterEach(() => fake.close());

  it("creates a payment link with the documented request, money as a number on the wire", async () => {
    const created = await client().createPaymentLink(link());

    expect(created).toEqual({ id: "1000", url: `${fake.url}/pago/1000` });
    expect(fake.requests).toEqual(["POST /connect/token", "POST /EnlacePago"]);
    expect(fake.links[0].request).toMatchObject({
      identificadorEnlaceComercio: "checkout-7f3a",
      monto: 28.5,
      nombreProducto: "Pedido ES-2026-000123 en Tiangue",
      configuracion: {
        urlRedirect: `${shopUrl}/orders/ES-2026-000123?token=abc`,
        urlWebhook: `${shopUrl}/api/payments/wompi/webhook`,
        notificarTransaccionCliente: true,
      },
    });
  });

  it("refuses an amount it cannot send exactly, before calling Wompi", async () => {
    const wompi = client();
    for (const amount of ["0.00", "12.345", "-1", "doce"]) {
      await expect(wompi.createPaymentLink(link({ amount }))).rejects.toThrow(RangeError);
    }
    expect(fake.requests).toEqual([]);
  });

  it("reuses its token, and concurrent calls wait for one token request", async () => {
    const wompi = client();
    await Promise.all([
      wompi.createPaymentLink(link()),
      wompi.createPaymentLink(link()),
      wompi.createPaymentLink(link()),
    ]);
    await wompi.createPaymentLink(link());
    expect(fake.tokensIssued).toBe(1);
    expect(fake.links).toHaveLength(4);
  });

  it("renews the token shortly before it expires", async () => {
    let now = 1_000_000;
    const wompi = client({ now: () => now });
    await wompi.createPaymentLink(link());
    now += 3_539_000; // a token of 3600 s, renewed in its last minute
    await wompi.createPaymentLink(link());
    expect(fake.tokensIssued).toBe(1);
    now += 2_000;
    await wompi.createPaymentLink(link());
    expect(fake.tokensIssued).toBe(2);
  });

  it("renews a token Wompi no longer accepts, once", async () => {
    const wompi = client();
    await wompi.createPaymentLink(link());
    fake.expireTokens();
    await wompi.createPaymentLink(link());
    expect(fake.tokensIssued).toBe(2);
    expect(fake.links).toHaveLength(2);
  });

  it("looks up one of its links with the transactions made on it, and only that link's", async () => {
    const wompi = client();
    const { id } = await wompi.createPaymentLink(link());
    const other = await wompi.createPaymentLink(link({ reference: "checkout-otro" }));
    expect(await wompi.getPaymentLink(id)).toEqual({ id, productive: true, transactions: [] });
    const refused = await fake.pay(Number(id), { approved: false });
    const paid = await fake.pay(Number(id));
    const elsewhere = await fake.pay(Number(other.id));
    expect(await wompi.getPaymentLink(id)).toEqual({
      id,
      productive: true,
      transactions: [
        { id: refused.transaction.id, approved: false, real: true, amount: "28.50" },
        { id: paid.transaction.id, approved: true, real: true, amount: "28.50" },
      ],
    });
    expect(fake.requests.at(-1)).toBe(`GET /EnlacePago/${id}`);
    expect((await wompi.getPaymentLink(other.id)).transactions.map((t) => t.id)).toEqual([
      elsewhere.transaction.id,
    ]);
    expect((await failure(wompi.getPaymentLink("999999"))).failure).toBe("not_found");
  });

  it("edits a link's amount and deactivates a link, as Wompi documents (issue 37 L3)", async () => {
    const wompi = client();
    const { id } = await wompi.createPaymentLink(link());
    const edited = await wompi.updatePaymentLink(id, link({ amount: "12.25" }));
    expect(edited).toEqual({ id, usable: true, amount: "12.25" });
    const stored = fake.links.find((l) => String(l.id) === id)!;
    expect(fake.requests).toContain(`PUT /EnlacePago/${id}`);
    expect(stored.edits[0]).toMatchObject({
      identificadorEnlaceComercio: "checkout-7f3a",
      monto: 12.25,
    });
    expect(stored.amount).toBe(12.25);

    expect(await wompi.deactivatePaymentLink(id)).toEqual({ id, usable: false, amount: "12.25" });
    expect(fake.requests).toContain(`PUT /EnlacePago/${id}/desactivar`);
    // Deactivated: no more edits, and no payment.
    expect((await failure(wompi.updatePaymentLink(id, link({ amount: "5.00" })))).failure).toBe(
      "rejected",
    );
    await expect(fake.pay(Number(id))).rejects.toThrow(/desactivado/);
    expect((await failure(wompi.deactivatePaymentLink("999999"))).failure).toBe("not_found");
    fake.failWith("error", ["linkEdit"]);
    try {
      expect((await failure(wompi.deactivatePaymentLink(id))).failure).toBe("server_error");
    } finally {
      fake.failWith(null);
    }
  });

  it("reads a test-mode payment as not real", async () => {
    const wompi = client();
    const { id } = await wompi.createPaymentLink(link());
    await fake.pay(Number(id), { real: false });
    expect((await wompi.getPaymentLink(id)).transactions).toMatchObject([{ real: false }]);
  });

  it("says which failure it met, always as a 502 with the shopper's message", async () => {
    const error = await failure(client({ apiSecret: "otro" }).createPaymentLink(link()));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 502,
      message: WOMPI_UNAVAILABLE_MESSAGE,
      failure: "auth",
    });

    fake.failWith("error", ["link"]);
    expect(await failure(client().createPaymentLink(link()))).toMatchObject({
      failure: "server_error",
      upstreamStatus: 500,
    });
    fake.failWith("down");
    expect((await failure(client().createPaymentLink(link()))).failure).toBe("unreachable");
    fake.failWith(null);
    const rejected = await failure(client().createPaymentLink(link({ reference: "" })));
    expect(rejected).toMatchObject({ failure: "rejected", upstreamStatus: 400 });
    expect(rejected.detail).toContain("IdentificadorEnlaceComercio");
    expect(fake.links).toHaveLength(0);
  });

  it("gives up after its timeout when Wompi does not answer", async () => {
    fake.failWith("slow", ["linkLookup"]);
    const wompi = client({ timeoutMs: 200 });
    const { id } = await wompi.createPaymentLink(link());
    expect((await failure(wompi.getPaymentLink(id))).failure).toBe("timeout");
  });

  it("ends the token, the call and its retry within one timeout, not one each (issue 26)", async () => {
    // Each answer alone comes within the timeout (300 of 500 ms); together they do not.
    const slowFake = await startFakeWompi({ slowMs: 300 });
    try {
      slowFake.failWith("slow", ["token", "link"]);
      const wompi = createWompiClient({
        appId: slowFake.appId,
        apiSecret: slowFake.apiSecret,
        apiUrl: slowFake.apiUrl,
        authUrl: slowFake.authUrl,
        timeoutMs: 500,
      });
      const started = Date.now();
      const error = await failure(wompi.createPaymentLink(link()));
      expect(error).toMatchObject({ failure: "timeout" });
      // Well before the 600 ms of the two answers: the call was cut at the deadline.
      expect(Date.now() - started).toBeLessThan(590);
    } finally {
      await slowFake.close();
    }
  });

  it("maps an HTML page, an empty body and refused credentials to their failure", async () => {
    const wompi = client();
    fake.failWith("html", ["link"]);
    expect(await failure(wompi.createPaymentLink(link()))).toMatchObject({
      failure: "invalid_response",
      detail: "/EnlacePago: la respuesta no es JSON",
    });
    fake.failWith("empty", ["link"]);
    expect((await failure(wompi.createPaymentLink(link()))).failure).toBe("invalid_response");
    fake.failWith(null);
    fake.failWith("token-refused", ["token"]);
    fake.expireTokens();
    expect(await failure(wompi.createPaymentLink(link()))).toMatchObject({
      failure: "auth",
      upstreamStatus: 400,
    });
    expect(fake.links).toHaveLength(0);
  });

  it("is unreachable when nothing listens at the address", async () => {
    const url = fake.url;
    await fake.close();
    const wompi = createWompiClient({
      appId: "a",
      apiSecret: "b",
      apiUrl: url,
      authUrl: `${url}/connect/token`,
    });
    expect((await failure(wompi.createPaymentLink(link()))).failure).toBe("unreachable");
    fake = await startFakeWompi(); // for afterEach
  });

  it("hosts a payment page whose 'Pagar' notifies the shop, signed, and sends the browser back", async () => {
    const { url } = await client().createPaymentLink(link());
    const page = await fetch(url);
    const html = await page.text();
    expect(html).toContain("Pedido ES-2026-000123 en Tiangue");
    expect(html).toContain("$28.50");
    expect(html).toMatch(/<button[^>]*value="pagar"[^>]*>Pagar<\/button>/);
    expect(html).toMatch(/<button[^>]*value="rechazar"[^>]*>Rechazar<\/button>/);

    const pressed = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "accion=pagar",
      redirect: "manual",
    });
    expect(pressed.status).toBe(303);
    const back = new URL(pressed.headers.get("location")!);
    expect(back.origin + back.pathname).toBe(`${shopUrl}/orders/ES-2026-000123`);
    expect(back.searchParams.get("token")).toBe("abc");
    const [transaction] = fake.transactions;
    expect(back.searchParams.get("idTransaccion")).toBe(transaction.id);

    // The notification arrived before the redirect, with a signature the shop can check.
    expect(received).toHaveLength(1);
    expect(received[0].signatureValid).toBe(true);
    expect(JSON.parse(received[0].body)).toMatchObject({
      IdTransaccion: transaction.id,
      ResultadoTransaccion: "ExitosaAprobada",
      Monto: 28.5,
      EnlacePago: { Id: 1000, IdentificadorEnlaceComercio: "checkout-7f3a" },
    });
  });

  it("'Rechazar' records a refused payment and, like Wompi, notifies nothing", async () => {
    const { url } = await client().createPaymentLink(link());
    const pressed = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "accion=rechazar",
      redirect: "manual",
    });
    expect(pressed.status).toBe(303);
    expect(fake.transactions).toMatchObject([{ approved: false }]);
    expect(received).toHaveLength(0);
  });

  it("sendWebhook() signs like Wompi, or not at all, or wrongly, as a test asks", async () => {
    const { id } = await client().createPaymentLink(link());
    const { transaction } = await fake.pay(Number(id));
    await fake.sendWebhook({ transaction }); // the same notification again
    await fake.sendWebhook({ transaction, signature: null });
    await fake.sendWebhook({ transaction, signature: "0".repeat(64) });
    await fake.sendWebhook({
      url: `${shopUrl}/api/payments/wompi/webhook`,
      body: { IdTransaccion: "x", ResultadoTransaccion: "ExitosaAprobada", Monto: 1 },
    });
    expect(received.map((r) => r.signatureValid)).toEqual([true, true, false, false, true]);
    expect(received[1].body).toBe(received[0].body);
    expect(fake.webhooks.every((w) => w.status === 200)).toBe(true);
  });
});
