import type { FastifyInstance } from "fastify";
import { IMAGE_LIMITS_MB } from "../../../shared/limits";
import { AppError } from "../../errors";
import { requireAdmin } from "../../http/auth-guard";
import { MESSAGES } from "./images";
import { parsePlaceholderSide } from "./placeholder";
import { BYTES_PER_MB, PLACEHOLDER_SIZE_MESSAGE } from "./uploads.service";

type ImageKind = keyof typeof IMAGE_LIMITS_MB;

/** Placeholders and their redirects never change: browsers and proxies keep them a day. */
const PLACEHOLDER_CACHE = "public, max-age=86400";

/**
 * Per address, generous: a page may show dozens of placeholders, and an answer is a
 * picture kept in memory or a redirect (the few renders are bounded by the allowed sizes).
 */
export const PLACEHOLDER_LIMIT = { rateLimit: { max: 600, timeWindow: "1 minute" } };

const KIND_MESSAGE =
  "Tipo de imagen desconocido: usa merchantImage, merchantLogo, categoryImage o productImage";

function imageKind(query: unknown): ImageKind {
  const kind = (query as { kind?: unknown } | undefined)?.kind;
  if (kind === undefined || kind === "") return "default";
  if (typeof kind === "string" && Object.hasOwn(IMAGE_LIMITS_MB, kind)) return kind as ImageKind;
  throw AppError.validation([{ path: "kind", message: KIND_MESSAGE }]);
}

export async function uploadsRoutes(app: FastifyInstance) {
  app.post("/upload/image", { onRequest: requireAdmin }, async (request, reply) => {
    const kind = imageKind(request.query);
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
    const saved = await app.services.uploads.saveImage({ buffer }, { maxBytes, kind });
    return reply.status(201).send(saved);
  });

  // A size the product uses is the picture; any other size is a permanent redirect to the
  // nearest one, so caches keep one copy per picture and only those few are ever rendered.
  app.get<{ Params: { w: string; h: string } }>(
    "/placeholder/:w/:h",
    { config: PLACEHOLDER_LIMIT },
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
