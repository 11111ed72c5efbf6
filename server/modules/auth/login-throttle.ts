import type { Queryable } from "../../../db/client";
import { addressKey, hitCounter, readCounter, resetCounter, undoHit } from "../../http/rate-limit";

/** Failed sign-ins are counted in windows of 15 minutes. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** From this many failures in the window, each attempt waits before being checked. */
export const LOGIN_SLOW_AFTER = 5;
/** From this many failures in the window, attempts are refused with 429. */
export const LOGIN_BLOCK_AFTER = 10;
const DELAY_STEP_MS = 400;
const MAX_DELAY_MS = 2000;

/** An address's counter: IPv6 clients are counted by their /64 (see addressKey). */
export const ipKey = (ip: string) => `login:ip:${addressKey(ip)}`;
export const usernameKey = (username: string) => `login:user:${username.trim().toLowerCase()}`;

export interface LoginAttempt {
  /** Too many failures: answer 429 without checking the password. */
  blocked: boolean;
  /** How long to wait before checking the password. */
  delayMs: number;
}

const BLOCKED: LoginAttempt = { blocked: true, delayMs: 0 };

/**
 * Sign-in throttle per client address (slowed, then refused) and per username (slowed), kept in PostgreSQL so every
 * app process shares it. A blocked address is refused before anything is written, so it
 * can't fill the table with counters for made-up usernames. Any other attempt is counted
 * before the password is checked (so parallel guesses can't slip through) and a success
 * takes its own hit back.
 */
export function createLoginThrottle(db: Queryable) {
  return {
    async attempt(ip: string, username: string): Promise<LoginAttempt> {
      // Only an address is ever refused (decisions §3); failures on a username just slow
      // it down, or anyone could lock an administrator out by guessing on purpose.
      if ((await readCounter(db, ipKey(ip))).hits >= LOGIN_BLOCK_AFTER) return BLOCKED;
      const byIp = await hitCounter(db, ipKey(ip), LOGIN_WINDOW_MS);
      // The counter includes this attempt: what came before are failures. Parallel
      // attempts may all pass the read above; the count they get back still stops them.
      const ipFailures = byIp.hits - 1;
      if (ipFailures >= LOGIN_BLOCK_AFTER) return BLOCKED;
      const byUser = await hitCounter(db, usernameKey(username), LOGIN_WINDOW_MS);
      const failures = Math.max(ipFailures, byUser.hits - 1);
      if (failures < LOGIN_SLOW_AFTER) return { blocked: false, delayMs: 0 };
      const delayMs = Math.min(MAX_DELAY_MS, (failures - LOGIN_SLOW_AFTER + 1) * DELAY_STEP_MS);
      return { blocked: false, delayMs };
    },

    /** A success: the username starts afresh and the address's hit is taken back. */
    async succeeded(ip: string, username: string): Promise<void> {
      await undoHit(db, ipKey(ip));
      await resetCounter(db, usernameKey(username));
    },
  };
}
