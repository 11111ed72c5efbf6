import type { FastifySchema } from "fastify";
import type { ZodType } from "zod";
import { AppError } from "../errors";

/**
 * What every route declares, one way (docs/architecture.md, "How to add a route"):
 *
 * - its body's top-level shape, for Fastify: `routeSchema({ body: "object" })`. A JSON
 *   string, number or array is refused (400) before the handler runs, so services only ever
 *   see objects; the fields are checked by the shared zod schema in the service, which gives
 *   the Spanish message by field;
 * - its answer, on the public reads: `routeSchema({ response: … })` with the JSON schemas of
 *   ./response-schemas.ts (documentation, and fast serialisation);
 * - its query string, read with `parseQuery` and the list's schema of
 *   shared/schemas/list-queries.ts (the same schemas the listing pages' loaders read).
 */

/** Fastify's JSON schema of a JSON body that must be an object (its fields are zod's). */
const OBJECT_BODY = { type: "object" } as const;

export interface RouteSchemaOptions {
  /** "object": the route reads a JSON object (every JSON write of this API). */
  body?: "object";
  /** The answer's JSON schema by status code. */
  response?: FastifySchema["response"];
}

export function routeSchema({ body, response }: RouteSchemaOptions): FastifySchema {
  const schema: FastifySchema = {};
  if (body === "object") schema.body = OBJECT_BODY;
  if (response) schema.response = response;
  return schema;
}

/** A route whose body is a JSON object: `{ schema: objectBody }`. */
export const objectBody = routeSchema({ body: "object" });

/**
 * Reads a query string with its zod schema (shared/schemas/list-queries.ts). The first wrong
 * field, in the schema's order, is a 400 with its Spanish message alone (`{ message }`), as
 * every list has always answered.
 */
export function parseQuery<T>(schema: ZodType<T>, query: unknown): T {
  const result = schema.safeParse(query ?? {});
  if (!result.success) throw AppError.badRequest(result.error.issues[0]?.message ?? "");
  return result.data;
}
