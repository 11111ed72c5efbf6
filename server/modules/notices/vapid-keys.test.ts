import webpush from "web-push";
import { describe, expect, it } from "vitest";
import {
  checkVapidKeyPair,
  FALLBACK_VAPID_SUBJECT,
  resolveVapidKeys,
  VAPID_KEYS_SETTING,
  vapidSubject,
  type VapidKeyStore,
} from "./vapid-keys";

/** app_settings in memory; `get` reads at once and answers later, like a SELECT in flight. */
function memoryStore(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const calls = { get: 0, insert: 0 };
  const store: VapidKeyStore = {
    async get(name) {
      calls.get += 1;
      const value = values.get(name) ?? null;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return value;
    },
    async insertIfAbsent(name, value) {
      calls.insert += 1;
      await Promise.resolve();
      if (!values.has(name)) values.set(name, value);
      return values.get(name)!;
    },
  };
  return { store, values, calls };
}

const BASE = { publicUrl: "https://tiangue.sv" };

describe("resolveVapidKeys", () => {
  it("uses the configured pair (padding and spaces trimmed) and never reads the store", async () => {
    const pair = webpush.generateVAPIDKeys();
    const { store, calls } = memoryStore();
    const resolved = await resolveVapidKeys(
      { ...BASE, publicKey: ` ${pair.publicKey}=`, privateKey: `${pair.privateKey}=\n` },
      store,
    );
    expect(resolved).toEqual({ ...pair, subject: "https://tiangue.sv" });
    expect(calls).toEqual({ get: 0, insert: 0 });
  });

  it("refuses one key without the other, naming the missing one", async () => {
    const pair = webpush.generateVAPIDKeys();
    const { store } = memoryStore();
    await expect(resolveVapidKeys({ ...BASE, publicKey: pair.publicKey }, store)).rejects.toThrow(
      "Falta VAPID_PRIVATE_KEY",
    );
    await expect(resolveVapidKeys({ ...BASE, privateKey: pair.privateKey }, store)).rejects.toThrow(
      "Falta VAPID_PUBLIC_KEY",
    );
  });

  it("generates a pair once, keeps both keys in one JSON value and reads it back", async () => {
    const { store, values } = memoryStore();
    const first = await resolveVapidKeys(BASE, store);
    expect(JSON.parse(values.get(VAPID_KEYS_SETTING)!)).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(first.privateKey, "base64url")).toHaveLength(32);
    expect(() => checkVapidKeyPair(first.publicKey, first.privateKey)).not.toThrow();
    const again = await resolveVapidKeys(BASE, store);
    expect(again).toEqual(first);
  });

  it("gives two processes resolving at once the same pair: the first stored wins", async () => {
    const { store, values, calls } = memoryStore();
    const [a, b] = await Promise.all([
      resolveVapidKeys(BASE, store),
      resolveVapidKeys(BASE, store),
    ]);
    // Both missed and both generated: the race really happened.
    expect(calls).toEqual({ get: 2, insert: 2 });
    expect(a).toEqual(b);
    expect(JSON.parse(values.get(VAPID_KEYS_SETTING)!)).toEqual({
      publicKey: a.publicKey,
      privateKey: a.privateKey,
    });
  });

  it("refuses a stored value it can't read rather than replace the pair", async () => {
    const { store, values } = memoryStore({ [VAPID_KEYS_SETTING]: "{roto" });
    await expect(resolveVapidKeys(BASE, store)).rejects.toThrow(/no se pueden leer/);
    expect(values.get(VAPID_KEYS_SETTING)).toBe("{roto");
    const mixed = memoryStore({
      [VAPID_KEYS_SETTING]: JSON.stringify({
        publicKey: webpush.generateVAPIDKeys().publicKey,
        privateKey: webpush.generateVAPIDKeys().privateKey,
      }),
    });
    await expect(resolveVapidKeys(BASE, mixed.store)).rejects.toThrow(/no corresponde/);
  });
});

