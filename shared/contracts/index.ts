/**
 * The API's answers as zod schemas: one home for what every route sends. Routes declare
 * them as their `response` (the server writes answers from them), the OpenAPI document is
 * built from them, and shared/api-types.ts derives the app's types with z.infer.
 * Request bodies and query strings are in shared/schemas/.
 */
export * from "./common";
export * from "./auth";
export * from "./catalogue";
export * from "./cart";
export * from "./orders";
export * from "./order-reviews";
export * from "./portal";
export * from "./payouts";
export * from "./notices";
