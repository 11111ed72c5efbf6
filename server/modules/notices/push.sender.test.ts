import { createHash } from "node:crypto";
import { Agent, request } from "node:https";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPushService, type TestPushService } from "../../test/push-service";
import {
  createPushSender,
  MAX_PUSH_PAYLOAD_BYTES,
  pushTopic,
  type PushPayload,
  type PushSender,
} from "./push.sender";

// The real sender against a strict local push service: what arrives is what a phone reads.

const SUBJECT = "mailto:pedidos@tiangue.sv";
const keys = webpush.generateVAPIDKeys();
const payload: PushPayload = {
  title: "Nuevo pedido #42",
  body: "Ana pidió 2 pupusas revueltas — $3.50",
  tag: "pedido-42",
  url: "/portal/pedidos/42",
};

let service: TestPushService;
let agent: Agent;
let sender: PushSender;

beforeAll(async () => {
  service = await startPushService();
  agent = new Agent({ ca: service.ca });
  sender = createPushSender({ ...keys, subject: SUBJECT, agent, timeoutMs: 5_000 });
});

afterAll(async () => {
  agent.destroy();
  await service.close();
});

describe("createPushSender", () => {
  it("delivers the payload's JSON, decrypted by the subscription's keys, with its headers", async () => {
    const subscription = service.subscribe({ applicationServerKey: keys.publicKey });
    const outcome = await sender.send(subscription, payload, { urgency: "high", ttlSeconds: 600 });
    expect(outcome).toEqual({ outcome: "sent" });
    const [message] = service.received.filter((m) => m.endpoint === subscription.endpoint);
    expect(message.payload).toBe(JSON.stringify(payload));
    expect(JSON.parse(message.payload)).toEqual(payload);
    expect(message.urgency).toBe("high");
    expect(message.headers.urgency).toBe("high");
    expect(message.topic).toBe("pedido-42");
    expect(message.ttl).toBe(600);
    expect(message.vapid).toEqual({ subject: SUBJECT, publicKey: keys.publicKey });
  });

  it("sends normal urgency and a day's TTL by default; the topic can be left out", async () => {
    const subscription = service.subscribe();
    expect(await sender.send(subscription, payload, { topic: null })).toEqual({ outcome: "sent" });
    const [message] = service.received.filter((m) => m.endpoint === subscription.endpoint);
    expect(message.urgency).toBe("normal");
    expect(message.ttl).toBe(86_400);
    expect(message.topic).toBeNull();
  });

  it("turns a tag outside base64url into a 32-character topic, the same for the same tag", async () => {
    const subscription = service.subscribe();
    const tag = "pedido:42/estado (ñ)";
    const expected = createHash("sha256").update(tag).digest("base64url").slice(0, 32);
    await sender.send(subscription, { ...payload, tag });
    await sender.send(subscription, { ...payload, tag, body: "otro" });
    const topics = service.received
      .filter((m) => m.endpoint === subscription.endpoint)
      .map((m) => m.topic);
    expect(topics).toEqual([expected, expected]);
    expect(pushTopic("x".repeat(33))).toHaveLength(32);
    expect(pushTopic("x".repeat(32))).toBe("x".repeat(32));
  });

  it("shortens a long body so the message fits a push service's 4096 bytes", async () => {
    const subscription = service.subscribe();
    const long = { ...payload, body: "ñ".repeat(4000) };
    expect(await sender.send(subscription, long)).toEqual({ outcome: "sent" });
    const [message] = service.received.filter((m) => m.endpoint === subscription.endpoint);
    const delivered = JSON.parse(message.payload) as PushPayload;
    expect(Buffer.byteLength(message.payload)).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
    // Filled up to the limit: each 'ñ' is 2 bytes, so less than 2 bytes are left over.
    expect(Buffer.byteLength(message.payload)).toBeGreaterThan(MAX_PUSH_PAYLOAD_BYTES - 2);
    expect(delivered.body.endsWith("…")).toBe(true);
    expect(long.body.startsWith(delivered.body.slice(0, -1))).toBe(true);
    expect(delivered.title).toBe(payload.title);
  });

  it("answers gone for 410 and 404: the subscription is to be forgotten", async () => {
    const expired = service.subscribe();
    service.expire(expired.endpoint);
    expect(await sender.send(expired, payload)).toEqual({ outcome: "gone", status: 410 });

    service.answerNext(404);
    expect(await sender.send(service.subscribe(), payload)).toEqual({
      outcome: "gone",
      status: 404,
    });
  });

  it("makes 429 and 5xx retryable (with Retry-After), other 4xx final", async () => {
    const subscription = service.subscribe();
    service.answerNext(429, 1, { "Retry-After": "30" });
    expect(await sender.send(subscription, payload)).toMatchObject({
      outcome: "error",
      status: 429,
      retryable: true,
      retryAfterSeconds: 30,
    });
    service.answerNext(503);
    expect(await sender.send(subscription, payload)).toMatchObject({
      outcome: "error",
      status: 503,
      retryable: true,
    });
    service.answerNext(400);
    const refused = await sender.send(subscription, payload);
    expect(refused).toMatchObject({ outcome: "error", status: 400, retryable: false });
    expect(refused).not.toHaveProperty("retryAfterSeconds");
    expect(service.received.some((m) => m.endpoint === subscription.endpoint)).toBe(false);
  });

  it("is refused when signing with a key that is not the subscription's", async () => {
    const subscription = service.subscribe({ applicationServerKey: keys.publicKey });
    const other = createPushSender({ ...webpush.generateVAPIDKeys(), subject: SUBJECT, agent });
    const outcome = await other.send(subscription, payload);
    expect(outcome).toMatchObject({ outcome: "error", status: 403, retryable: false });
    expect(service.received.some((m) => m.endpoint === subscription.endpoint)).toBe(false);
  });

  it("makes a push service it cannot reach a retryable error without a status", async () => {
    const gone = await startPushService();
    const subscription = gone.subscribe();
    await gone.close();
    const outcome = await sender.send(subscription, payload);
    expect(outcome).toMatchObject({ outcome: "error", status: null, retryable: true });
    expect(outcome.outcome === "error" && outcome.error).toMatch(/ECONNREFUSED/);
  });

  it("makes a subscription with unusable keys a final error", async () => {
    const subscription = service.subscribe();
    const broken = { ...subscription, keys: { ...subscription.keys, p256dh: "AAAA" } };
    expect(await sender.send(broken, payload)).toMatchObject({
      outcome: "error",
      status: null,
      retryable: false,
    });
  });

  it("refuses a subject that is neither mailto: nor https:, and a mismatched key pair", () => {
    expect(() => createPushSender({ ...keys, subject: "http://tiangue.sv" })).toThrow(
      /mailto: o https:/,
    );
    const other = webpush.generateVAPIDKeys();
    expect(() =>
      createPushSender({
        publicKey: keys.publicKey,
        privateKey: other.privateKey,
        subject: SUBJECT,
      }),
    ).toThrow("VAPID_PUBLIC_KEY no corresponde a VAPID_PRIVATE_KEY");
  });
});

