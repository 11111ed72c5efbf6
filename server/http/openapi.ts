import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifyRequest, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { ERROR_CODES } from "../../shared/contracts/index";
import { SESSION_COOKIE } from "./session";
import {
  ACCESS_DESCRIPTIONS,
  accessOf,
  declareScopeAccess,
  type RouteAccess,
} from "./route-access";
import { API_DOCS_PATH } from "./security-headers";

/**
 * The API's published contract (issue 28): `GET /api/openapi.json`, an OpenAPI 3.1 document
 * generated from the routes themselves (their zod schemas, through the type provider's
 * transform, and their declared access), and `/api/docs`, a page that shows it, served from
 * here with its own files. Nothing is written by hand per route: a route added with its
 * schemas and `config.access` appears in both.
 */

export const OPENAPI_PATH = "/api/openapi.json";

/** The document's answer, its top-level fields in the order @fastify/swagger writes them. */
const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string() }),
  components: z.looseObject({}),
  paths: z.record(z.string(), z.unknown()),
});

/** The error body every route answers with on a failure (server/errors.ts, app.ts). */
export const ERROR_BODY_SCHEMA = {
  type: "object",
  description:
    "Error: `message` en español para mostrar, `code` estable para decidir qué hacer, y `errors` con el mensaje de cada campo de un formulario.",
  required: ["message", "code"],
  additionalProperties: false,
  properties: {
    message: { type: "string" },
    code: { type: "string", enum: [...ERROR_CODES] },
    errors: {
      type: "array",
      items: {
        type: "object",
        required: ["path", "message"],
        additionalProperties: false,
        properties: { path: { type: "string" }, message: { type: "string" } },
      },
    },
  },
} as const;

/** How a partner proves each access, as OpenAPI security requirements. */
const SECURITY: Record<RouteAccess, Record<string, string[]>[] | undefined> = {
  public: undefined,
  cart: undefined,
  "order-token": [{ tokenPedido: [] }],
  merchant: [{ sesion: [] }],
  admin: [{ sesion: [] }],
  webhook: [{ firmaWompi: [] }],
  operator: [{ tokenMetricas: [] }],
};

const TAGS: Record<RouteAccess, string> = {
  public: "Público",
  cart: "Carrito",
  "order-token": "Pedido del comprador",
  merchant: "Portal del comercio",
  admin: "Administración",
  webhook: "Webhook de pagos",
  operator: "Operación",
};

type SwaggerTransform = typeof jsonSchemaTransform;
type SchemaParts = Record<string, unknown>;

/** A zod schema (the type provider's), as opposed to a plain JSON schema. */
const isZod = (schema: unknown) =>
  typeof schema === "object" && schema !== null && "_zod" in schema;

/**
 * One route in the document: its zod schemas through the type provider's transform (plain
 * JSON schemas, where a route still has one, pass as they are), then who may call it
 * (tag, security, `x-access`, a Spanish sentence) and the error body for every failure.
 */
const documentRoute: SwaggerTransform = (input) => {
  const original = (input.schema ?? {}) as SchemaParts;
  const forZod: SchemaParts = {};
  const plain: SchemaParts = {};
  for (const [key, value] of Object.entries(original)) {
    if (key === "response") continue;
    const isPart = ["headers", "querystring", "body", "params"].includes(key);
    (isPart && !isZod(value) ? plain : forZod)[key] = value;
  }
  const responses = (original.response ?? {}) as SchemaParts;
  const zodResponses = Object.fromEntries(Object.entries(responses).filter(([, s]) => isZod(s)));
  const plainResponses = Object.fromEntries(Object.entries(responses).filter(([, s]) => !isZod(s)));
  if (Object.keys(zodResponses).length > 0) forZod.response = zodResponses;

  const { schema, url } = jsonSchemaTransform({ ...input, schema: forZod as FastifySchema });
  const transformed = (schema ?? {}) as SchemaParts;
  if (transformed.hide) return { schema: transformed as FastifySchema, url };

  const access = accessOf(input.route.config);
  const out: SchemaParts = {
    ...transformed,
    ...plain,
    response: {
      ...(transformed.response as SchemaParts | undefined),
      ...plainResponses,
      default: ERROR_BODY_SCHEMA,
    },
  };
  if (access) {
    out.tags = [TAGS[access]];
    out["x-access"] = access;
    const security = SECURITY[access];
    if (security) out.security = security;
    out.description = [transformed.description, ACCESS_DESCRIPTIONS[access]]
      .filter(Boolean)
      .join("\n\n");
  }
  return { schema: out as FastifySchema, url };
};

