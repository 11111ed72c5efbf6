import { existsSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { projectRoot } from "../../db/client";

/**
 * Serves the React Router app (SSR pages, their data requests and the built assets)
 * after the API. A small adapter of our own instead of a framework plugin: it keeps the
 * conversion between Fastify and the Fetch API in one readable place, and lets us own
 * caching headers.
 */
export async function mountWebApp(app: FastifyInstance, options: { production: boolean }) {
  const root = projectRoot();
  let loadBuild: () => Promise<ServerBuild>;

  if (options.production) {
    const serverBuild = join(root, "build", "server", "index.js");
    if (!existsSync(serverBuild)) {
      throw new Error("No se encontró la compilación de la aplicación: ejecuta `npm run build`.");
    }
    const build = (await import(serverBuild)) as ServerBuild;
    loadBuild = async () => build;
    await app.register(fastifyStatic, {
      root: join(root, "build", "client"),
      wildcard: false,
      decorateReply: false,
      setHeaders(res, path) {
        // Vite names built assets by content hash, so they never change.
        const immutable = path.includes(`${join("build", "client", "assets")}`);
        res.setHeader(
          "cache-control",
          immutable ? "public, max-age=31536000, immutable" : "public, max-age=86400",
        );
      },
    });
  } else {
    const { createServer } = await import("vite");
    const middie = (await import("@fastify/middie")).default;
    const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook("onClose", () => vite.close());
    loadBuild = () =>
      vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  }

  const handle = createRequestHandler(loadBuild, options.production ? "production" : "development");

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    handler: async (request, reply) => {
      if (request.url.startsWith("/api/")) {
        return reply.status(404).send({ message: "Ruta no encontrada" });
      }
      const response = await handle(toWebRequest(request, reply), {
        services: app.services,
        config: app.config,
        currentUser: () => request.currentUser(),
      });
      return sendWebResponse(reply, response);
    },
  });
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, String(value));
  }
  const controller = new AbortController();
  reply.raw.once("close", () => controller.abort());
  return new Request(url, { method: request.method, headers, signal: controller.signal });
}

function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
}