/** Posts web-push's own request details, so a test can forge what the sender never would. */
function post(details: webpush.RequestDetails): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(details.endpoint);
    const outgoing = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        agent,
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    for (const [name, value] of Object.entries(details.headers)) outgoing.setHeader(name, value);
    outgoing.on("error", reject);
    outgoing.end(details.body ?? undefined);
  });
}

// The checks above mean something only if the service refuses what a real one refuses.
describe("the local push service", () => {
  const vapid = (publicKey: string, privateKey: string) => ({
    vapidDetails: { subject: SUBJECT, publicKey, privateKey },
    contentEncoding: "aes128gcm" as const,
  });

  it("refuses a JWT whose signature is not by k (401)", async () => {
    const subscription = service.subscribe();
    const other = webpush.generateVAPIDKeys();
    const details = webpush.generateRequestDetails(
      subscription,
      "hola",
      vapid(keys.publicKey, other.privateKey),
    );
    expect(await post(details)).toBe(401);
    expect(service.refused.at(-1)).toMatchObject({ status: 401, reason: "bad signature" });
  });

  it("refuses a JWT for another audience, or expired (401)", async () => {
    const subscription = service.subscribe();
    const details = webpush.generateRequestDetails(
      subscription,
      "hola",
      vapid(keys.publicKey, keys.privateKey),
    );
    const signed = (audience: string, expiration?: number) =>
      webpush.getVapidHeaders(
        audience,
        SUBJECT,
        keys.publicKey,
        keys.privateKey,
        "aes128gcm",
        expiration,
      ).Authorization;
    const elsewhere = { ...details.headers, Authorization: signed("https://fcm.googleapis.com") };
    expect(await post({ ...details, headers: elsewhere })).toBe(401);
    expect(service.refused.at(-1)?.reason).toBe("aud https://fcm.googleapis.com");
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = { ...details.headers, Authorization: signed(service.url, past) };
    expect(await post({ ...details, headers: expired })).toBe(401);
    expect(service.refused.at(-1)?.reason).toBe("expired JWT");
    // The same request, signed rightly, is delivered: the refusals above were the claims'.
    expect(await post(details)).toBe(201);
    expect(service.received.at(-1)).toMatchObject({
      endpoint: subscription.endpoint,
      payload: "hola",
    });
  });

  it("refuses a body encrypted for another subscription (400)", async () => {
    const target = service.subscribe();
    const details = webpush.generateRequestDetails(
      { ...target, keys: service.subscribe().keys },
      "hola",
      vapid(keys.publicKey, keys.privateKey),
    );
    expect(await post(details)).toBe(400);
    expect(service.refused.at(-1)?.reason).toMatch(/^undecryptable/);
    expect(service.received.some((m) => m.endpoint === target.endpoint)).toBe(false);
  });
});
