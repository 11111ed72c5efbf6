import { execFile } from "node:child_process";
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
  type KeyObject,
} from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:https";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

/**
 * A Web Push service on loopback for tests, strict like the real ones: HTTPS with a
 * certificate made at test time, the VAPID JWT checked (RFC 8292: ES256 signature by `k`,
 * `aud` this origin, `exp` within a day), the body decrypted as RFC 8291 says with the
 * subscription's private key and auth secret (written here on node:crypto, independently
 * of the web-push code under test), and 201 for what it accepts.
 */

export interface TestPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  headers: IncomingHttpHeaders;
  /** The decrypted text. */
  payload: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The JWT's `sub` and the `k` it was signed for. */
  vapid: { subject: string; publicKey: string };
}

/** A request the service refused on its own (not through answerNext), and why. */
export interface RefusedPush {
  endpoint: string;
  status: number;
  reason: string;
}

export interface TestPushService {
  /** https://127.0.0.1:port — the VAPID audience. */
  url: string;
  /** The certificate (PEM) to trust: `new https.Agent({ ca })`. */
  ca: string;
  /**
   * A new subscription, as a browser's PushSubscription.toJSON() gives it. With
   * `applicationServerKey`, only that VAPID key may send to it (403 otherwise), like a
   * subscription made with pushManager.subscribe({ applicationServerKey }).
   */
  subscribe(options?: { applicationServerKey?: string }): TestPushSubscription;
  /** Delivered messages, in order. */
  received: ReceivedPush[];
  refused: RefusedPush[];
  /** The next `count` authenticated requests get `status` (and `headers`), undelivered. */
  answerNext(status: number, count?: number, headers?: Record<string, string>): void;
  /** The subscription ends: every later request for it gets 410 Gone. */
  expire(endpoint: string): void;
  close(): Promise<void>;
}

/** RFC 8030 §7.2: a push service must take at least 4096 bytes; ours takes no more. */
const MAX_BODY_BYTES = 4096;
const MAX_JWT_LIFETIME_SECONDS = 24 * 60 * 60;
const CLOCK_SKEW_SECONDS = 60;
const URGENCIES = new Set(["very-low", "low", "normal", "high"]);
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

interface Subscriber {
  endpoint: string;
  ecdh: ECDH;
  auth: Buffer;
  applicationServerKey?: string;
  expired: boolean;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

const run = promisify(execFile);
let certificate: Promise<{ key: string; cert: string }> | undefined;

/** One self-signed P-256 certificate for 127.0.0.1 per test process (openssl takes ~50 ms). */
function testCertificate(): Promise<{ key: string; cert: string }> {
  certificate ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), "tiangue-push-"));
    try {
      await run("openssl", [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
        "-days",
        "2",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ]);
      const [key, cert] = await Promise.all([
        readFile(join(dir, "key.pem"), "utf8"),
        readFile(join(dir, "cert.pem"), "utf8"),
      ]);
      return { key, cert };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  })();
  return certificate;
}

function p256Key(raw: Buffer): KeyObject {
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Error("not an uncompressed P-256 point");
  return createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
}

function jsonPart(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  if (typeof value !== "object" || value === null) throw new Error("not an object");
  return value as Record<string, unknown>;
}

/** RFC 8292 §3: `vapid t=<JWT>, k=<public key>`; throws a Refusal (401) when it doesn't hold. */
function checkVapid(authorization: string | undefined, audience: string) {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? "");
  if (!match) throw new Refusal(401, "no VAPID authorization");
  const params = new Map(
    match[1].split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const token = params.get("t");
  const publicKey = params.get("k");
  if (!token || !publicKey) throw new Refusal(401, "t= or k= missing");
  const parts = token.split(".");
  if (parts.length !== 3) throw new Refusal(401, "malformed JWT");
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  let key: KeyObject;
  try {
    header = jsonPart(parts[0]);
    claims = jsonPart(parts[1]);
    key = p256Key(Buffer.from(publicKey, "base64url"));
  } catch {
    throw new Refusal(401, "unreadable JWT or key");
  }
  if (header.alg !== "ES256") throw new Refusal(401, `alg ${String(header.alg)}`);
  const signature = Buffer.from(parts[2], "base64url");
  const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
  const valid =
    signature.length === 64 &&
    verify("sha256", signed, { key, dsaEncoding: "ieee-p1363" }, signature);
  if (!valid) throw new Refusal(401, "bad signature");
  if (claims.aud !== audience) throw new Refusal(401, `aud ${String(claims.aud)}`);
  const now = Date.now() / 1000;
  const exp = claims.exp;
  if (typeof exp !== "number" || exp <= now) throw new Refusal(401, "expired JWT");
  if (exp > now + MAX_JWT_LIFETIME_SECONDS + CLOCK_SKEW_SECONDS) {
    throw new Refusal(401, "exp more than a day ahead");
  }
  const subject = claims.sub;
  if (typeof subject !== "string" || !/^(mailto:|https:)/.test(subject)) {
    throw new Refusal(401, "sub is not mailto: or https:");
  }
  return { subject, publicKey };
}

