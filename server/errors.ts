import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ZodError } from "zod";
import { parseRowId } from "../shared/schemas/query";
import type { ApiErrorBody, ErrorCode } from "../shared/api-types";
import { SERVICE_UNAVAILABLE_MESSAGE } from "../shared/service-messages";

/** The stable codes of error answers, shared with the app (which may branch on them). */
export type { ErrorCode };

/** The answer while the database cannot be reached (503, with Retry-After: 1). */
export { SERVICE_UNAVAILABLE_MESSAGE };

export interface FieldError {
  path: string;
  message: string;
}

/** The one error type of the server: a status, a stable code and a Spanish message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = "AppError";
  }

  static badRequest(message: string) {
    return new AppError(400, "bad_request", message);
  }
  static validation(errors: FieldError[], message = errors[0]?.message ?? "Datos inválidos") {
    return new AppError(400, "validation", message, errors);
  }
  static unauthorized(message = "Debes iniciar sesión") {
    return new AppError(401, "unauthorized", message);
  }
  static forbidden(message = "No tienes permiso para esta acción") {
    return new AppError(403, "forbidden", message);
  }
  static notFound(message = "Recurso no encontrado") {
    return new AppError(404, "not_found", message);
  }
  /** 410: it was there and is no more, e.g. an order link past its days (issue 37). */
  static gone(message: string) {
    return new AppError(410, "gone", message);
  }
  static conflict(message: string) {
    return new AppError(409, "conflict", message);
  }
  static tooLarge(message = "El archivo es demasiado grande") {
    return new AppError(413, "too_large", message);
  }
  static unsupportedType(message = "Tipo de archivo no permitido") {
    return new AppError(415, "unsupported_type", message);
  }
  static rateLimited(message = "Demasiadas solicitudes. Intenta de nuevo en un momento.") {
    return new AppError(429, "rate_limited", message);
  }
  /** 502: a service we depend on (the payment processor) failed. */
  static badGateway(message: string) {
    return new AppError(502, "bad_gateway", message);
  }
  static unavailable(message = SERVICE_UNAVAILABLE_MESSAGE) {
    return new AppError(503, "unavailable", message);
  }
}

/** The JSON body of an error answer: `{ message, code, errors? }`. */
export function errorBody(code: ErrorCode, message: string, errors?: FieldError[]): ApiErrorBody {
  return errors ? { message, code, errors } : { message, code };
}

export function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

/** Parses input with a zod schema, or throws a 400 with every field's message. */
export function parseInput<T>(
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError };
  },
  input: unknown,
): T {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw AppError.validation(fieldErrors(result.error));
  return result.data;
}

/**
 * A route's request that failed its zod schema (server/http/route-schema.ts), as the
 * service's own parse answered before the routes declared them: a not-found id is a 404
 * with its message, a query string the first field's message alone (400 `bad_request`),
 * params, body and headers every field's message (400 `validation`). Null for any other error.
 */
export function requestValidationError(error: unknown): AppError | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const issues = error.validation;
  const context = (error as { validationContext?: string }).validationContext;
  if (context === "params") {
    const missing = issues.find(
      (issue) => (issue.params as { params?: { notFound?: unknown } }).params?.notFound === true,
    );
    if (missing) return AppError.notFound(missing.message);
  }
  const errors = issues.map((issue) => ({
    path: issue.instancePath.slice(1).split("/").join("."),
    message: issue.message ?? "",
  }));
  if (context === "querystring") return AppError.badRequest(errors[0]?.message ?? "");
  return AppError.validation(errors);
}

/** Parses a route id such as /api/products/:id; anything else than a positive integer is a 404. */
export function parseId(value: string, notFoundMessage?: string): number {
  const id = parseRowId(value);
  if (id === null) throw AppError.notFound(notFoundMessage);
  return id;
}
