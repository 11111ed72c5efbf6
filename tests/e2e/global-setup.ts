import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startFakeWompi } from "../../server/modules/payments/wompi.fake";
import { E2E_ADMIN_EMAIL, E2E_MAIL_FROM, startMailbox } from "./mailbox";

export const E2E_ADMIN = { username: "admin", password: "clave-de-pruebas-e2e" };

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The fake Wompi the server pays against (issue 10: card checkout). */
    wompiUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/** Starts the production build on a free port with a fresh DATA_DIR and the demo catalogue. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "tiangue-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  // Issue 11: the server's e-mails go to a real SMTP server the tests can read (mailbox.ts).
  const mailbox = await startMailbox();
  // Issue 10: card payment against the fake Wompi, a real HTTP server on loopback whose
  // payment page redirects back and sends the signed webhook (wompi.fake.ts).
  const wompi = await startFakeWompi();
  const server: ChildProcess = spawn("node", ["dist/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      DEMO_DATA: "true",
      DATABASE_URL: "",
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: "warn",
      SMTP_URL: mailbox.smtpUrl,
      MAIL_FROM: E2E_MAIL_FROM,
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      ...wompi.env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  server.stdout?.on("data", (chunk) => (output += chunk));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`el servidor terminó al iniciar:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/categories`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`el servidor no respondió a tiempo:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }

  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  project.provide("mailboxUrl", mailbox.mailboxUrl);
  project.provide("wompiUrl", wompi.url);
  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
    await mailbox.close();
    await wompi.close();
  };
}
