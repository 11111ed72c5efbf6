import { resolve } from "node:path";
import { openDatabase } from "../db/client";
import { lockDataDir } from "../db/data-dir-lock";
import { seedDemoCatalogue } from "../db/demo/seed";
import { buildApp } from "./app";
import { loadConfig } from "./env";
import { sessionSecret } from "./secrets";
import { switchOffPublicCache } from "./cache/index";
import { mountWebApp } from "./http/web-app";

/** Boot: read env, open the database, fill it the first time, listen, close cleanly. */
async function main() {
  const config = loadConfig();
  const dataDir = resolve(config.dataDir);
  // Only the embedded database needs the lock; DATA_DIR also holds uploads and the secret.
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(dataDir);

  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir,
    onPoolError: (error) => console.error("PostgreSQL: conexión inactiva perdida:", error.message),
  });

  if (!config.catalogueCache) switchOffPublicCache(database.db);

  const app = await buildApp({
    config,
    database,
    sessionSecret: sessionSecret(dataDir, config.sessionSecret),
    web: (fastify) =>
      mountWebApp(fastify, { production: config.production, keepPages: config.catalogueCache }),
  });

  const admin = await app.services.auth.ensureAdministrator({
    username: config.adminUsername,
    password: config.adminPassword,
  });
  if (config.demoData) {
    const seeded = await seedDemoCatalogue(database.db, {
      uploadsDir: resolve(dataDir, "uploads"),
    });
    if (seeded) app.log.info(`Catálogo de demostración creado: ${seeded.summary}`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} recibido: cerrando Tiangue…`);
    try {
      await app.close();
      await database.close();
    } finally {
      releaseLock();
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    `Tiangue escuchando en ${config.publicUrl}`,
    `Base de datos: ${database.kind === "pglite" ? "PGlite embebido" : "PostgreSQL"} en ${database.location}`,
    `Archivos subidos: ${resolve(dataDir, "uploads")}`,
  ];
  if (admin.generatedPassword) {
    lines.push(
      `Administrador creado: usuario "${admin.username}", contraseña "${admin.generatedPassword}"`,
      `  (se muestra solo esta vez; cámbiala con: npm run admin -- create ${admin.username})`,
    );
  }
  console.log(lines.join("\n"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
