import { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { ObjectStorageConfig } from "../../env";
import { AppError } from "../../errors";
import {
  contentTypeOf,
  IMMUTABLE_CACHE,
  isStorageKey,
  type ImageStorage,
  type OpenedObject,
} from "./image-storage";

/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Nombre de imagen inválido: ${JSON.stringify(key)}`);
  return key;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

export const STORAGE_UNAVAILABLE_MESSAGE =
  "El almacenamiento de imágenes no responde; intenta de nuevo en un momento";

/**
 * A bucket that cannot be reached or answers 5xx is a 503 (the client may ask again, as
 * with the database); its cause stays in the log, never in the answer.
 */
function unavailableIfDown(error: unknown): never {
  const status = statusOf(error);
  if (status === undefined || status >= 500) {
    throw Object.assign(AppError.unavailable(STORAGE_UNAVAILABLE_MESSAGE), { cause: error });
  }
  throw error;
}

const isMissing = (error: unknown) =>
  statusOf(error) === 404 ||
  (error instanceof S3ServiceException && ["NoSuchKey", "NotFound"].includes(error.name));

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2, DigitalOcean
 * Spaces…) through @aws-sdk/client-s3. Path-style addresses (endpoint/bucket/key): every
 * such service answers them, while bucket subdomains need DNS that MinIO or a test server
 * do not have. Objects carry their content type and a year-long immutable Cache-Control,
 * so a CDN in front of the bucket (S3_PUBLIC_URL) serves them as the app would.
 */
export function createS3Storage(config: ObjectStorageConfig): ImageStorage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible services refuse the
    // newer CRC headers the SDK would otherwise add to every write.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;
  // client.send, with an unreachable bucket turned into a 503 (same signature).
  const send = ((command: Parameters<typeof client.send>[0]) =>
    client.send(command).catch(unavailableIfDown)) as typeof client.send;

  async function get(key: string, ifNoneMatch?: string) {
    try {
      return await send(
        new GetObjectCommand({ Bucket, Key: checkKey(key), IfNoneMatch: ifNoneMatch }),
      );
    } catch (error) {
      if (isMissing(error)) return null;
      if (statusOf(error) === 304) return "not-modified" as const;
      throw error;
    }
  }

  return {
    kind: "s3",
    location: `${config.endpoint}/${config.bucket}`,

    async put(key, data) {
      await send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: data,
          ContentLength: data.length,
          ContentType: contentTypeOf(key),
          CacheControl: IMMUTABLE_CACHE,
        }),
      );
    },

    async read(key) {
      const object = await get(key);
      if (object === null || object === "not-modified" || !object.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },

    async size(key) {
      try {
        const head = await send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async open(key, ifNoneMatch): Promise<OpenedObject | "not-modified" | null> {
      const object = await get(key, ifNoneMatch);
      if (object === null || object === "not-modified") return object;
      if (!object.Body) return null;
      // In Node.js the body is an http.IncomingMessage: a Readable already.
      const body =
        object.Body instanceof Readable
          ? object.Body
          : Readable.fromWeb(object.Body.transformToWebStream() as never);
      return {
        body,
        contentType: object.ContentType ?? contentTypeOf(key),
        contentLength: object.ContentLength,
        etag: object.ETag,
        lastModified: object.LastModified,
      };
    },

    async delete(keys) {
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH).map((key) => ({
          Key: checkKey(key),
        }));
        const answer = await send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }),
        );
        const failed = answer.Errors?.find((e) => e.Code !== "NoSuchKey");
        if (failed) {
          throw new Error(`No se pudo borrar ${failed.Key} del bucket: ${failed.Message}`);
        }
      }
    },

    async *list(prefix = "") {
      let token: string | undefined;
      do {
        const page = await send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: prefix || undefined,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
