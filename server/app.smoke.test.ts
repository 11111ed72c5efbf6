import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test-support/test-app";

describe("app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers unknown API routes with a Spanish JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nada-por-aqui" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Ruta no encontrada" });
  });

  it("refuses a malformed JSON body with 400, never 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/nada-por-aqui",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});