/** The operations everyone may read about: what a shopper's client and Meta or Wompi call. */
const OPEN_ACCESS: ReadonlySet<string> = new Set<RouteAccess>([
  "public",
  "cart",
  "order-token",
  "webhook",
]);

interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/**
 * The document without the merchant, admin and operator operations (issue 37, L9): in
 * production the whole list is an administrator's (or everyone's with `API_DOCS=all`).
 */
function openOperationsOnly(document: OpenApiDocument): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    const kept = Object.fromEntries(
      Object.entries(operations).filter(([, operation]) =>
        OPEN_ACCESS.has(String((operation as { "x-access"?: unknown })["x-access"])),
      ),
    );
    if (Object.keys(kept).length > 0) paths[path] = kept;
  }
  return { ...document, paths };
}

/** Whether `request` may read every operation: outside production, API_DOCS=all, or an admin. */
async function seesEveryOperation(app: FastifyInstance, request: FastifyRequest) {
  if (!app.config.production || app.config.apiDocs === "all") return true;
  return (await request.currentUser())?.role === "admin";
}

export const openApi = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "API de Tiangue",
          version: "1.0.0",
          description:
            "La API JSON del mercado Tiangue: catálogo público, carrito y pedidos del comprador, portal del comercio y administración. Cada operación dice quién puede llamarla (`x-access`). Todo error responde `{ message, code, errors? }`: decida por `code`, muestre `message`.",
        },
        tags: Object.values(TAGS).map((name) => ({ name })),
        components: {
          securitySchemes: {
            sesion: {
              type: "apiKey",
              in: "cookie",
              name: SESSION_COOKIE,
              description:
                "Sesión firmada de un administrador (POST /api/auth/login) o de un comercio (POST /api/merchant/login). Las escrituras con sesión deben venir del mismo sitio (Origin o Sec-Fetch-Site).",
            },
            tokenPedido: {
              type: "apiKey",
              in: "query",
              name: "token",
              description: "El token del enlace del pedido que recibió el comprador.",
            },
            firmaWompi: {
              type: "apiKey",
              in: "header",
              name: "wompi_hash",
              description: "La firma de Wompi sobre el cuerpo exacto de la notificación.",
            },
            tokenMetricas: {
              type: "http",
              scheme: "bearer",
              description:
                "METRICS_TOKEN; desde la red local del servidor (loopback) no hace falta.",
            },
          },
        },
      },
      transform: documentRoute,
      transformObject: jsonSchemaTransformObject,
    });

    app.get(
      OPENAPI_PATH,
      {
        config: { access: "public" },
        schema: {
          summary: "Este documento (OpenAPI 3.1)",
          response: { 200: openApiDocument },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const document = app.swagger() as unknown as OpenApiDocument;
        return (await seesEveryOperation(app, request)) ? document : openOperationsOnly(document);
      },
    );

    // The readable page; its files come from the package, never from another host.
    await app.register(async (docs) => {
      declareScopeAccess(docs, "public");
      // Swagger UI's transform is synchronous: who asks is read before it runs.
      const seesAll = new WeakMap<FastifyRequest, boolean>();
      docs.addHook("preHandler", async (request) => {
        seesAll.set(request, await seesEveryOperation(app, request));
      });
      const seesEveryOperationSync = (request: FastifyRequest) => seesAll.get(request) === true;
      await docs.register(swaggerUi, {
        routePrefix: API_DOCS_PATH,
        uiConfig: { docExpansion: "list", deepLinking: true, tryItOutEnabled: false },
        theme: { title: "API de Tiangue" },
        // The page's own copy of the document, filtered as GET /api/openapi.json is.
        transformSpecificationClone: true,
        transformSpecification: (document, request) =>
          seesEveryOperationSync(request)
            ? document
            : openOperationsOnly(document as unknown as OpenApiDocument),
      });
    });
  },
  { name: "tiangue-openapi" },
);