const hkdf = (ikm: Buffer, salt: Buffer, info: string | Buffer, length: number) =>
  Buffer.from(hkdfSync("sha256", ikm, salt, info, length));

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, keyed by ECDH and the auth secret. */
function decryptPush(body: Buffer, subscriber: Subscriber): string {
  if (body.length < 21) throw new Error("shorter than its header");
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  if (idLength !== 65) throw new Error("keyid is not a P-256 public key");
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  // RFC 8291 §4: a push message is a single record.
  if (recordSize < 18 || record.length > recordSize || record.length < 17) {
    throw new Error("not one record");
  }
  const receiverKey = subscriber.ecdh.getPublicKey();
  const secret = subscriber.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), receiverKey, senderKey]);
  const ikm = hkdf(secret, subscriber.auth, keyInfo, 32);
  const contentKey = hkdf(ikm, salt, "Content-Encoding: aes128gcm\0", 16);
  // The first record's nonce is the base itself (XOR with sequence number 0).
  const nonce = hkdf(ikm, salt, "Content-Encoding: nonce\0", 12);
  const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (end < 0 || plain[end] !== 0x02) throw new Error("the last record's delimiter is not 2");
  return plain.subarray(0, end).toString("utf8");
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return typeof value === "string" ? value : null;
}

export async function startPushService(): Promise<TestPushService> {
  const { key, cert } = await testCertificate();
  const subscribers = new Map<string, Subscriber>();
  const queued: { status: number; headers: Record<string, string> }[] = [];
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  let url = "";

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const endpoint = `${url}${request.url ?? ""}`;
    const body = await readBody(request);
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? "")?.[1];
    const subscriber = id ? subscribers.get(id) : undefined;
    if (request.method !== "POST" || !subscriber) throw new Refusal(404, "no such subscription");
    if (subscriber.expired) throw new Refusal(410, "subscription expired");
    const vapid = checkVapid(header(request, "authorization") ?? undefined, url);
    if (subscriber.applicationServerKey && vapid.publicKey !== subscriber.applicationServerKey) {
      throw new Refusal(403, "VAPID key is not the subscription's");
    }
    const next = queued.shift();
    if (next) {
      response.writeHead(next.status, next.headers).end();
      return;
    }
    const ttlText = header(request, "ttl");
    if (ttlText === null || !/^\d+$/.test(ttlText)) throw new Refusal(400, "TTL missing");
    const urgency = header(request, "urgency");
    if (urgency !== null && !URGENCIES.has(urgency)) throw new Refusal(400, "bad Urgency");
    const topic = header(request, "topic");
    if (topic !== null && !TOPIC.test(topic)) throw new Refusal(400, "bad Topic");
    if (body.length > MAX_BODY_BYTES) throw new Refusal(413, "body over 4096 bytes");
    if (header(request, "content-encoding") !== "aes128gcm") {
      throw new Refusal(415, "Content-Encoding is not aes128gcm");
    }
    let payload: string;
    try {
      payload = decryptPush(body, subscriber);
    } catch (error) {
      throw new Refusal(400, `undecryptable: ${(error as Error).message}`);
    }
    received.push({
      endpoint,
      headers: request.headers,
      payload,
      ttl: Number(ttlText),
      urgency,
      topic,
      vapid,
    });
    response.writeHead(201, { Location: `${url}/message/${randomUUID()}` }).end();
  }

  const server: Server = createServer({ key, cert }, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      const status = error instanceof Refusal ? error.status : 500;
      const reason = error instanceof Error ? error.message : String(error);
      refused.push({ endpoint: `${url}${request.url ?? ""}`, status, reason });
      if (!response.headersSent) {
        response.writeHead(status, { "Content-Type": "text/plain" }).end(reason);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    ca: cert,
    received,
    refused,
    subscribe(options = {}) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      const endpoint = `${url}/push/${id}`;
      subscribers.set(id, {
        endpoint,
        ecdh,
        auth,
        applicationServerKey: options.applicationServerKey,
        expired: false,
      });
      return {
        endpoint,
        keys: {
          p256dh: ecdh.getPublicKey().toString("base64url"),
          auth: auth.toString("base64url"),
        },
      };
    },
    answerNext(status, count = 1, headers = {}) {
      for (let i = 0; i < count; i += 1) queued.push({ status, headers });
    },
    expire(endpoint) {
      for (const subscriber of subscribers.values()) {
        if (subscriber.endpoint === endpoint) subscriber.expired = true;
      }
    },
    close() {
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive agents hold sockets open; close() waits for none of them.
        server.closeAllConnections();
      });
    },
  };
}
