import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequestHandler, type AppLoadContext } from "react-router";
import type { DatabaseHandle } from "../../db/client";
import { buildApp } from "../app";
import { loadConfig } from "../env";
import { mountPages } from "../http/web-app";
import { testServerBuild, type TestRoute } from "./page-build";

/**
 * An app rendering the real pages of `routes` with React Router's handler, kept in its page
 * cache as in production (its catalogue cache on); `renders` counts each render under the
 * key `renderKey` gives its request.
 */
export async function keptPagesApp(
  database: DatabaseHandle,
  routes: Record<string, TestRoute>,
  renderKey: (request: Request) => string,
) {
  const dataDir = mkdtempSync(join(tmpdir(), "tiangue-kept-pages-"));
  const handle = createRequestHandler(testServerBuild(routes), "production");
  const renders = new Map<string, number>();
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }),
    database,
    sessionSecret: "s".repeat(48),
    web: async (fastify) =>
      mountPages(
        fastify,
        (request: Request, context?: AppLoadContext) => {
          const key = renderKey(request);
          renders.set(key, (renders.get(key) ?? 0) + 1);
          return handle(request, context);
        },
        { keepPages: true },
      ),
  });
  await app.ready();
  await app.services.cache.enableForTests();
  return {
    app,
    renders,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
