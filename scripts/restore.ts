/**
 * `npm run restore -- <archivo>`: puts a backup made by `npm run backup` into an empty
 * installation (an empty DATABASE_URL database, or an empty DATA_DIR), refusing anything
 * else. Start the server afterwards. See docs/deploy.md.
 */
import { restoreBackup } from "../server/backup/backup";
import { BackupError } from "../server/backup/backup-error";
import { DataDirLockedError } from "../db/data-dir-lock";
import { loadConfig } from "../server/env";

const USAGE = "Uso: npm run restore -- <archivo>";

async function main(args: string[]) {
  if (args.length !== 1 || args[0].startsWith("-")) throw new BackupError(USAGE);
  const config = loadConfig(process.env);
  const manifest = await restoreBackup(args[0], {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  console.log(
    `Respaldo del ${manifest.createdAt} restaurado: base de datos (${manifest.database}) y ` +
      `${manifest.uploads} imágenes. Ya puede iniciar el servidor.`,
  );
  if (config.objectStorage && manifest.uploads > 0) {
    console.log(
      `Las imágenes quedaron en ${config.dataDir}/uploads; cópielas al bucket con: npm run images:migrate`,
    );
  } else if (manifest.imagesInBucket) {
    console.log(
      `Las imágenes no están en el respaldo: estaban en el bucket ${manifest.imagesInBucket}.`,
    );
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message}\nDetenga el servidor antes de restaurar.`);
  } else if (error instanceof BackupError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
