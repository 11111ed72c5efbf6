import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { projectRoot } from "../../project-root";
import { parseShareImagePath } from "../../../shared/share-image";
import { errorBody } from "../../errors";
import { declareScopeAccess } from "../../http/route-access";
import { createShareImageMaker } from "./uploads.service";
import { IMMUTABLE_CACHE, isStorageKey, type ImageStorage } from "./image-storage";
import { createLocalStorage, uploadsDirectory } from "./storage";

export interface UploadsStaticOptions {
  /** Defaults to the app's config.dataDir. */
  dataDir?: string;
  /** Defaults to <project>/public/images. */
  imagesDir?: string;
  /**
   * Where uploads live; defaults to the uploads service's (app.services), or else
   * dataDir's uploads folder.
   */
  storage?: ImageStorage;
  /** With a bucket: answer /uploads/<key> with a redirect to `${publicUrl}/<key>` (a CDN). */
  publicUrl?: string;
}

const notFound = errorBody("not_found", "Imagen no encontrada");
const forbidden = errorBody("forbidden", "Acceso denegado");

/**
 * Serves uploaded images at /uploads/ (random names, so cached for a year) and the
 * images shipped with the app at /images/ (cached a day). Registered at the root,
 * outside the /api prefix.
 */
export async function uploadsStatic(app: FastifyInstance, options: UploadsStaticOptions = {}) {
  const services = app.hasDecorator("services") ? app.services : undefined;
  const storage =
    options.storage ??
    (options.dataDir === undefined && services
      ? await services.uploads.storage()
      : createLocalStorage(uploadsDirectory(options.dataDir ?? app.config.dataDir)));
  const publicUrl =
    options.publicUrl ?? (options.storage ? undefined : app.config?.objectStorage?.publicUrl);
  const imagesRoot = options.imagesDir ?? join(projectRoot(), "public", "images");
  const shareImages = createShareImageMaker(storage);

  const folders: { prefix: string; root: string; maxAge: string; immutable: boolean }[] = [
    { prefix: "/images", root: imagesRoot, maxAge: "1d", immutable: false },
  ];
  if (storage.kind === "local") {
    // @fastify/static only warns about a missing root; uploads arrive later, so create it.
    mkdirSync(storage.location, { recursive: true });
    folders.unshift({
      prefix: "/uploads",
      root: storage.location,
      maxAge: "365d",
      immutable: true,
    });
  } else {
    await app.register(async (scope) => bucketRoutes(scope, storage, shareImages, publicUrl), {
      prefix: "/uploads",
    });
  }
  for (const folder of folders) {
    // One scope per folder, so a missing file gets our Spanish JSON 404 and no other route does.
    await app.register(
      async (scope) => {
        // Images are public: @fastify/static's routes take no options of ours.
        declareScopeAccess(scope, "public");
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

/**
 * /uploads/<key> from an S3 bucket (issue 13): streamed with its content type, a year-long
 * immutable Cache-Control and its ETag (304 when the browser has it); with S3_PUBLIC_URL a
 * permanent redirect to the CDN instead, so stored '/uploads/…' addresses keep working.
 * A preview JPEG not made yet is made here, as from the folder.
 */
async function bucketRoutes(
  scope: FastifyInstance,
  storage: ImageStorage,
  shareImages: ReturnType<typeof createShareImageMaker>,
  publicUrl: string | undefined,
) {
  scope.get<{ Params: { "*": string } }>(
    "/*",
    { config: { access: "public" } },
    async (request, reply) => {
      const key = request.params["*"];
      if (!isStorageKey(key)) {
        // As @fastify/static answers: a dotfile or a folder is refused, anything else missing.
        const refused =
          key === "" || key.endsWith("/") || key.split("/").some((s) => s.startsWith("."));
        return reply.status(refused ? 403 : 404).send(refused ? forbidden : notFound);
      }
      reply.header("x-content-type-options", "nosniff");
      const path = `/uploads/${key}`;
      if (publicUrl) {
        // Older pictures may lack their preview JPEG: made before the CDN is sent for it.
        if (parseShareImagePath(path) && (await storage.size(key)) === null) {
          await shareImages.get(path);
        }
        return reply.header("cache-control", IMMUTABLE_CACHE).redirect(`${publicUrl}/${key}`, 301);
      }
      const ifNoneMatch = request.headers["if-none-match"];
      const object = await storage.open(
        key,
        typeof ifNoneMatch === "string" ? ifNoneMatch : undefined,
      );
      if (object === "not-modified") {
        return reply
          .status(304)
          .header("cache-control", IMMUTABLE_CACHE)
          .header("etag", ifNoneMatch)
          .send();
      }
      if (object === null) {
        const made = await shareImages.get(path).catch((error: unknown) => {
          request.log.warn({ err: error, path }, "link preview not made");
          return null;
        });
        if (!made) return reply.status(404).send(notFound);
        return reply
          .header("content-type", "image/jpeg")
          .header("cache-control", IMMUTABLE_CACHE)
          .send(made);
      }
      reply.header("content-type", object.contentType).header("cache-control", IMMUTABLE_CACHE);
      if (object.contentLength !== undefined) reply.header("content-length", object.contentLength);
      if (object.etag) reply.header("etag", object.etag);
      if (object.lastModified) reply.header("last-modified", object.lastModified.toUTCString());
      if (request.method === "HEAD") {
        // Headers only: the object's bytes are not fetched through (Fastify would drain them).
        object.body.destroy();
        return reply.send(Readable.from([]));
      }
      return reply.send(object.body);
    },
  );
}
