import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { DatabaseHandle } from "../../db/client";
import { buildApp, type BuildAppOptions } from "../app";
import { loadConfig, type Config } from "../env";
import { openTestDatabase } from "./test-database";

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  db: DatabaseHandle["db"];
  config: Config;
  /** Signs in a (new or existing) administrator and returns the Cookie header to send. */
  adminCookie(): Promise<string>;
  /** app.inject with the administrator's cookie. */
  asAdmin(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const TEST_ADMIN = { username: "admin-test", password: "contraseña-segura-123" };

export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, "onRoute" | "logStream" | "web"> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "tiangue-test-"));
  const database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...env });
  const app = await buildApp({ config, database, sessionSecret: "s".repeat(48), ...options });
  await app.ready();

  let cookie: string | undefined;
  const adminCookie = async () => {
    if (cookie) return cookie;
    await app.services.auth.ensureAdministrator(TEST_ADMIN);
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: TEST_ADMIN,
    });
    if (response.statusCode !== 200) {
      throw new Error(`admin login failed: ${response.statusCode} ${response.body}`);
    }
    const setCookie = response.headers["set-cookie"];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    cookie = String(first).split(";")[0];
    return cookie;
  };

  return {
    app,
    database,
    db: database.db,
    config,
    adminCookie,
    async asAdmin(options) {
      const header = await adminCookie();
      return app.inject({ ...options, headers: { ...options.headers, cookie: header } });
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
