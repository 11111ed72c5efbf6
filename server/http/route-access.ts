import type { FastifyInstance } from "fastify";

/**
 * Who may call a route, declared once in its options (`config: { access: "admin" }`), read
 * by the OpenAPI document (server/http/openapi.ts) and by the security inventory test
 * (server/security.test.ts), which fails by name on a route that declares none. The guard
 * itself stays where it is (server/http/auth-guard.ts, guarded-scope.ts, the services): the
 * test checks that each declaration is enforced.
 */
export const ROUTE_ACCESS = [
  "public",
  "cart",
  "order-token",
  "merchant",
  "admin",
  "webhook",
  "operator",
] as const;

export type RouteAccess = (typeof ROUTE_ACCESS)[number];

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route (server/http/route-access.ts). */
    access?: RouteAccess;
  }
}

/** What each access means, in the words a partner reads in the document. */
export const ACCESS_DESCRIPTIONS: Record<RouteAccess, string> = {
  public: "Pública: cualquiera puede llamarla, sin sesión.",
  cart: "Carrito: quien tiene el identificador del carrito (`sessionId` de la ruta, generado por el navegador del comprador); no hace falta sesión.",
  "order-token":
    "Pedido: quien tiene el enlace del pedido (su `token`, enviado al comprador al pagar). Sin el token correcto responde 404, nunca el pedido de otra persona.",
  merchant:
    "Comercio: sesión de un comercio (cookie `tiangue_sid`, iniciada con el enlace de acceso), y solo sobre sus propios comercios. Sin sesión: 401; el comercio de otro: 404.",
  admin:
    "Administración: sesión de administrador (cookie `tiangue_sid`). Sin sesión: 401; con la sesión de otro rol: 403 (o 401).",
  webhook:
    "Webhook: solo Wompi o Meta (WhatsApp), servidor a servidor; la firma del cuerpo prueba el origen (Wompi: `signature.checksum` y la cabecera `wompi_hash`; Meta: `X-Hub-Signature-256`, HMAC-SHA256 con el secreto de la app). Sin firma válida: 401. La verificación GET de Meta sin el token correcto: 403.",
  operator:
    "Operación: la red local del servidor o el token `METRICS_TOKEN` (`Authorization: Bearer`). Desde fuera sin token: 401; con un token equivocado: 403.",
};

export function isRouteAccess(value: unknown): value is RouteAccess {
  return typeof value === "string" && (ROUTE_ACCESS as readonly string[]).includes(value);
}

/** The access a route declared in its `config`, or undefined. */
export function accessOf(config: unknown): RouteAccess | undefined {
  const access = (config as { access?: unknown } | undefined)?.access;
  return isRouteAccess(access) ? access : undefined;
}

/**
 * Declares `access` for the routes a third-party plugin registers in `scope` (e.g.
 * @fastify/static's), which take no route options from us. A route that declares its
 * own access keeps it.
 */
export function declareScopeAccess(scope: FastifyInstance, access: RouteAccess): void {
  scope.addHook("onRoute", (route) => {
    if (accessOf(route.config) === undefined) route.config = { ...route.config, access };
  });
}
