import type { FastifyInstance } from "fastify";
import { searchQuery } from "../../../shared/schemas/list-queries";
import { searchAnswer } from "../../http/response-schemas";
import { parseQuery, routeSchema } from "../../http/route-schema";

/**
 * Per address, sized for the header's dropdown: it asks when typing pauses for 300 ms, so a
 * query typed in bursts costs 2 to 4 requests, and even someone who stops after every letter
 * stays under 2 a second. 120 a minute is room for several people behind one address (mobile
 * carriers share addresses), while one address keeps the database busy at most about 2 ×
 * 10 ms a second with uncached searches at 100k products.
 */
const SEARCH_LIMIT = { rateLimit: { max: 120, timeWindow: "1 minute" } };

export async function searchRoutes(app: FastifyInstance) {
  const schema = routeSchema({ response: searchAnswer });
  app.get("/search", { config: SEARCH_LIMIT, schema }, async (request) => {
    const { q, ...filter } = parseQuery(searchQuery, request.query);
    return app.services.search.search(q, filter);
  });
}
