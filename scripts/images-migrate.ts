/**
 * `npm run images:migrate`: copies the images under DATA_DIR/uploads into the S3 bucket of
 * S3_* (issue 13, docs/deploy.md), so an installation that moves to object storage keeps
 * every picture. Safe to run again: what the bucket has is skipped. The folder is not changed.
 */
import { loadConfig } from "../server/env";
import { copyImages } from "../server/modules/uploads/migrate";
import { createS3Storage } from "../server/modules/uploads/s3-storage";
import { createLocalStorage, uploadsDirectory } from "../server/modules/uploads/storage";

async function main() {
  const config = loadConfig(process.env);
  if (!config.objectStorage) {
    throw new Error(
      "Configure S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY " +
        "para copiar las imágenes al bucket.",
    );
  }
  const folder = uploadsDirectory(config.dataDir);
  const bucket = createS3Storage(config.objectStorage);
  console.log(`Copiando las imágenes de ${folder} al bucket ${bucket.location}…`);
  const report = await copyImages(createLocalStorage(folder), bucket);
  const megabytes = (report.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Listo: ${report.copied} copiadas (${megabytes} MB), ${report.skipped} ya estaban en el bucket.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
