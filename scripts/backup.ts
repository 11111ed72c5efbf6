/**
 * `npm run backup -- <archivo>`: one file with the database and the uploaded images of this
 * installation (DATABASE_URL or the embedded database in DATA_DIR). See docs/deploy.md.
 *   --logical   on PostgreSQL, dump through the driver even when pg_dump is installed
 */
import { createBackup } from "../server/backup/backup";
import { BackupError } from "../server/backup/backup-error";
import { DataDirLockedError } from "../db/data-dir-lock";
import { loadConfig } from "../server/env";

const USAGE = "Uso: npm run backup -- <archivo> [--logical]";

async function main(args: string[]) {
  const logical = args.includes("--logical");
  const files = args.filter((a) => a !== "--logical");
  if (files.length !== 1 || files[0].startsWith("-")) throw new BackupError(USAGE);
  const config = loadConfig(process.env);
  const manifest = await createBackup(
    files[0],
    {
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      imagesInBucket: config.objectStorage
        ? `${config.objectStorage.endpoint}/${config.objectStorage.bucket}`
        : undefined,
    },
    { logical },
  );
  console.log(
    manifest.imagesInBucket
      ? `Respaldo escrito en ${files[0]}: base de datos (${manifest.database}, ` +
          `${manifest.migrations} migraciones). Las imágenes están en el bucket ` +
          `${manifest.imagesInBucket} y no se incluyen: respáldelas con su proveedor (docs/deploy.md).`
      : `Respaldo escrito en ${files[0]}: base de datos (${manifest.database}, ` +
          `${manifest.migrations} migraciones) y ${manifest.uploads} imágenes.`,
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(
      `${error.message}\nLa base embebida solo se respalda con el servidor detenido: ` +
        "deténgalo, ejecute el respaldo y vuelva a iniciarlo.",
    );
  } else if (error instanceof BackupError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
