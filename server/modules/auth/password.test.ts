import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, needsRehash, verifyPassword } from "./password";

describe("password hashing", () => {
  it("round-trips a password through a self-describing scrypt string", async () => {
    const hash = await hashPassword("contraseña segura");
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword("contraseña segura", hash)).toBe(true);
    expect(await verifyPassword("contraseña Segura", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it("salts every hash differently", async () => {
    const [a, b] = await Promise.all([hashPassword("misma-clave"), hashPassword("misma-clave")]);
    expect(a).not.toBe(b);
    expect(a.split("$")[4]).not.toBe(b.split("$")[4]);
    expect(await verifyPassword("misma-clave", a)).toBe(true);
    expect(await verifyPassword("misma-clave", b)).toBe(true);
  });

  it("answers false, after the same work, for a missing or unreadable hash", async () => {
    expect(await verifyPassword("lo-que-sea", null)).toBe(false);
    expect(await verifyPassword("lo-que-sea", undefined)).toBe(false);
    expect(await verifyPassword("lo-que-sea", "texto-plano")).toBe(false);
    // Absurd parameters from a corrupt row are refused instead of allocating gigabytes.
    expect(
      await verifyPassword("x", "scrypt$1073741824$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA"),
    ).toBe(false);
    expect(needsRehash("texto-plano")).toBe(true);
  });

  it("takes about as long for an unknown user as for a wrong password", async () => {
    const hash = await hashPassword("clave-real-123");
    await verifyPassword("calentar", null); // the dummy hash is made on first use
    const time = async (stored: string | null) => {
      const start = performance.now();
      for (let i = 0; i < 2; i++) await verifyPassword("clave-incorrecta", stored);
      return performance.now() - start;
    };
    const known = await time(hash);
    const unknown = await time(null);
    // Loose bounds: the machine may be busy; an unknown user answering instantly would be ~0.
    expect(unknown / known).toBeGreaterThan(0.3);
    expect(unknown / known).toBeLessThan(3);
  });

  it("generates random passwords of 16 characters or more", () => {
    const a = generatePassword();
    expect(a.length).toBeGreaterThanOrEqual(16);
    expect(a).not.toBe(generatePassword());
  });
});
