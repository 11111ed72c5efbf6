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
