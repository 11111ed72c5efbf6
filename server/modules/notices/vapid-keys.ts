import { createECDH, createPublicKey } from "node:crypto";
import webpush from "web-push";

/**
 * The VAPID identity (RFC 8292) Tiangue signs its Web Push messages with. A browser's
 * subscription is bound to the public key it was made with, so the pair must stay the same
 * across restarts and be the same in every process: set through VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY, or else generated once and kept in the database through `store`.
 */

export interface VapidConfig {
  publicKey?: string;
  privateKey?: string;
  subject?: string;
  /** MAIL_FROM ('Tiangue <pedidos@tiangue.sv>'): its address is the default contact. */
  mailFrom?: string;
  /** PUBLIC_URL, the contact when there is no MAIL_FROM and it is https. */
  publicUrl: string;
}

export interface VapidKeyStore {
  get(name: string): Promise<string | null>;
  /** Stores `value` unless `name` is taken; returns what is stored now (ours, or the winner's). */
  insertIfAbsent(name: string, value: string): Promise<string>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The store's name for the generated pair (both keys in one JSON value, so they never mix). */
export const VAPID_KEYS_SETTING = "web_push_vapid_keys";

/**
 * The contact used when nothing better is configured. Only a development machine gets here
 * (production has PUBLIC_URL, usually https, and MAIL_FROM): FCM and Mozilla accept it,
 * Apple refuses any localhost subject (403 BadJwtToken), so set VAPID_SUBJECT or MAIL_FROM
 * to reach iPhones.
 */
export const FALLBACK_VAPID_SUBJECT = "mailto:avisos@tiangue.localhost";

const PUBLIC_KEY_BYTES = 65;
const PRIVATE_KEY_BYTES = 32;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Pasted keys may carry spaces or '=' padding; web-push wants them bare. */
function normalizeKey(value: string): string {
  return value.trim().replace(/=+$/, "");
}

function decodeKey(variable: string, value: string, bytes: number, what: string): Buffer {
  if (!BASE64URL.test(value)) {
    throw new Error(`${variable} no es base64 para URL (solo letras, números, '-' y '_')`);
  }
  const decoded = Buffer.from(value, "base64url");
  if (decoded.length !== bytes) {
    throw new Error(`${variable} debe ser ${what} (${bytes} bytes); tiene ${decoded.length}`);
  }
  return decoded;
}

/**
 * Throws a Spanish error naming the variable when a key is malformed, is not a point of
 * P-256, or when the public key is not the private key's (a JWT no service would accept).
 */
export function checkVapidKeyPair(
  publicKey: string,
  privateKey: string,
  names = { publicKey: "VAPID_PUBLIC_KEY", privateKey: "VAPID_PRIVATE_KEY" },
): void {
  const what = "un punto P-256 sin comprimir";
  const publicBytes = decodeKey(names.publicKey, publicKey, PUBLIC_KEY_BYTES, what);
  if (publicBytes[0] !== 0x04) {
    throw new Error(`${names.publicKey} debe ser ${what} (empieza con el byte 0x04)`);
  }
  try {
    // Node refuses coordinates that are not on the curve.
    createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: publicBytes.subarray(1, 33).toString("base64url"),
        y: publicBytes.subarray(33).toString("base64url"),
      },
      format: "jwk",
    });
  } catch {
    throw new Error(`${names.publicKey} no es un punto de la curva P-256`);
  }
  const privateBytes = decodeKey(
    names.privateKey,
    privateKey,
    PRIVATE_KEY_BYTES,
    "una clave privada P-256",
  );
  const ecdh = createECDH("prime256v1");
  try {
    ecdh.setPrivateKey(privateBytes);
  } catch {
    throw new Error(`${names.privateKey} no es una clave privada P-256 válida`);
  }
  if (!ecdh.getPublicKey().equals(publicBytes)) {
    throw new Error(`${names.publicKey} no corresponde a ${names.privateKey}`);
  }
}

