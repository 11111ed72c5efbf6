/**
 * `npm run restore -- <archivo>`: puts a backup made by `npm run backup` into an empty
 * installation (an empty DATABASE_URL database, or an empty DATA_DIR), refusing anything
 * else. Start the server afterwards. See docs/deploy.md.
 */
import { BackupError, restoreBackup } from "../server/backup/backup";
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
