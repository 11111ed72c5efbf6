import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toErrorResponse } from "./app";
import { SERVICE_UNAVAILABLE_MESSAGE } from "./errors";
import { createTestApp, type TestApp } from "./test/test-app";

describe("app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers unknown API routes with a Spanish JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nada-por-aqui" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Ruta no encontrada", code: "not_found" });
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

describe("toErrorResponse", () => {
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
  const unavailable = {
    status: 503,
    body: { message: SERVICE_UNAVAILABLE_MESSAGE, code: "unavailable" },
  };

  it("answers 503 for a lost or refused database connection, also wrapped by Drizzle", () => {
    const lost = [
      pgError("57P01", "terminating connection due to administrator command"),
      pgError("57P03", "the database system is starting up"),
      pgError("08006", "connection failure"),
      pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"),
      new Error("Connection terminated unexpectedly"),
      new Error("Client has encountered a connection error and is not queryable"),
      new Error("timeout exceeded when trying to connect"),
    ];
    for (const error of lost) {
      expect(toErrorResponse(error), error.message).toEqual(unavailable);
      expect(toErrorResponse(new DrizzleQueryError("select 1", [], error))).toEqual(unavailable);
    }
  });

  it("keeps a 500 for a query the database refused", () => {
    const refused = pgError("42601", 'syntax error at or near "selec"');
    expect(toErrorResponse(new DrizzleQueryError("selec 1", [], refused)).status).toBe(500);
  });
});
