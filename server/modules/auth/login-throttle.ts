import type { Queryable } from "../../../db/client";
import { hitCounter, resetCounter, undoHit } from "./rate-limits.repository";

/** Failed sign-ins are counted in windows of 15 minutes. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** From this many failures in the window, each attempt waits before being checked. */
export const LOGIN_SLOW_AFTER = 5;
/** From this many failures in the window, attempts are refused with 429. */
export const LOGIN_BLOCK_AFTER = 10;
const DELAY_STEP_MS = 400;
const MAX_DELAY_MS = 2000;

export const ipKey = (ip: string) => `login:ip:${ip}`;
export const usernameKey = (username: string) => `login:user:${username.trim().toLowerCase()}`;

export interface LoginAttempt {
  /** Too many failures: answer 429 without checking the password. */
  blocked: boolean;
  /** How long to wait before checking the password. */
  delayMs: number;
}

/**
 * Sign-in throttle per client address (slowed, then refused) and per username (slowed), kept in PostgreSQL so every
 * app process shares it. Each attempt is counted before the password is checked (so
 * parallel guesses can't slip through) and a success takes its own hit back.
 */
export function createLoginThrottle(db: Queryable) {
  return {
    async attempt(ip: string, username: string): Promise<LoginAttempt> {
      const byIp = await hitCounter(db, ipKey(ip), LOGIN_WINDOW_MS);
      const byUser = await hitCounter(db, usernameKey(username), LOGIN_WINDOW_MS);
      // The counters include this attempt: what came before are failures.
      const ipFailures = byIp.hits - 1;
      // Only an address is ever refused (decisions §3); failures on a username just slow
      // it down, or anyone could lock an administrator out by guessing on purpose.
      if (ipFailures >= LOGIN_BLOCK_AFTER) return { blocked: true, delayMs: 0 };
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
