import { spawn, type ChildProcess } from "node:child_process";
import { get } from "node:http";
import { createServer } from "node:net";

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("port")),
      );
    });
  });
}

export interface Spawned {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

/** Starts `node <args>` with `env` added, keeping its output for the test to read. */
export function spawnNode(args: string[], env: NodeJS.ProcessEnv, cwd?: string): Spawned {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, output: () => text, exited };
}

/**
 * Calls `check` until it returns something other than undefined; fails after `ms` (a
 * deadline so that a broken server fails the test instead of hanging it, not a speed goal).
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The body of GET `url` over a new connection (cluster workers share connections, not
 * requests), or undefined when nothing answers.
 */
export function getText(url: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const request = get(url, { agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve(body));
      response.on("error", () => resolve(undefined));
    });
    request.on("error", () => resolve(undefined));
    // A connection accepted for a worker that has just died may never be answered.
    request.setTimeout(2000, () => request.destroy());
  });
}

/** Whether a process with this pid still runs. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
