import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";

/*
 * Issue 37, L9: in production /api/openapi.json and /api/docs list the public, cart,
 * order-token and webhook operations to everyone, and the merchant, admin and operator
 * ones only to an administrator's session, or to everyone with API_DOCS=all.
 */
interface Document {
  paths: Record<string, Record<string, { "x-access"?: string }>>;
}

const accesses = (document: Document) =>
  new Set(
    Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation["x-access"]),
    ),
  );

describe("the API's documentation in production", () => {
  let t: TestApp;
  let all: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: "production", PUBLIC_URL: "https://tiangue.test" });
    all = await createTestApp({
      NODE_ENV: "production",
      PUBLIC_URL: "https://tiangue.test",
      API_DOCS: "all",
    });
  });
  afterAll(async () => {
    await t?.close();
    await all?.close();
  });

  for (const url of ["/api/openapi.json", "/api/docs/json"]) {
    it(`${url}: without a session, only the operations everyone may call`, async () => {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      const document = res.json<Document>();
      expect([...accesses(document)].sort()).toEqual(["cart", "order-token", "public", "webhook"]);
      expect(Object.keys(document.paths).some((p) => p.startsWith("/api/admin"))).toBe(false);
      expect(Object.keys(document.paths)).toContain("/api/checkout");
    });

    it(`${url}: an administrator's session sees every operation`, async () => {
      const res = await t.app.inject({
        method: "GET",
        url,
        headers: { cookie: await t.adminCookie() },
      });
      const seen = accesses(res.json<Document>());
      for (const access of ["admin", "merchant", "operator"]) expect(seen).toContain(access);
    });

    it(`${url}: API_DOCS=all shows every operation to everyone`, async () => {
      const seen = accesses((await all.app.inject({ method: "GET", url })).json<Document>());
      for (const access of ["admin", "merchant", "public"]) expect(seen).toContain(access);
    });
  }
});
