import type { z } from "zod";

/** The messages a failed parse gives per field path ('' for the whole object). */
export function messagesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  const messages: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join(".");
    (messages[path] ??= []).push(issue.message);
  }
  return messages;
}

/**
 * An image on another host, for the tests that check it is refused (decisions §2: pages load
 * nothing from a third party). `.invalid` is reserved (RFC 2606): it never resolves, so
 * nothing could ever load it. Protocol-relative too: `//` also means another host.
 */
export const OTHER_SITE_IMAGE = "https://fotos.invalid/pupusa.webp";
export const OTHER_SITE_IMAGE_RELATIVE = OTHER_SITE_IMAGE.replace(/^https:/, "");

/** A promise and its resolve and reject, for a test that decides when an answer arrives. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
