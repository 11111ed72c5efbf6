/**
 * Administrator accounts from the command line:
 *   npm run admin -- create <usuario>   creates an administrator or resets its password
 *   npm run admin -- list               lists the administrators
 * Opens the same database as the server (DATABASE_URL or the embedded one in DATA_DIR).
 */
import { resolve } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { DataDirLockedError, lockDataDir } from "../db/data-dir-lock";
import { loadConfig, type Config } from "../server/env";
import { AppError } from "../server/errors";
import { createAuthService, PASSWORD_MIN_LENGTH } from "../server/modules/auth/auth.service";
import { serviceDepsFor } from "../server/services";

const USAGE = `Uso:
  npm run admin -- create <usuario>   crea un administrador o cambia su contraseña
  npm run admin -- list               lista los administradores

Sin terminal (scripts, CI), la contraseña se lee de ADMIN_PASSWORD o de la entrada estándar.`;

/** Errors meant for the person at the terminal: printed without a stack trace. */
class CliError extends Error {}

async function main(args: string[]): Promise<void> {
  const [command, username, ...extra] = args;
  if (command === "create" && username && extra.length === 0) return create(username);
  if (command === "list" && !username) return list();
  if (command === "help" || command === "--help" || command === "-h") {
    console.log(USAGE);
    return;
  }
  throw new CliError(USAGE);
}

async function create(username: string) {
  if (!/^\S{3,100}$/.test(username)) {
    throw new CliError("El usuario debe tener entre 3 y 100 caracteres, sin espacios.");
  }
  // Lock first (a running server is reported before asking anything), then ask, then open.
  const target = lockServerDatabase();
  try {
    const password = await readPassword();
    if (password.length < PASSWORD_MIN_LENGTH) {
      throw new CliError(`La contraseña necesita al menos ${PASSWORD_MIN_LENGTH} caracteres.`);
    }
    await target.open(async (auth) => {
      try {
        await auth.setPassword(username, password);
        console.log(`Contraseña de "${username}" actualizada. Sus sesiones abiertas se cerraron.`);
      } catch (error) {
        if (!(error instanceof AppError && error.status === 404)) throw error;
        await auth.ensureAdministrator({ username, password });
        console.log(`Administrador "${username}" creado. Ya puede iniciar sesión en /admin/login.`);
      }
    });
  } finally {
    target.release();
  }
}

async function list() {
  const target = lockServerDatabase();
  try {
    await target.open(async (auth) => {
      const admins = await auth.listAdministrators();
      if (admins.length === 0) {
        console.log("No hay administradores.");
        return;
      }
      console.log(`Administradores (${admins.length}):`);
      for (const admin of admins) {
        const name = [admin.firstName, admin.lastName].filter(Boolean).join(" ");
        const parts = [
          admin.username ?? "(sin usuario: cuenta externa)",
          admin.email ?? "",
          name,
        ].filter(Boolean);
        console.log(`  ${parts.join("  ·  ")}`);
      }
    });
  } finally {
    target.release();
  }
}

type AuthService = ReturnType<typeof createAuthService>;

/**
 * The server's database: takes the DATA_DIR lock at once when it is the embedded one
 * (two processes corrupt it); `open` then connects, migrates and runs `work`.
 */
function lockServerDatabase() {
  const config = readConfig();
  const dataDir = resolve(config.dataDir);
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      release = lockDataDir(dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        throw new CliError(
          `El servidor de Tiangue (pid ${error.pid}) está usando la base de datos embebida en ${dataDir}.\n` +
            "Detén el servidor primero y vuelve a ejecutar este comando: dos procesos sobre la misma base embebida la dañan.",
        );
      }
      throw error;
    }
  }
  return {
    release,
    async open(work: (auth: AuthService) => Promise<void>) {
      let database: DatabaseHandle | undefined;
      try {
        database = await openDatabase({ url: config.databaseUrl, dataDir, poolSize: 1 });
        await work(
          createAuthService(serviceDepsFor({ db: database.db, config, log: silentLogger() })),
        );
      } finally {
        await database?.close();
      }
    },
  };
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
}

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const first = await askHidden("Contraseña (mínimo 8 caracteres): ");
    const second = await askHidden("Repite la contraseña: ");
    if (first !== second) throw new CliError("Las contraseñas no coinciden.");
    return first;
  }
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const input = await readStdin();
  const line = input.split(/\r?\n/)[0] ?? "";
  if (!line)
    throw new CliError("Indica la contraseña en ADMIN_PASSWORD o por la entrada estándar.");
  return line;
}

function readStdin(): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let data = "";
    process.stdin.setEncoding("utf8");
    process.stdin.on("data", (chunk: string) => (data += chunk));
    process.stdin.on("end", () => resolvePromise(data));
    process.stdin.on("error", reject);
  });
}

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const stdin = process.stdin;
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.setEncoding("utf8");
    stdin.resume();
    let value = "";
    const done = (error?: Error) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write("\n");
      if (error) reject(error);
      else resolvePromise(value);
    };
    const onData = (chunk: string) => {
      if (chunk.startsWith("\u001b")) return; // arrow keys and other escape sequences
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004") return done();
        if (char === "\u0003") return done(new CliError("Cancelado."));
        if (char === "\u007f" || char === "\b") value = [...value].slice(0, -1).join("");
        else if (char >= " ") value += char;
      }
    };
    stdin.on("data", onData);
  });
}

function silentLogger(): FastifyBaseLogger {
  const noop = () => {};
  const logger = {
    level: "silent",
    fatal: noop,
    error: noop,
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof CliError || error instanceof AppError) console.error(error.message);
    else console.error("Error inesperado:", error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
