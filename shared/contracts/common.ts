import { z } from "zod";

/**
 * Shapes every answer uses (decisions §2): integer ids, ISO 8601 timestamps, decimals as
 * fixed-point strings ("12.50", "4.5"). Each contract lists its fields in its presenter's
 * order: the server writes answers in the declared order, so the bytes stay those of
 * JSON.stringify (server/http/response-schemas.test.ts).
 */
export const id = z.int();
export const count = z.int();
/** ISO 8601, e.g. "2026-03-01T14:05:00.000Z". */
export const timestamp = z.string();
/** A decimal as fixed-point text: "12.50". */
export const decimal = z.string();
export const nullableString = z.string().nullable();

/** The stable codes of error answers (server/errors.ts); the app branches on them. */
export const ERROR_CODES = [
  "bad_request",
  "validation",
  "unauthorized",
  "forbidden",
  "cross_site",
  "not_found",
  /** 410: it existed, and no longer works (an order link past its days, issue 37). */
  "gone",
  "conflict",
  "too_large",
  "unsupported_type",
  "rate_limited",
  "unavailable",
  "bad_gateway",
  "internal",
] as const;
export const errorCode = z.enum(ERROR_CODES);

export const fieldError = z.object({ path: z.string(), message: z.string() });

/** Every error answer: a Spanish message, its stable code, and field messages for a form. */
export const apiErrorBody = z.object({
  message: z.string(),
  code: errorCode,
  errors: z.array(fieldError).optional(),
});

/** A 202 that only says what happens next, e.g. 'Si el correo está registrado, …'. */
export const messageAnswer = z.object({ message: z.string() });

/** POST /api/upload/image and the portal's upload: 201 with the image's address. */
export const uploadedImage = z.object({
  url: z.string(),
  /** The resized copies (widths for srcset), each at its own address. */
  variants: z.array(
    z.object({ width: z.int(), url: z.string(), publicUrl: z.string().optional() }),
  ),
  /** The bucket's public address, when uploads go to S3 with S3_PUBLIC_URL (decisions 0014). */
  publicUrl: z.string().optional(),
});

/** GET /healthz: the process answers. */
export const liveness = z.object({ status: z.literal("ok") });

/** GET /readyz: 200 ready, or 503 with why not (shutting-down, database-unavailable, …). */
export const readiness = z.object({ status: z.literal("ok") });
export const notReady = z.object({
  status: z.enum(["shutting-down", "database-unavailable", "migrations-pending"]),
  message: z.string(),
});
