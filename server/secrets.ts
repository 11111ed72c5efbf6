import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The cookie-signing secret: SESSION_SECRET when set, else one generated on the first
 * start and kept in DATA_DIR (mode 600) so sessions survive restarts.
 */
export function sessionSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  const dir = resolve(dataDir);
  const file = join(dir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
