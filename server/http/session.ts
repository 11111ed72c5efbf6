import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { UserDto } from "../../shared/api-types";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user of this request's session, or null (loaded once, lazily). */
    currentUser(): Promise<UserDto | null>;
  }
}

// PLACEHOLDER: replaced by the real session plugin.
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("currentUser", async function () {
    return null;
  });
});
