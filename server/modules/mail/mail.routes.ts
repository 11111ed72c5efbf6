import { z } from "zod";
import { outboxEmail } from "../../../shared/contracts/index";
import { ADMIN_PAGE_SIZE } from "../../../shared/limits";
import { adminListQuery } from "../../../shared/schemas/list-queries";
import { AppError } from "../../errors";
import { pageAnswer } from "../../http/page-answer";
import { idParam, type RouteApp } from "../../http/route-schema";
import { checkPage } from "../catalog/paging";

const EMAIL_NOT_FOUND = "Correo no encontrado";
export const RESEND_ONLY_FAILED = "Solo se reenvían los correos que fallaron";

/**
 * Under /api/admin (the administrator's scope): the outbox for an operator without SMTP
 * (issue 25). `X-Mail-Sending` says whether e-mails are really sent (SMTP_URL set).
 */
export async function mailAdminRoutes(app: RouteApp) {
  const list = { querystring: adminListQuery, response: { 200: z.array(outboxEmail) } };
  app.get("/emails", { config: { access: "admin" }, schema: list }, async (request, reply) => {
    const query = request.query;
    reply.header("x-mail-sending", String(app.services.mail.sending));
    return pageAnswer(reply, await app.services.mail.listAdmin(checkPage(query, ADMIN_PAGE_SIZE)));
  });

  app.post(
    "/emails/:id/resend",
    {
      config: { access: "admin" },
      schema: {
        params: z.object({ id: idParam(EMAIL_NOT_FOUND) }),
        response: { 200: outboxEmail },
      },
    },
    async (request) => {
      const id = request.params.id;
      const resent = await app.services.mail.resend(id);
      if (resent === "not_found") throw AppError.notFound(EMAIL_NOT_FOUND);
      if (resent === "not_failed") throw AppError.conflict(RESEND_ONLY_FAILED);
      return resent;
    },
  );
}
