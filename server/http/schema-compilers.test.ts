import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { objectBody, routeSchema } from "./route-schema";
import { schemaController } from "./schema-compilers";

/** A bare Fastify with our compilers, one body route and one route with a response schema. */
async function appWithRoutes() {
  const app = Fastify({ schemaController });
  app.post("/eco", { schema: objectBody }, async (request) => ({ recibido: request.body }));
  app.get(
    "/respuesta",
    {
      schema: routeSchema({
        response: { 200: { type: "object", properties: { nombre: { type: "string" } } } },
      }),
    },
    // fast-json-stringify writes only the schema's properties: `secreto` never leaves.
    async () => ({ nombre: "Café", secreto: "no" }),
  );
  await app.ready();
  return app;
}

const post = (app: Awaited<ReturnType<typeof appWithRoutes>>, payload: string) =>
  app.inject({
    method: "POST",
    url: "/eco",
    headers: { "content-type": "application/json" },
    payload,
  });

describe("schema compilers without ajv at start", () => {
  it("lets a JSON object through and refuses arrays, strings, numbers and null with Fastify's 400", async () => {
    const app = await appWithRoutes();
    const ok = await post(app, '{"a":1}');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ recibido: { a: 1 } });
    for (const payload of ["[]", "[1,2]", '"texto"', "3", "null"]) {
      const res = await post(app, payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code, payload).toBe("FST_ERR_VALIDATION");
      expect(res.json().message, payload).toBe("body must be object");
    }
    const empty = await app.inject({ method: "POST", url: "/eco" });
    expect(empty.statusCode).toBe(400);
    await app.close();
  });

  it("still serializes response schemas with fast-json-stringify, compiled on first use", async () => {
    const app = await appWithRoutes();
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: "GET", url: "/respuesta" });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('{"nombre":"Café"}');
    }
    await app.close();
  });

  it("refuses, when the route is registered, a validation schema it does not check", async () => {
    const app = Fastify({ schemaController });
    app.get("/lista", { schema: { querystring: { type: "object", required: ["q"] } } }, () => []);
    await expect(app.ready()).rejects.toThrow(/solo se admite el esquema/);
  });
});
