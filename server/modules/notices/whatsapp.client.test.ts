import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  classifyWhatsAppError,
  createWhatsAppClient,
  retryDelaySeconds,
  WHATSAPP_MAX_ATTEMPTS,
  whatsAppRecipient,
  type SendTemplateInput,
  type WhatsAppClient,
  type WhatsAppClientOptions,
  type WhatsAppSendResult,
} from "./whatsapp.client";
import { startFakeWhatsApp, type FakeWhatsApp } from "./whatsapp.fake";
import {
  parseWhatsAppWebhook,
  verifyWhatsAppSignature,
  WHATSAPP_SIGNATURE_HEADER,
} from "./whatsapp.signature";
import { templateCreationPayloads } from "./whatsapp.templates";

const PUBLIC_URL = "https://tiangue.sv";

/** A tiny HTTP server of our own: Tiangue's webhook, or a proxy answering what it likes. */
async function listen(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

describe("WhatsApp client against the fake Cloud API", () => {
  let fake: FakeWhatsApp;
  let clients: WhatsAppClient[] = [];
  const client = (options: Partial<WhatsAppClientOptions> = {}) => {
    const created = createWhatsAppClient({
      apiUrl: fake.env.WHATSAPP_API_URL,
      token: fake.token,
      phoneNumberId: fake.phoneNumberId,
      ...options,
    });
    clients.push(created);
    return created;
  };
  const ready = (values: Partial<SendTemplateInput> = {}): SendTemplateInput => ({
    to: "+50370000000",
    template: "tiangue_order_ready",
    params: ["ES-2026-000123", "Pupusería La Ceiba"],
    buttonSuffix: "ES-2026-000123?token=abc123",
    callbackData: "notice:7",
    ...values,
  });
  const errorOf = (result: WhatsAppSendResult) => {
    expect(result.outcome).toBe("error");
    return result as Extract<WhatsAppSendResult, { outcome: "error" }>;
  };

  beforeEach(async () => {
    fake = await startFakeWhatsApp({ statusDelaysMs: null });
    fake.createTemplates(templateCreationPayloads(PUBLIC_URL));
  });
  afterEach(async () => {
    for (const c of clients) c.close();
    clients = [];
    await fake.close();
  });

  it("sends a template: digits as `to`, the sanitised parameters, the button suffix and callback", async () => {
    const result = await client().sendTemplate(
      ready({ to: "+503 7000-0000", params: ["ES-2026-000123", "Pupusería\nLa   Ceiba"] }),
    );

    expect(result.outcome).toBe("sent");
    expect(fake.sent).toHaveLength(1);
    expect(result).toEqual({ outcome: "sent", messageId: fake.sent[0].id });
    expect(fake.sent[0]).toMatchObject({
      to: "50370000000",
      template: "tiangue_order_ready",
      language: "es",
      params: ["ES-2026-000123", "Pupusería La Ceiba"],
      buttonSuffix: "ES-2026-000123?token=abc123",
      callbackData: "notice:7",
      text: null,
    });
    expect(fake.sent[0].id).toMatch(/^wamid\./);
  });

  it("sends a free text with its callback data", async () => {
    const result = await client().sendText({
      to: "+50370000001",
      body: " Hola ",
      callbackData: "x",
    });
    expect(result.outcome).toBe("sent");
    expect(fake.sent[0]).toMatchObject({
      to: "50370000001",
      text: "Hola",
      template: null,
      callbackData: "x",
    });
  });

  it("refuses what it cannot send before calling Meta", async () => {
    const whatsapp = client();
    expect(() => whatsapp.sendTemplate(ready({ params: ["solo uno"] }))).toThrow(RangeError);
    expect(() => whatsapp.sendTemplate(ready({ to: "7000-00" }))).toThrow(RangeError);
    expect(() => whatsapp.sendTemplate(ready({ callbackData: "x".repeat(513) }))).toThrow(
      RangeError,
    );
    expect(() => whatsapp.sendText({ to: "+50370000000", body: "  " })).toThrow(RangeError);
    expect(fake.attempts).toEqual([]);
    expect(whatsAppRecipient("+50370000000")).toBe("50370000000");
    expect(() => whatsAppRecipient("+503 7000-0000 ext 2")).toThrow(RangeError);
  });

  it("answers a wrong token with 190, which stops the channel", async () => {
    const error = errorOf(await client({ token: "otro" }).sendTemplate(ready()));
    expect(error).toMatchObject({ code: 190, httpStatus: 401 });
    expect(error.title).toMatch(/access token/);
    expect(classifyWhatsAppError(error.code)).toBe("stop_channel");
    expect(fake.sent).toEqual([]);
    expect(fake.attempts.map((a) => a.code)).toEqual([190]);
  });

  it("answers a template that does not exist, or is not approved, with 132001", async () => {
    fake.templates.delete("tiangue_order_ready");
    const missing = errorOf(await client().sendTemplate(ready()));
    expect(missing).toMatchObject({ code: 132001, httpStatus: 400 });
    expect(missing.details).toMatch(/tiangue_order_ready/);
    expect(classifyWhatsAppError(132001)).toBe("give_up");

    fake.templates.get("tiangue_order_expired")!.status = "PENDING";
    const pending = await client().sendTemplate(
      ready({ template: "tiangue_order_expired", to: "+50370000009" }),
    );
    expect(errorOf(pending).code).toBe(132001);
  });

  it("answers a parameter count other than the approved template's with 132000", async () => {
    // Meta's copy of the template asks for three parameters; ours sends two.
    const [payload] = templateCreationPayloads(PUBLIC_URL).filter(
      (p) => p.name === "tiangue_order_ready",
    );
    fake.templates.delete(payload.name);
    const body = {
      ...payload.components[0],
      text: "Pedido {{1}} en {{2}} listo a las {{3}}.",
      example: { body_text: [["a", "b", "c"]] },
    };
    fake.createTemplates([{ ...payload, components: [body, payload.components[1]] }]);

    const error = errorOf(await client().sendTemplate(ready()));
    expect(error).toMatchObject({ code: 132000, httpStatus: 400 });
    expect(classifyWhatsAppError(error.code)).toBe("give_up");
  });

  it("answers a second message to one number within the pair interval with 131056", async () => {
    const whatsapp = client();
    expect((await whatsapp.sendTemplate(ready())).outcome).toBe("sent");
    const error = errorOf(
      await whatsapp.sendTemplate(ready({ template: "tiangue_order_on_the_way" })),
    );
    expect(error).toMatchObject({ code: 131056, httpStatus: 400 });
    expect(error.title).toBe("(Business Account, Consumer Account) pair rate limit hit");
    expect(classifyWhatsAppError(error.code)).toBe("retry");
    // Another number is not held back.
    expect((await whatsapp.sendTemplate(ready({ to: "+50370000002" }))).outcome).toBe("sent");
    expect(fake.sent.map((m) => m.to)).toEqual(["50370000000", "50370000002"]);
  });

  it("answers failNext's codes with Meta's error shape, count times, then sends again", async () => {
    const whatsapp = client();
    fake.failNext(131000, 2);
    fake.failNext(131042, 1, { title: "Pago pendiente", details: "Revise su método de pago" });
    fake.failNext(131026);
    const results = [];
    for (let i = 0; i < 5; i++)
      results.push(await whatsapp.sendTemplate(ready({ to: `+5037000001${i}` })));

    expect(results.slice(0, 4).map((r) => errorOf(r).code)).toEqual([
      131000, 131000, 131042, 131026,
    ]);
    expect(errorOf(results[0]).httpStatus).toBe(500);
    expect(errorOf(results[2])).toMatchObject({
      title: "Pago pendiente",
      details: "Revise su método de pago",
    });
    expect(results.slice(0, 4).map((r) => classifyWhatsAppError(errorOf(r).code))).toEqual([
      "retry",
      "retry",
      "stop_channel",
      "give_up",
    ]);
    expect(results[4].outcome).toBe("sent");
    expect(fake.attempts.map((a) => a.code)).toEqual([131000, 131000, 131042, 131026, null]);
  });

  it("does not know whether a message went out when Meta never answers ('timeout')", async () => {
    fake.hangNext(1, "timeout");
    const started = Date.now();
    const result = await client({ timeoutMs: 300 }).sendTemplate(ready());

    expect(result.outcome).toBe("unknown");
    expect((result as { error: string }).error).toMatch(/sin respuesta de Meta en 300 ms/);
    expect(Date.now() - started).toBeLessThan(3000);
    // It did go out: the status webhook will tell.
    expect(fake.sent).toHaveLength(1);
  });

  it("does not know either when the connection is cut after the request ('cut')", async () => {
    fake.hangNext(1, "cut");
    const result = await client().sendTemplate(ready());
    expect(result.outcome).toBe("unknown");
    expect(fake.sent).toHaveLength(1);
    expect(fake.attempts[0].httpStatus).toBeNull();
    // The next message goes on a new connection.
    expect((await client().sendTemplate(ready({ to: "+50370000003" }))).outcome).toBe("sent");
  });

  it("knows nothing was sent when the connection is refused", async () => {
    const { server, url } = await listen(() => {});
    await closeServer(server);
    const result = await client({ apiUrl: url }).sendTemplate(ready());
    expect(result).toEqual({ outcome: "not_sent", error: "sin conexión: ECONNREFUSED" });
  });

  it("does not know for an answer that is not Meta's (a proxy's page, a 200 without id)", async () => {
    const answers = [
      [502, "text/html", "<html><body>Bad gateway</body></html>"],
      [200, "application/json", '{"messaging_product":"whatsapp","messages":[]}'],
      [200, "application/json", "no es json"],
    ] as const;
    let next = 0;
    const { server, url } = await listen((_req, res) => {
      const [status, type, body] = answers[next++];
      res.writeHead(status, { "content-type": type }).end(body);
    });
    try {
      const whatsapp = client({ apiUrl: url });
      for (let i = 0; i < answers.length; i++) {
        const result = await whatsapp.sendText({ to: "+50370000000", body: "Hola" });
        expect(result.outcome).toBe("unknown");
      }
      expect(next).toBe(3);
    } finally {
      await closeServer(server);
    }
  });

  it("creates templates at Meta, telling a duplicate and a refusal apart", async () => {
    fake.templates.clear();
    const whatsapp = client();
    const [payload] = templateCreationPayloads(PUBLIC_URL);

    const created = await whatsapp.createTemplate(fake.wabaId, payload);
    expect(created).toMatchObject({ outcome: "created", status: "APPROVED" });
    expect(fake.templates.get(payload.name)?.components).toEqual(payload.components);

    const again = await whatsapp.createTemplate(fake.wabaId, payload);
    expect(again).toMatchObject({ outcome: "exists", code: 100 });

    const refused = await whatsapp.createTemplate(fake.wabaId, {
      ...payload,
      name: "Con Espacios" as typeof payload.name,
    });
    expect(refused).toMatchObject({ outcome: "error", code: 100, httpStatus: 400 });
    const elsewhere = await whatsapp.createTemplate("999", {
      ...payload,
      name: "tiangue_otra" as typeof payload.name,
    });
    expect(elsewhere).toMatchObject({ outcome: "error", code: 100 });
  });

  it("every template created from our payloads can be sent with templateMessage's parameters", async () => {
    fake.templates.clear();
    const whatsapp = client();
    for (const payload of templateCreationPayloads(PUBLIC_URL)) {
      expect((await whatsapp.createTemplate(fake.wabaId, payload)).outcome).toBe("created");
    }
    let n = 0;
    for (const payload of templateCreationPayloads(PUBLIC_URL)) {
      const params = payload.components[0].example.body_text[0];
      const result = await whatsapp.sendTemplate({
        to: `+5037100${String(n++).padStart(4, "0")}`,
        template: payload.name,
        params,
        buttonSuffix: "ES-2026-000123?token=abc",
        callbackData: payload.name,
      });
      expect(result.outcome, payload.name).toBe("sent");
    }
    expect(fake.sent).toHaveLength(11);
  });
});

describe("status webhooks from the fake, read by the client's parser", () => {
  let fake: FakeWhatsApp;
  let receiver: Server;
  let receiverUrl: string;
  const received: { raw: Buffer; valid: boolean }[] = [];
  const waitFor = async (count: number) => {
    for (let i = 0; i < 200 && received.length < count; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(received).toHaveLength(count);
  };

  beforeAll(async () => {
    ({ server: receiver, url: receiverUrl } = await listen((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const raw = Buffer.concat(chunks);
        const valid = verifyWhatsAppSignature(
          raw,
          req.headers[WHATSAPP_SIGNATURE_HEADER],
          fake.appSecret,
        );
        received.push({ raw, valid });
        res.writeHead(200).end("EVENT_RECEIVED");
      });
    }));
  });
  afterAll(() => closeServer(receiver));
  beforeEach(async () => {
    received.length = 0;
    fake = await startFakeWhatsApp({
      webhookUrl: `${receiverUrl}/webhook`,
      statusDelaysMs: { sent: 10, delivered: 40, read: 80 },
    });
    fake.createTemplates(templateCreationPayloads(PUBLIC_URL));
  });
  afterEach(() => fake.close());

  const send = async () => {
    const whatsapp = createWhatsAppClient({
      apiUrl: fake.env.WHATSAPP_API_URL,
      token: fake.token,
      phoneNumberId: fake.phoneNumberId,
    });
    try {
      const result = await whatsapp.sendTemplate({
        to: "+50370000000",
        template: "tiangue_order_delivered",
        params: ["ES-2026-000123", "La Ceiba"],
        buttonSuffix: "ES-2026-000123?token=abc",
        callbackData: "notice:42",
      });
      expect(result.outcome).toBe("sent");
      return (result as { messageId: string }).messageId;
    } finally {
      whatsapp.close();
    }
  };

  it("posts sent, delivered and read, signed with the app secret, with the callback data", async () => {
    const messageId = await send();
    await waitFor(3);

    expect(received.map((r) => r.valid)).toEqual([true, true, true]);
    const statuses = received.flatMap(
      (r) => parseWhatsAppWebhook(JSON.parse(r.raw.toString())).statuses,
    );
    expect(statuses.map((s) => s.status)).toEqual(["sent", "delivered", "read"]);
    for (const status of statuses) {
      expect(status).toMatchObject({
        messageId,
        recipient: "+50370000000",
        callbackData: "notice:42",
        error: null,
        phoneNumberId: fake.phoneNumberId,
      });
    }
    // Signed over the exact bytes: another secret does not verify them.
    expect(verifyWhatsAppSignature(received[0].raw, fake.webhooks[0].signature, "otro")).toBe(
      false,
    );
    // The fake records a delivery once our answer reaches it, a moment after we read it.
    for (let i = 0; i < 200 && fake.webhooks.length < 3; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(fake.webhooks.map((w) => w.status)).toEqual([200, 200, 200]);
  });

  it("posts a failed status with Meta's error, and a person's message", async () => {
    const fakeNoStatuses = fake;
    fakeNoStatuses.setWebhookUrl(null);
    const messageId = await send();
    fake.setWebhookUrl(`${receiverUrl}/webhook`);
    await fake.postStatus(messageId, "failed", {
      code: 131049,
      title: "Meta chose not to deliver",
    });
    await fake.deliverIncoming({ from: "+50370000000", text: "baja", name: "Ana" });
    await waitFor(2);

    expect(received.every((r) => r.valid)).toBe(true);
    const [failed, incoming] = received.map((r) =>
      parseWhatsAppWebhook(JSON.parse(r.raw.toString())),
    );
    expect(failed.statuses).toEqual([
      expect.objectContaining({
        messageId,
        status: "failed",
        callbackData: "notice:42",
        error: { code: 131049, title: "Meta chose not to deliver" },
      }),
    ]);
    expect(incoming.messages).toEqual([
      expect.objectContaining({ from: "+50370000000", text: "baja", name: "Ana", type: "text" }),
    ]);
  });
});

describe("what the worker does with each code", () => {
  it("classifies Meta's codes", () => {
    for (const code of [130429, 131000, 131016, 131056])
      expect(classifyWhatsAppError(code)).toBe("retry");
    for (const code of [190, 131042, 10, 200, 299])
      expect(classifyWhatsAppError(code)).toBe("stop_channel");
    for (const code of [
      131026, 130403, 131050, 132000, 132001, 132015, 132999, 100, 131047, 987654,
    ]) {
      expect(classifyWhatsAppError(code)).toBe("give_up");
    }
  });

  it("waits 4^attempt seconds after the pair limit, and backs off otherwise", () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(131056, n))).toEqual([4, 16, 64, 256]);
    expect([1, 2, 3, 4, 9].map((n) => retryDelaySeconds(130429, n))).toEqual([
      30, 120, 600, 1800, 1800,
    ]);
    expect(retryDelaySeconds(null, 1)).toBe(30);
    expect(retryDelaySeconds(131000, 0)).toBe(30);
    expect(WHATSAPP_MAX_ATTEMPTS).toBe(5);
  });
});
