import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { uploadedImage } from "../../../shared/contracts/index";
import { IMAGE_LIMITS_MB } from "../../../shared/limits";
import { MERCHANT_NOT_MANAGED_MESSAGE } from "../../../shared/merchant-portal";
import { AppError } from "../../errors";
import { requireAdmin } from "../../http/auth-guard";
import { idParam, serviceQuery, type RouteApp } from "../../http/route-schema";
import { MESSAGES } from "./images";
import { parsePlaceholderSide } from "./placeholder";
import { BYTES_PER_MB, PLACEHOLDER_SIZE_MESSAGE, type SavedImage } from "./uploads.service";

type ImageKind = keyof typeof IMAGE_LIMITS_MB;

const MERCHANT_IMAGE_KINDS: readonly ImageKind[] = [
  "merchantImage",
  "merchantLogo",
  "productImage",
];

/** Placeholders and their redirects never change: browsers and proxies keep them a day. */
const PLACEHOLDER_CACHE = "public, max-age=86400";

/**
 * Per address, generous: a page may show dozens of placeholders, and an answer is a
 * picture kept in memory or a redirect (the few renders are bounded by the allowed sizes).
 */
export const PLACEHOLDER_LIMIT = { rateLimit: { max: 600, timeWindow: "1 minute" } };
/**
 * Image uploads per address (issue 26): each costs a decode, a resize and a WebP encode,
 * and a store; a catalogue's worth in a few minutes is plenty, a flood is not.
 */
export const UPLOAD_LIMIT = { rateLimit: { max: 60, timeWindow: "5 minutes" } };

const KIND_MESSAGE =
  "Tipo de imagen desconocido: usa merchantImage, merchantLogo, categoryImage o productImage";

function imageKind(query: unknown): ImageKind {
  const kind = (query as { kind?: unknown } | undefined)?.kind;
  if (kind === undefined || kind === "") return "default";
  if (typeof kind === "string" && Object.hasOwn(IMAGE_LIMITS_MB, kind)) return kind as ImageKind;
  throw AppError.validation([{ path: "kind", message: KIND_MESSAGE }]);
}

/**
 * Reads the multipart `image` of an upload request and saves it under the size limit of
 * its `?kind=`: the admin's upload route and the merchant portal's (issue 11) share it.
 * `kinds` narrows the kinds a route accepts.
 */
async function receiveImage(
  app: FastifyInstance,
  request: FastifyRequest,
  kinds?: readonly ImageKind[],
): Promise<SavedImage> {
  const kind = imageKind(request.query);
  if (kinds && !kinds.includes(kind)) {
    throw AppError.validation([{ path: "kind", message: KIND_MESSAGE }]);
  }
  const limitMb = IMAGE_LIMITS_MB[kind];
  const maxBytes = limitMb * BYTES_PER_MB;
  if (!request.isMultipart()) throw AppError.badRequest(MESSAGES.noImage);

  const part = await request.file({ limits: { fileSize: maxBytes } });
  if (!part) throw AppError.badRequest(MESSAGES.noImage);
  if (part.fieldname !== "image") {
    part.file.resume();
    throw AppError.badRequest(MESSAGES.noImage);
  }
  let buffer: Buffer;
  try {
    // Stops keeping bytes past the limit: the rest of the stream is read and dropped.
    buffer = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw AppError.tooLarge(MESSAGES.tooLarge(limitMb));
    }
    throw error;
  }
  return app.services.uploads.saveImage({ buffer }, { maxBytes, kind });
}

/**
 * The merchant portal's uploads (issue 11): banner, logo and product photos, with the
 * admin upload's rules and limits. Mounted under /api/merchant behind requireMerchant; the
 * merchant id is checked against the session before any byte is read (else 404).
 */
/**
 * The upload routes' `?kind=` (read with the image, after the session and the merchant) and
 * their multipart body: one field `image` (JPEG, PNG, WebP or GIF), saved as WebP.
 */
const imageKindQuery = serviceQuery(
  z.object({
    kind: z.enum(Object.keys(IMAGE_LIMITS_MB) as [ImageKind, ...ImageKind[]]).optional(),
  }),
);

export async function merchantUploadRoutes(app: RouteApp) {
  app.post(
    "/:merchantId/images",
    {
      config: { access: "merchant", ...UPLOAD_LIMIT },
      schema: {
        params: z.object({ merchantId: idParam(MERCHANT_NOT_MANAGED_MESSAGE) }),
        querystring: imageKindQuery,
        response: { 201: uploadedImage },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      const merchantId = request.params.merchantId;
      await app.services.merchantPortal.getMerchant(user!, merchantId);
      return reply.status(201).send(await receiveImage(app, request, MERCHANT_IMAGE_KINDS));
    },
  );
}

export async function uploadsRoutes(app: RouteApp) {
  app.post(
    "/upload/image",
    {
      onRequest: requireAdmin,
      config: { access: "admin", ...UPLOAD_LIMIT },
      schema: { querystring: imageKindQuery, response: { 201: uploadedImage } },
    },
    async (request, reply) => {
      return reply.status(201).send(await receiveImage(app, request));
    },
  );

  // A size the product uses is the picture; any other size is a permanent redirect to the
  // nearest one, so caches keep one copy per picture and only those few are ever rendered.
  app.get(
    "/placeholder/:w/:h",
    {
      config: { access: "public", ...PLACEHOLDER_LIMIT },
      // A WebP picture or a 301 to the nearest size; a side out of range: 400 (the handler's).
      schema: { params: z.object({ w: z.string(), h: z.string() }) },
    },
    async (request, reply) => {
      const width = parsePlaceholderSide(request.params.w);
      const height = parsePlaceholderSide(request.params.h);
      if (width === null || height === null) throw AppError.badRequest(PLACEHOLDER_SIZE_MESSAGE);
      const answer = await app.services.uploads.placeholder(width, height);
      reply.header("cache-control", PLACEHOLDER_CACHE);
      if ("nearest" in answer) {
        const { width: w, height: h } = answer.nearest;
        return reply.redirect(`/api/placeholder/${w}/${h}`, 301);
      }
      return reply
        .header("content-type", "image/webp")
        .header("x-content-type-options", "nosniff")
        .send(answer.image);
    },
  );
}
