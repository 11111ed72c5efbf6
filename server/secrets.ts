import { randomBytes } from "node:crypto";
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";

/** Owner only: DATA_DIR holds the embedded database, the uploads and the session secret. */
const PRIVATE_DIR = 0o700;
const SECRET_FILE = 0o600;
const MIN_SECRET_LENGTH = 32;

/** Narrows a file's or folder's mode to `mode` when group or others have any access. */
function tighten(path: string, mode: number) {
  if ((statSync(path).mode & 0o077) === 0) return;
  try {
    chmodSync(path, mode);
  } catch (error) {
    // A volume owned by someone else: say so, the server can still run.
    console.warn(
      `Aviso: no se pudieron restringir los permisos de ${path} (${(error as Error).message}).`,
    );
  }
}

/**
 * Creates `dir` (and its missing parents) readable only by its owner; an existing one
 * that others could read is tightened to 0700. Returns the absolute path.
 */
export function privateDir(dir: string): string {
  const path = resolve(dir);
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR });
  tighten(path, PRIVATE_DIR);
  return path;
}

/**
 * A secret kept in a file of DATA_DIR: read when present (its mode fixed to 0600, an
 * empty or short one refused), else generated and written whole with mode 0600.
 * Two processes starting at once get the same secret: the file appears complete or not at
 * all (written aside, then linked into place; linking never replaces).
 */
export function secretFile(file: string, generate: () => string): string {
  const path = resolve(file);
  for (let attempt = 0; attempt < 2; attempt++) {
    let text: string | undefined;
    try {
      text = readFileSync(path, "utf8").trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    if (text !== undefined) {
      tighten(path, SECRET_FILE);
      if (text.length === 0) {
        throw new Error(
          `El archivo de secreto ${path} está vacío: bórralo para generar uno nuevo o define SESSION_SECRET.`,
        );
      }
      if (text.length < MIN_SECRET_LENGTH) {
        throw new Error(
          `El archivo de secreto ${path} tiene menos de ${MIN_SECRET_LENGTH} caracteres: bórralo para generar uno nuevo o define SESSION_SECRET.`,
        );
      }
      return text;
    }

    const secret = generate();
    const aside = `${path}.${process.pid}.tmp`;
    writeFileSync(aside, secret + "\n", { mode: SECRET_FILE, flag: "w" });
    try {
      linkSync(aside, path);
      return secret;
    } catch (error) {
      // Another process wrote it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      rmSync(aside, { force: true });
    }
  }
  throw new Error(`No se pudo leer ni crear el archivo de secreto ${path}`);
}

/**
 * The cookie-signing secret: SESSION_SECRET when set, else one generated on the first
 * start and kept in DATA_DIR/session-secret. With DATABASE_URL it must be set: processes
 * sharing one PostgreSQL (on other machines, with other DATA_DIRs) must sign alike, or a
 * session made by one is refused by the others.
 */
export function sessionSecret(
  dataDir: string,
  configured?: string,
  options: { databaseUrl?: string } = {},
): string {
  if (configured) return configured;
  if (options.databaseUrl) {
    throw new Error(
      "Con DATABASE_URL hay que definir SESSION_SECRET (32 caracteres o más, el mismo en todos los procesos): " +
        "cada proceso generaría el suyo y las sesiones no pasarían de uno a otro. " +
        "Por ejemplo: SESSION_SECRET=$(openssl rand -base64 48)",
    );
  }
  const dir = privateDir(dataDir);
  return secretFile(join(dir, "session-secret"), () => randomBytes(48).toString("base64url"));
}
