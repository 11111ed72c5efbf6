import { describe, expect, it } from "vitest";
import {
  parseWompiNotification,
  signWompiBody,
  verifyWompiSignature,
  WOMPI_APPROVED,
} from "./wompi.signature";

const SECRET = "secreto-de-la-api";
const body = JSON.stringify({
  IdTransaccion: "5a4f2c1e-0000-4000-8000-000000000001",
  ResultadoTransaccion: WOMPI_APPROVED,
  Monto: 28.5,
  EsProductiva: true,
  EnlacePago: { Id: 1234, IdentificadorEnlaceComercio: "checkout-42" },
});

describe("Wompi webhook signature", () => {
  it("is the hex HMAC-SHA256 of the raw body keyed with the API secret", () => {
    // RFC 4231-style known value, so the encoding (hex, lower case) is pinned down.
    expect(signWompiBody("The quick brown fox jumps over the lazy dog", "key")).toBe(
      "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8",
    );
  });

  it("accepts the body's own signature, as text or bytes, in either case", () => {
    const signature = signWompiBody(body, SECRET);
    expect(verifyWompiSignature(body, signature, SECRET)).toBe(true);
    expect(verifyWompiSignature(Buffer.from(body), signature, SECRET)).toBe(true);
    expect(verifyWompiSignature(body, signature.toUpperCase(), SECRET)).toBe(true);
  });

  it("refuses a signature made with another secret", () => {
    expect(verifyWompiSignature(body, signWompiBody(body, "otro-secreto"), SECRET)).toBe(false);
  });

  it("refuses a missing, empty, malformed or repeated header", () => {
    const signature = signWompiBody(body, SECRET);
    expect(verifyWompiSignature(body, undefined, SECRET)).toBe(false);
    expect(verifyWompiSignature(body, "", SECRET)).toBe(false);
    expect(verifyWompiSignature(body, "zz" + signature.slice(2), SECRET)).toBe(false);
    expect(verifyWompiSignature(body, signature.slice(0, 62), SECRET)).toBe(false);
    expect(verifyWompiSignature(body, [signature, signature], SECRET)).toBe(false);
  });

  it("refuses a body altered by one byte, or re-serialized", () => {
    const signature = signWompiBody(body, SECRET);
    const bytes = Buffer.from(body);
    bytes[bytes.indexOf("28.5")] = "3".charCodeAt(0); // Monto 28.5 → 38.5
    expect(verifyWompiSignature(bytes, signature, SECRET)).toBe(false);
    expect(verifyWompiSignature(`${body} `, signature, SECRET)).toBe(false);
    expect(verifyWompiSignature(JSON.stringify(JSON.parse(body), null, 1), signature, SECRET)).toBe(
      false,
    );
  });
});

describe("Wompi notification", () => {
  it("reads the fields the webhook uses, money as decimal text", () => {
    expect(parseWompiNotification(body)).toEqual({
      transactionId: "5a4f2c1e-0000-4000-8000-000000000001",
      result: WOMPI_APPROVED,
      approved: true,
      amount: "28.50",
      linkId: "1234",
      reference: "checkout-42",
      productive: true,
    });
  });

  it("takes Monto as text too, and a refused payment is not approved", () => {
    const refused = parseWompiNotification(
      JSON.stringify({ IdTransaccion: "t-1", ResultadoTransaccion: "ExitosaDenegada", Monto: "3" }),
    );
    expect(refused).toMatchObject({
      approved: false,
      amount: "3.00",
      linkId: null,
      reference: null,
      // Not said: only an explicit EsProductiva false is a payment of Wompi's test mode.
      productive: null,
    });
    const test = JSON.stringify({ IdTransaccion: "t-2", Monto: 3, EsProductiva: false });
    expect(parseWompiNotification(test)?.productive).toBe(false);
  });

  it("is null for what is not a notification", () => {
    expect(parseWompiNotification("no es JSON")).toBeNull();
    expect(parseWompiNotification("[]")).toBeNull();
    expect(
      parseWompiNotification(JSON.stringify({ ResultadoTransaccion: WOMPI_APPROVED })),
    ).toBeNull();
  });
});
