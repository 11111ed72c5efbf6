import { mkdirSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { projectRoot } from "../../project-root";
import { errorBody } from "../../errors";
import { createShareImageMaker, uploadsDirectory } from "./uploads.service";

export interface UploadsStaticOptions {
  /** Defaults to the app's config.dataDir. */
  dataDir?: string;
  /** Defaults to <project>/public/images. */
  imagesDir?: string;
}

const notFound = errorBody("not_found", "Imagen no encontrada");

/**
 * Serves uploaded images at /uploads/ (random names, so cached for a year) and the
 * images shipped with the app at /images/ (cached a day). Registered at the root,
 * outside the /api prefix.
 */
export async function uploadsStatic(app: FastifyInstance, options: UploadsStaticOptions = {}) {
  const uploadsRoot = uploadsDirectory(options.dataDir ?? app.config.dataDir);
  // @fastify/static only warns about a missing root; uploads arrive later, so create it.
  mkdirSync(uploadsRoot, { recursive: true });
  const imagesRoot = options.imagesDir ?? join(projectRoot(), "public", "images");
  const shareImages = createShareImageMaker(uploadsRoot);

  const folders = [
    { prefix: "/uploads", root: uploadsRoot, maxAge: "365d", immutable: true },
    { prefix: "/images", root: imagesRoot, maxAge: "1d", immutable: false },
  ];
  for (const folder of folders) {
    // One scope per folder, so a missing file gets our Spanish JSON 404 and no other route does.
    await app.register(
      async (scope) => {
        await scope.register(fastifyStatic, {
          root: folder.root,
          prefix: "/",
          // The web app registers @fastify/static too: only one may decorate the reply.
          decorateReply: false,
          index: false,
          list: false,
          dotfiles: "deny",
          maxAge: folder.maxAge,
          immutable: folder.immutable,
          setHeaders(res) {
            res.setHeader("x-content-type-options", "nosniff");
          },
        });
        scope.setNotFoundHandler(async (request, reply) => {
          // A link-preview JPEG not made yet (a picture from before they were): made now, once.
          const path = request.url.split("?")[0];
          const made =
            folder.prefix === "/uploads"
              ? await shareImages.get(path).catch((error: unknown) => {
                  request.log.warn({ err: error, path }, "link preview not made");
                  return null;
                })
              : null;
          if (!made) return reply.status(404).send(notFound);
          return reply
            .header("content-type", "image/jpeg")
            .header("cache-control", "public, max-age=31536000, immutable")
            .header("x-content-type-options", "nosniff")
            .send(made);
        });
      },
      { prefix: folder.prefix },
    );
  }
}
