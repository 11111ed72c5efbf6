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
