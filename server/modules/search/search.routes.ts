import type { FastifyInstance } from "fastify";
import { AppError } from "../../errors";

type SearchQuery = { q?: unknown; department?: unknown };

/**
 * Per address, sized for the header's dropdown: it asks when typing pauses for 300 ms, so a
 * query typed in bursts costs 2 to 4 requests, and even someone who stops after every letter
 * stays under 2 a second. 120 a minute is room for several people behind one address (mobile
 * carriers share addresses), while one address keeps the database busy at most about 2 ×
 * 10 ms a second with uncached searches at 100k products.
 */
const SEARCH_LIMIT = { rateLimit: { max: 120, timeWindow: "1 minute" } };

/** A query value given once, as text; repeated or odd values are a 400. */
function queryText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw AppError.badRequest("Parámetro de búsqueda inválido");
  return value;
}

export async function searchRoutes(app: FastifyInstance) {
  app.get<{ Querystring: SearchQuery }>("/search", { config: SEARCH_LIMIT }, async (request) => {
    const q = queryText(request.query.q) ?? "";
    const department = queryText(request.query.department) || undefined;
    return app.services.search.search(q, { department });
  });
}
