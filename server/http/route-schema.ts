import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { $ZodType } from "zod/v4/core";
import { parseRowId } from "../../shared/schemas/query";

/**
 * What every route declares, one way (docs/architecture.md, "How to add a route"): its
 * `params`, `querystring`, `body` and `response` by status are zod schemas of shared/
 * (requests in shared/schemas/, answers in shared/contracts/). The handler's types come from
 * them (fastify-type-provider-zod), the OpenAPI document is built from them, and
 * ./schema-compilers.ts checks requests and writes answers with them.
 *
 * A failed check answers exactly what the services' own zod parse answered before (one
 * mapping, toErrorResponse in server/app.ts):
 * - params: an id declared with `idParam` that is not a positive integer is a 404 with the
 *   route's message (as `parseId` did); any other field is a 400 `validation`;
 * - querystring: the first wrong field, in the schema's order, is a 400 `bad_request` with
 *   its Spanish message alone (as every list has always answered);
 * - body: a JSON value that is not an object is a 400 'Solicitud inválida'; an object is
 *   checked by its schema, every field's message in `errors` (400 `validation`).
 *
 * A body reaches the handler as it was sent: the service parses it again with the same
 * schema and its transforms (a date string becomes a Date only once). Params and query
 * strings reach it parsed.
 */

/** How a request part is checked before the handler (see the comment above). */
export type RequestCheck =
  /** A JSON object, checked by its schema (the default of a body). */
  | "object"
  /** A JSON object; its fields are checked by the service, after checks of its own. */
  | "object-only"
  /** Any value (a missing body is `{}`), checked by its schema. */
  | "any"
  /** Not checked here: the service reads it (documentation and types only). */
  | "service";

const checks = new WeakMap<object, RequestCheck>();

/** How the route's part is checked; a schema declared without a wrapper: "object" for a body. */
export function requestCheckOf(schema: object): RequestCheck | undefined {
  return checks.get(schema);
}

function marked<T extends $ZodType>(schema: T, check: RequestCheck): T {
  // A copy per use: the same shared schema may be checked here on one route, by the service on another.
  const copy = (schema as unknown as z.ZodType).clone() as unknown as T;
  checks.set(copy, check);
  return copy;
}

/**
 * A JSON object body checked with its shared schema before the handler. Typed as what the
 * client sends (z.input): the handler passes it on as sent and the service parses it.
 */
export function jsonBody<T extends z.ZodType>(schema: T): z.ZodType<z.input<T>, z.input<T>> {
  return marked(schema, "object") as unknown as z.ZodType<z.input<T>, z.input<T>>;
}

/** A body of any JSON value (none is `{}`), checked with its schema: POST /api/checkout. */
export function anyBody<T extends z.ZodType>(schema: T): z.ZodType<z.input<T>, z.input<T>> {
  return marked(schema, "any") as unknown as z.ZodType<z.input<T>, z.input<T>>;
}

/** What a route leaves to its service: each declared field, of any value until it is read. */
type Unchecked<T> = { [K in keyof z.input<T>]?: unknown };

/**
 * A JSON object body whose fields the service checks, after checks of its own that must
 * answer first (the merchant is the session's: 404; the order is still open: 409…). The
 * schema is the one the service parses with: it documents the body.
 */
export function serviceBody<T extends z.ZodType>(schema: T): z.ZodType<Unchecked<T>> {
  return marked(schema, "object-only") as unknown as z.ZodType<Unchecked<T>>;
}

/** A query string (or headers) read by the service as they come: documented, not checked here. */
export function serviceQuery<T extends z.ZodType>(schema: T): z.ZodType<Unchecked<T>> {
  return marked(schema, "service") as unknown as z.ZodType<Unchecked<T>>;
}

/** Where a not-found id's message travels from the schema to the error handler. */
export const NOT_FOUND_PARAM = "notFound";

/**
 * A route id such as /api/products/:id: a positive integer (the handler gets the number);
 * anything else is a 404 with `notFoundMessage`, before the body is looked at, as `parseId`.
 */
export function idParam(notFoundMessage = "Recurso no encontrado") {
  return z.string().transform((value, ctx) => {
    const id = parseRowId(value);
    if (id !== null) return id;
    ctx.addIssue({ code: "custom", message: notFoundMessage, params: { [NOT_FOUND_PARAM]: true } });
    return z.NEVER;
  });
}

/** An answer without a body (204). */
export const noContent = z.undefined();

/** The type every routes file registers on: handlers typed from their zod schemas. */
export type RouteApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
