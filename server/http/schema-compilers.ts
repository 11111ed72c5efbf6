import { createRequire } from "node:module";
import type {
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyServerOptions,
} from "fastify";

/**
 * Fastify's schema compilers, without ajv at start (issue 15.4).
 *
 * Left to itself, Fastify builds an ajv instance and compiles every route's schemas before
 * it listens: ajv's own meta-schema, a validator per route and a fast-json-stringify
 * serializer per response schema, about a tenth of a start's main-thread time. Our routes
 * need little of that (docs/architecture.md, "How to add a route"):
 *
 * - a body is only ever declared `{ type: "object" }` (`routeSchema`/`objectBody`): its
 *   fields are checked by the shared zod schemas in the services. That one check is written
 *   here, answering as ajv would (Fastify's 400, which the error handler turns into
 *   'Solicitud inválida'). Any other validation schema is refused when the route is
 *   registered, so that a route never silently goes unchecked.
 * - response schemas keep fast-json-stringify, compiled on a route's first answer instead of
 *   at start (the first answer of each such route pays a few milliseconds once).
 */

type SchemaControllerOptions = NonNullable<FastifyServerOptions["schemaController"]>;
type CompilersFactory = NonNullable<SchemaControllerOptions["compilersFactory"]>;
type ValidatorFactory = () => FastifySchemaCompiler<unknown>;
type SerializerFactory = (
  externalSchemas: unknown,
  options: unknown,
) => FastifySerializerCompiler<unknown>;

/** ajv's error for a value that is not an object, the shape Fastify's formatter reads. */
const NOT_AN_OBJECT = [
  {
    instancePath: "",
    schemaPath: "#/type",
    keyword: "type",
    params: { type: "object" },
    message: "must be object",
  },
];

function isObjectSchema(schema: unknown): boolean {
  if (typeof schema !== "object" || schema === null) return false;
  const keys = Object.keys(schema);
  return keys.length === 1 && (schema as { type?: unknown }).type === "object";
}

/** `{ type: "object" }`: a JSON object, not an array, not null (a missing body is null). */
export const buildValidator: ValidatorFactory = () => (route) => {
  if (!isObjectSchema(route.schema)) {
    throw new Error(
      `${route.method} ${route.url}: solo se admite el esquema { type: "object" } para ${route.httpPart ?? "el cuerpo"}; ` +
        "los campos se validan con zod en el servicio (server/http/route-schema.ts).",
    );
  }
  const validate = (data: unknown) => {
    const valid = typeof data === "object" && data !== null && !Array.isArray(data);
    validate.errors = valid ? null : NOT_AN_OBJECT;
    return valid;
  };
  validate.errors = null as typeof NOT_AN_OBJECT | null;
  return validate;
};

/** fast-json-stringify, loaded and compiled on a response schema's first use. */
export const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  let compiler: ReturnType<SerializerFactory> | undefined;
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
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
        serialize = compiler(route);
      }
      return serialize(data);
    };
  };
};

/** Fastify's `schemaController` option with the compilers above. */
export const schemaController: SchemaControllerOptions = {
  // Fastify types these factories by ajv's and fast-json-stringify's own function types.
  compilersFactory: { buildValidator, buildSerializer } as unknown as CompilersFactory,
};
