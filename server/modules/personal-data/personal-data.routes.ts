import { z } from "zod";
import {
  personalDataErasure,
  personalDataExport,
  personalDataRequest,
} from "../../../shared/contracts/personal-data";
import { exportFileName } from "../../../shared/personal-data";
import { adminListQuery } from "../../../shared/schemas/list-queries";
import { personalDataEraseSchema, personalDataQuery } from "../../../shared/schemas/personal-data";
import { pageAnswer } from "../../http/page-answer";
import { serviceBody, serviceQuery, type RouteApp } from "../../http/route-schema";

/**
 * Under /api/admin (the administrator's scope): 'Datos personales' (issue 37). The export is
 * a file to keep (Content-Disposition: attachment), never a page a cache may hold.
 */
export async function personalDataAdminRoutes(app: RouteApp) {
  app.get(
    "/personal-data",
    {
      config: { access: "admin" },
      schema: {
        description:
          "Todo lo que Tiangue guarda de una persona (pedidos con sus líneas y direcciones, reseñas, avisos, consentimientos), por correo o por teléfono, como un archivo JSON. Queda en el registro de solicitudes.",
        querystring: serviceQuery(personalDataQuery),
        response: { 200: personalDataExport },
      },
    },
    async (request, reply) => {
      const exported = await app.services.personalData.exportData(
        (await request.currentUser())!,
        request.query,
      );
      const day = exported.generatedAt.slice(0, 10);
      return reply
        .header(
          "content-disposition",
          `attachment; filename="${exportFileName(exported.key, day)}"`,
        )
        .header("cache-control", "no-store")
        .send(exported);
    },
  );

  app.post(
    "/personal-data/erase",
    {
      config: { access: "admin" },
      schema: {
        description:
          "Borra los datos de una persona (`{email}` o `{phone}`, uno solo): en sus pedidos el nombre, el correo, el teléfono, el WhatsApp y la dirección pasan a 'Datos eliminados' (montos, líneas y fechas se conservan), sus reseñas muestran 'Cliente', terminan sus consentimientos y los enlaces de sus pedidos, y se cancelan los avisos pendientes. Responde cuántas filas cambió.",
        body: serviceBody(personalDataEraseSchema),
        response: { 200: personalDataErasure },
      },
    },
    async (request) =>
      app.services.personalData.erase((await request.currentUser())!, request.body),
  );

  app.get(
    "/personal-data/requests",
    {
      config: { access: "admin" },
      schema: {
        description: "El registro de exportaciones y eliminaciones, lo más reciente primero.",
        querystring: adminListQuery.pick({ limit: true, offset: true }),
        response: { 200: z.array(personalDataRequest) },
      },
    },
    async (request, reply) =>
      pageAnswer(reply, await app.services.personalData.requests(request.query)),
  );
}
