import type { FastifyInstance } from "fastify";
import { AppError } from "../../errors";

type SearchQuery = { q?: unknown; department?: unknown };

/** A query value given once, as text; repeated or odd values are a 400. */
function queryText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw AppError.badRequest("Parámetro de búsqueda inválido");
  return value;
}

export async function searchRoutes(app: FastifyInstance) {
  app.get<{ Querystring: SearchQuery }>("/search", async (request) => {
    const q = queryText(request.query.q) ?? "";
    const department = queryText(request.query.department) || undefined;
    return app.services.search.search(q, { department });
  });
}
