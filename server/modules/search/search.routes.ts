import { searchResult } from "../../../shared/contracts/index";
import { searchQuery } from "../../../shared/schemas/list-queries";
import type { RouteApp } from "../../http/route-schema";

/**
 * Per address, sized for the header's dropdown: it asks when typing pauses for 300 ms, so a
 * query typed in bursts costs 2 to 4 requests, and even someone who stops after every letter
 * stays under 2 a second. 120 a minute is room for several people behind one address (mobile
 * carriers share addresses), while one address keeps the database busy at most about 2 ×
 * 10 ms a second with uncached searches at 100k products.
 */
const SEARCH_LIMIT = { rateLimit: { max: 120, timeWindow: "1 minute" } };

export async function searchRoutes(app: RouteApp) {
  const schema = { querystring: searchQuery, response: { 200: searchResult } };
  app.get("/search", { config: { access: "public", ...SEARCH_LIMIT }, schema }, async (request) => {
    const { q, ...filter } = request.query;
    return app.services.search.search(q, filter);
  });
}
