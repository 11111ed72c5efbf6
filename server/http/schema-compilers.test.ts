import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toErrorResponse } from "../app";
import { idParam, jsonBody, serviceBody, type RouteApp } from "./route-schema";
import { schemaController } from "./schema-compilers";

const body = z.object({ nombre: z.string({ error: "Falta el nombre" }).min(2, "Nombre corto") });

/** A bare Fastify with our compilers and the app's error mapping, and a few declared routes. */
async function appWithRoutes() {
  const app = Fastify({ schemaController }) as unknown as RouteApp;
  app.setErrorHandler((error, _request, reply) => {
    const { status, body: answer } = toErrorResponse(error);
    return reply.status(status).send(answer);
  });
  app.post("/eco", { schema: { body: jsonBody(body) } }, async (request) => ({
    recibido: request.body,
  }));
  app.post("/servicio", { schema: { body: serviceBody(body) } }, async (request) => ({
    recibido: request.body,
  }));
  app.put(
    "/cosas/:id",
    {
      schema: {
        params: z.object({ id: idParam("Cosa no encontrada") }),
        querystring: z.object({
          orden: z.enum(["a", "z"], { error: "Orden inválido" }).optional(),
        }),
        body: jsonBody(body),
      },
    },
    async (request) => ({ id: request.params.id, orden: request.query.orden ?? null }),
  );
  app.get(
    "/respuesta",
    {
      schema: { response: { 200: z.object({ nombre: z.string(), nota: z.string().nullable() }) } },
    },
    // The service answered a field the contract does not declare: outside production, loud.
    async () => ({ nombre: "Café", nota: null, secreto: "no" }) as { nombre: string; nota: null },
  );
  app.get(
    "/ordenada",
    { schema: { response: { 200: z.object({ a: z.number(), b: z.string().nullable() }) } } },
    async () => ({ a: 1.5, b: null }),
  );
  await app.ready();
  return app;
}

const send = (
  app: Awaited<ReturnType<typeof appWithRoutes>>,
  url: string,
  payload?: string,
  method: "POST" | "PUT" = "POST",
) =>
  app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { headers: { "content-type": "application/json" }, payload }),
  });

describe("schema compilers for routes declared with zod", () => {
  it("refuse a body that is not a JSON object as before (400 'Solicitud inválida')", async () => {
    const app = await appWithRoutes();
    for (const url of ["/eco", "/servicio"]) {
      for (const payload of ["[]", "[1,2]", '"texto"', "3", "null", undefined]) {
        const res = await send(app, url, payload);
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
        expect(res.json(), `${url} ${payload}`).toEqual({
          message: "Solicitud inválida",
          code: "bad_request",
        });
      }
    }
    await app.close();
  });

  it("check an object body with its schema: every field's Spanish message, the body as sent", async () => {
    const app = await appWithRoutes();
    const wrong = await send(app, "/eco", '{"nombre":"A"}');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: "Nombre corto",
      code: "validation",
      errors: [{ path: "nombre", message: "Nombre corto" }],
    });
    const missing = await send(app, "/eco", "{}");
    expect(missing.json().errors).toEqual([{ path: "nombre", message: "Falta el nombre" }]);
    // The handler gets the body as it came (the service parses it again, transforms included).
    const ok = await send(app, "/eco", '{"nombre":"Ana","extra":1}');
    expect(ok.json()).toEqual({ recibido: { nombre: "Ana", extra: 1 } });
    // A body left to the service is only checked as an object here.
    const left = await send(app, "/servicio", '{"nombre":1}');
    expect(left.json()).toEqual({ recibido: { nombre: 1 } });
    await app.close();
  });

  it("answer an id that is not a positive integer with its 404, before the body, and a query's first message alone", async () => {
    const app = await appWithRoutes();
    for (const id of ["abc", "0", "-1", "1.5", "99999999999"]) {
      const res = await send(app, `/cosas/${id}`, "{}", "PUT");
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ message: "Cosa no encontrada", code: "not_found" });
    }
    const query = await send(app, "/cosas/7?orden=b", '{"nombre":"Ana"}', "PUT");
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ message: "Orden inválido", code: "bad_request" });
    const ok = await send(app, "/cosas/7?orden=z", '{"nombre":"Ana"}', "PUT");
    expect(ok.json()).toEqual({ id: 7, orden: "z" });
    await app.close();
  });

  it("write answers with fast-json-stringify from the zod contract, as JSON.stringify would", async () => {
    const app = await appWithRoutes();
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: "GET", url: "/ordenada" });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(JSON.stringify({ a: 1.5, b: null }));
    }
    await app.close();
  });

  it("fail loudly, outside production, on an answer that drifts from its contract", async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: "GET", url: "/respuesta" });
    expect(res.statusCode).toBe(500);
    await app.close();
  });

  it("refuse, when the route is registered, a JSON Schema it does not check", async () => {
    const app = Fastify({ schemaController });
    app.get("/lista", { schema: { querystring: { type: "object", required: ["q"] } } }, () => []);
    await expect(app.ready()).rejects.toThrow(/esquema zod/);
  });
});