/** 'Tiangue <pedidos@x.sv>' or 'pedidos@x.sv' → 'pedidos@x.sv'; null when no address. */
function addressOf(mailFrom: string): string | null {
  const bracketed = /<\s*([^<>\s]+@[^<>\s]+)\s*>/.exec(mailFrom);
  if (bracketed) return bracketed[1];
  const bare = mailFrom.trim();
  return /^[^\s<>@]+@[^\s<>@]+$/.test(bare) ? bare : null;
}

// Apple's push service refuses a subject whose host is localhost.
function isLocalHost(host: string): boolean {
  const name = host.toLowerCase();
  return name === "localhost" || name.endsWith(".localhost");
}

function isSubject(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === "mailto:") return /^[^\s@]+@[^\s@]+$/.test(url.pathname);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * The JWT's `sub`, a contact for the push services: VAPID_SUBJECT when set; else MAIL_FROM's
 * address (a mailbox someone reads, and what Apple accepts most reliably); else PUBLIC_URL's
 * origin when it is https; else FALLBACK_VAPID_SUBJECT.
 */
export function vapidSubject(config: Omit<VapidConfig, "publicKey" | "privateKey">): string {
  const configured = config.subject?.trim();
  if (configured) {
    if (!isSubject(configured)) {
      throw new Error(
        "VAPID_SUBJECT debe ser una dirección mailto: (mailto:avisos@tiangue.sv) o https:",
      );
    }
    return configured;
  }
  const address = config.mailFrom ? addressOf(config.mailFrom) : null;
  if (address && !isLocalHost(address.slice(address.lastIndexOf("@") + 1))) {
    return `mailto:${address}`;
  }
  try {
    const url = new URL(config.publicUrl);
    if (url.protocol === "https:" && !isLocalHost(url.hostname)) return url.origin;
  } catch {
    // An unreadable PUBLIC_URL is env.ts's to refuse; the fallback still lets push work.
  }
  return FALLBACK_VAPID_SUBJECT;
}

function readStoredPair(value: string): { publicKey: string; privateKey: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = null;
  }
  const pair = parsed as { publicKey?: unknown; privateKey?: unknown } | null;
  if (typeof pair?.publicKey !== "string" || typeof pair.privateKey !== "string") {
    throw new Error(`Las claves VAPID guardadas (${VAPID_KEYS_SETTING}) no se pueden leer`);
  }
  const names = {
    publicKey: `${VAPID_KEYS_SETTING}.publicKey`,
    privateKey: `${VAPID_KEYS_SETTING}.privateKey`,
  };
  checkVapidKeyPair(pair.publicKey, pair.privateKey, names);
  return { publicKey: pair.publicKey, privateKey: pair.privateKey };
}

/**
 * The keys and subject to sign with. Configured keys win (both or neither); otherwise the
 * stored pair, generated and stored by whichever process gets there first. A stored pair
 * that can't be read is an error rather than replaced: a new pair would silently orphan
 * every subscription made with the old one.
 */
export async function resolveVapidKeys(
  config: VapidConfig,
  store: VapidKeyStore,
): Promise<VapidKeys> {
  const subject = vapidSubject(config);
  const publicKey = config.publicKey ? normalizeKey(config.publicKey) : "";
  const privateKey = config.privateKey ? normalizeKey(config.privateKey) : "";
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey) {
      const missing = publicKey ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY";
      throw new Error(
        `Falta ${missing}: VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas (sin ellas se generan una vez)`,
      );
    }
    checkVapidKeyPair(publicKey, privateKey);
    return { publicKey, privateKey, subject };
  }
  const stored = await store.get(VAPID_KEYS_SETTING);
  if (stored !== null) return { ...readStoredPair(stored), subject };
  const generated = webpush.generateVAPIDKeys();
  const winner = await store.insertIfAbsent(
    VAPID_KEYS_SETTING,
    JSON.stringify({ publicKey: generated.publicKey, privateKey: generated.privateKey }),
  );
  return { ...readStoredPair(winner), subject };
}