describe("checkVapidKeyPair", () => {
  const pair = webpush.generateVAPIDKeys();
  const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill).toString("base64url");

  it("names the variable of a key that is not base64url", () => {
    expect(() => checkVapidKeyPair(`${pair.publicKey.slice(0, -1)}+`, pair.privateKey)).toThrow(
      "VAPID_PUBLIC_KEY no es base64 para URL",
    );
    expect(() => checkVapidKeyPair(pair.publicKey, `${pair.privateKey.slice(1)}/`)).toThrow(
      "VAPID_PRIVATE_KEY no es base64 para URL",
    );
  });

  it("names the variable of a key of the wrong length", () => {
    expect(() => checkVapidKeyPair(bytes(64), pair.privateKey)).toThrow(
      "VAPID_PUBLIC_KEY debe ser un punto P-256 sin comprimir (65 bytes); tiene 64",
    );
    expect(() => checkVapidKeyPair(pair.publicKey, bytes(31))).toThrow(
      "VAPID_PRIVATE_KEY debe ser una clave privada P-256 (32 bytes); tiene 31",
    );
  });

  it("refuses a compressed or off-curve public key and a private key out of range", () => {
    const compressed = Buffer.from(pair.publicKey, "base64url");
    compressed[0] = 0x02;
    expect(() => checkVapidKeyPair(compressed.toString("base64url"), pair.privateKey)).toThrow(
      "empieza con el byte 0x04",
    );
    const offCurve = Buffer.from(pair.publicKey, "base64url");
    offCurve[64] ^= 1;
    expect(() => checkVapidKeyPair(offCurve.toString("base64url"), pair.privateKey)).toThrow(
      "VAPID_PUBLIC_KEY no es un punto de la curva P-256",
    );
    expect(() => checkVapidKeyPair(pair.publicKey, bytes(32, 0xff))).toThrow(
      "VAPID_PRIVATE_KEY no es una clave privada P-256 válida",
    );
  });

  it("refuses a public key that is not the private key's", () => {
    const other = webpush.generateVAPIDKeys();
    expect(() => checkVapidKeyPair(pair.publicKey, other.privateKey)).toThrow(
      "VAPID_PUBLIC_KEY no corresponde a VAPID_PRIVATE_KEY",
    );
  });
});

describe("vapidSubject", () => {
  it("takes VAPID_SUBJECT first, and refuses one that is not mailto: or https:", () => {
    const config = { ...BASE, mailFrom: "pedidos@tiangue.sv" };
    expect(vapidSubject({ ...config, subject: "mailto:soporte@tiangue.sv" })).toBe(
      "mailto:soporte@tiangue.sv",
    );
    expect(() => vapidSubject({ ...config, subject: "http://tiangue.sv" })).toThrow(
      /^VAPID_SUBJECT debe ser/,
    );
    expect(() => vapidSubject({ ...config, subject: "mailto:nadie" })).toThrow(
      /^VAPID_SUBJECT debe ser/,
    );
  });

  it("then MAIL_FROM's address, with or without a name", () => {
    expect(vapidSubject({ ...BASE, mailFrom: "Tiangue <pedidos@x.sv>" })).toBe(
      "mailto:pedidos@x.sv",
    );
    expect(vapidSubject({ ...BASE, mailFrom: "pedidos@x.sv" })).toBe("mailto:pedidos@x.sv");
  });

  it("then PUBLIC_URL's origin when https; skips localhost, which Apple refuses", () => {
    const local = "Tiangue <avisos@localhost>";
    expect(vapidSubject({ mailFrom: local, publicUrl: "https://tiangue.sv/tienda/" })).toBe(
      "https://tiangue.sv",
    );
    expect(vapidSubject({ publicUrl: "http://tiangue.sv" })).toBe(FALLBACK_VAPID_SUBJECT);
    expect(vapidSubject({ publicUrl: "https://localhost:3000" })).toBe(FALLBACK_VAPID_SUBJECT);
    expect(FALLBACK_VAPID_SUBJECT).toBe("mailto:avisos@tiangue.localhost");
  });
});
