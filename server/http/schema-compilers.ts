import { createRequire } from "node:module";
import type {
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyServerOptions,
} from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { $ZodType } from "zod/v4/core";
import { requestCheckOf } from "./route-schema";

/**
 * Fastify's schema compilers for routes declared with zod (./route-schema.ts), without ajv
 * at start (issue 15.4).
 *
 * Left to itself, Fastify builds an ajv instance and compiles every route's schemas before
 * it listens: about a tenth of a start's main-thread time. Here:
 *
 * - requests are checked with fastify-type-provider-zod's validator, the way the part asks
 *   (route-schema.ts: a body must first be a JSON object, as ajv's `{ type: "object" }`
 *   answered; a body reaches the handler as sent; params and query strings parsed). Its
 *   errors become our Spanish answers in one place (toErrorResponse, server/app.ts).
 * - answers are written by fast-json-stringify from the JSON Schema of their zod contract
 *   (shared/contracts/), converted and compiled on a route's first answer instead of at
 *   start. Outside production each answer is also compared with JSON.stringify's: a
 *   presenter that drifts from its contract (a field added, renamed, moved) fails loudly
 *   in the tests instead of being dropped or reordered without a word.
 * - a plain JSON Schema is accepted only as `{ type: "object" }` for a body (a route not
 *   yet declared with zod); any other is refused when the route is registered, so that a
 *   route never silently goes unchecked.
 */

type SchemaControllerOptions = NonNullable<FastifyServerOptions["schemaController"]>;
type CompilersFactory = NonNullable<SchemaControllerOptions["compilersFactory"]>;
type ValidatorFactory = () => FastifySchemaCompiler<unknown>;
type SerializerFactory = (
  externalSchemas: unknown,
  options: unknown,
) => FastifySerializerCompiler<unknown>;
type Validate = ReturnType<FastifySchemaCompiler<unknown>>;
type ValidationErrors = NonNullable<
  Exclude<ReturnType<Validate>, boolean | PromiseLike<unknown>>["error"]
>;

/** ajv's error for a value that is not an object, the shape Fastify's formatter reads. */
const NOT_AN_OBJECT: ValidationErrors & unknown[] = [
  {
    instancePath: "",
    schemaPath: "#/type",
    keyword: "type",
    params: { type: "object" },
    message: "must be object",
  },
];

const isZod = (schema: unknown): schema is $ZodType => schema instanceof $ZodType;

function isObjectSchema(schema: unknown): boolean {
  if (typeof schema !== "object" || schema === null) return false;
  const keys = Object.keys(schema);
  return keys.length === 1 && (schema as { type?: unknown }).type === "object";
}

/** A JSON object, not an array, not null (a missing body is null). */
const isObject = (data: unknown) =>
  typeof data === "object" && data !== null && !Array.isArray(data);

function zodValidator(schema: $ZodType, route: Parameters<FastifySchemaCompiler<unknown>>[0]) {
  const check = requestCheckOf(schema) ?? (route.httpPart === "body" ? "object" : undefined);
  if (check === "service") return () => true;
  if (check === "object-only") {
    return (data: unknown) => (isObject(data) ? true : { error: NOT_AN_OBJECT });
  }
  const parse = validatorCompiler({ ...route, schema }) as Validate;
  if (check === "any") {
    // As parseInput did: no body is an empty object. The handler gets the body as sent.
    return (data: unknown) => {
      const result = parse(data ?? {});
      return typeof result === "object" && "error" in result ? result : true;
    };
  }
  if (check === "object") {
    return (data: unknown) => {
      if (!isObject(data)) return { error: NOT_AN_OBJECT };
      const result = parse(data);
      return typeof result === "object" && "error" in result ? result : true;
    };
  }
  return parse;
}

export const buildValidator: ValidatorFactory = () => (route) => {
  if (isZod(route.schema)) return zodValidator(route.schema, route);
  if (!isObjectSchema(route.schema)) {
    throw new Error(
      `${route.method} ${route.url}: declara ${route.httpPart ?? "el cuerpo"} con un esquema zod de shared/ ` +
        '(server/http/route-schema.ts); solo se admite además el esquema JSON { type: "object" }.',
    );
  }
  const validate = (data: unknown) => {
    const valid = isObject(data);
    validate.errors = valid ? null : NOT_AN_OBJECT;
    return valid;
  };
  validate.errors = null as typeof NOT_AN_OBJECT | null;
  return validate;
};

type JsonSchema = Record<string, unknown>;
const SIMPLE_TYPES = new Set(["string", "number", "integer", "boolean", "array", "object"]);

/**
 * zod's JSON Schema, in the words fast-json-stringify writes quickly and as JSON.stringify
 * would: `X | null` as a type list (an `anyOf` would need ajv at run time), no `required`
 * (a missing field is left out, never an error), other unions written as they come.
 */
export function forSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializer);
  if (typeof schema !== "object" || schema === null) return schema;
  const source = schema as JsonSchema;
  const union = (source.anyOf ?? source.oneOf) as JsonSchema[] | undefined;
  if (union) {
    const others = union.filter((member) => member.type !== "null");
    const [only] = others;
    if (others.length === 1 && union.length === 2 && SIMPLE_TYPES.has(only.type as string)) {
      const nullable = forSerializer(only) as JsonSchema;
      return { ...nullable, type: [nullable.type, "null"] };
    }
    return {};
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === "required" || key === "$schema" || key === "allOf") continue;
    out[key] =
      key === "properties"
        ? Object.fromEntries(
            Object.entries(value as JsonSchema).map(([name, s]) => [name, forSerializer(s)]),
          )
        : forSerializer(value);
  }
  return out;
}

/** The JSON Schema of an answer's zod contract, as fast-json-stringify reads it. */
export function serializerSchema(schema: $ZodType): unknown {
  // A registry of its own: ids other modules give the contracts (OpenAPI) make no $refs here.
  return forSerializer(
    z.toJSONSchema(schema, { io: "output", unrepresentable: "any", metadata: z.registry() }),
  );
}

/** fast-json-stringify, loaded and compiled on a response schema's first use. */
export const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  let compiler: ReturnType<SerializerFactory> | undefined;
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    const zod = isZod(route.schema) ? route.schema : undefined;
    // Read per route, not at import: the production entry sets NODE_ENV before it starts.
    const checkAnswers = zod !== undefined && process.env.NODE_ENV !== "production";
    return (data: unknown) => {
      if (!serialize) {
        if (!compiler) {
          // Not `import`: a bundler would evaluate it (and ajv under it) at start.
          const load = createRequire(import.meta.url);
          const { SerializerSelector } = load("@fastify/fast-json-stringify-compiler") as {
            SerializerSelector: () => SerializerFactory;
          };
          compiler = SerializerSelector()(externalSchemas, options);
        }
        serialize = compiler(zod ? { ...route, schema: serializerSchema(zod) } : route);
      }
      const json = serialize(data);
      if (checkAnswers && json !== JSON.stringify(data)) {
        throw new Error(
          `${route.method} ${route.url} ${route.httpStatus}: la respuesta no coincide con su contrato ` +
            `(shared/contracts/)\n  escrita: ${json.slice(0, 2000)}\n  del servicio: ${JSON.stringify(data)?.slice(0, 2000)}`,
        );
      }
      return json;
    };
  };
};

/** Fastify's `schemaController` option with the compilers above. */
export const schemaController: SchemaControllerOptions = {
  // Fastify types these factories by ajv's and fast-json-stringify's own function types.
  compilersFactory: { buildValidator, buildSerializer } as unknown as CompilersFactory,
};
