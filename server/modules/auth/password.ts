import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from "node:crypto";

/** Cost of new hashes: one of OWASP's scrypt settings (N=2^15, r=8, p=3): 32 MiB, ~0.3 s. */
const COST = { N: 2 ** 15, r: 8, p: 3 };
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/** Upper bound of the parameters we accept from a stored hash (a corrupt row must not eat the memory). */
const MAX_N = 2 ** 20;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    // maxmem above 128·N·r: Node's 32 MiB default is exactly at our cost and would fail.
    const maxmem = 256 * (options.N ?? COST.N) * (options.r ?? COST.r);
    scryptCallback(password, salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64url), a self-describing string. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_LENGTH, COST);
  return [
    "scrypt",
    COST.N,
    COST.r,
    COST.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], "base64url");
  const key = Buffer.from(parts[5], "base64url");
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX_N || !Number.isInteger(r) || r < 1 || r > 32) return null;
  if (!Number.isInteger(p) || p < 1 || p > 16 || salt.length < 8 || key.length < 16) return null;
  return { N, r, p, salt, key };
}

let dummyHash: Promise<string> | undefined;

/** A hash of a random password, checked when there is no real one so both cases take as long. */
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("base64url"));
  return dummyHash;
}

/**
 * Checks a password against a stored hash in constant time. With no stored hash
 * (unknown user, external-account user) it still spends one scrypt and answers false,
 * so response times don't tell which usernames exist.
 */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
): Promise<boolean> {
  const parsed = parseHash(stored ?? "");
  const target = parsed ?? parseHash(await dummy())!;
  const key = await scrypt(password, target.salt, target.key.length, {
    N: target.N,
    r: target.r,
    p: target.p,
  });
  return parsed !== null && timingSafeEqual(key, target.key);
}

/** True when a stored hash was made with weaker parameters than today's and should be redone. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return (
    !parsed ||
    parsed.N * parsed.r * parsed.p < COST.N * COST.r * COST.p ||
    parsed.key.length < KEY_LENGTH
  );
}

/** A random password for a generated administrator: 18 characters of base64url. */
export function generatePassword(): string {
  return randomBytes(14).toString("base64url").slice(0, 18);
}
