import { openDatabase } from "../db/client";
import { lockDataDir } from "../db/data-dir-lock";
import { seedDemoCatalogue } from "./demo/seed";
import { buildApp } from "./app";
import { loadConfig } from "./env";
import { privateDir, sessionSecret } from "./secrets";
import { uploadsDirectory } from "./modules/uploads/uploads.service";
import { switchOffPublicCache } from "./cache/index";
import { loadProductionBuild, mountWebApp } from "./http/web-app";

/**
 * Boot: read env, open the database, fill it the first time, listen, close cleanly.
 * `mode` comes from the entry point, never from the environment: server/index.ts
 * (dist/server.js, `npm start`) is production, server/dev.ts (`npm run dev`) development.
 * Each entry sets NODE_ENV to match before React loads.
 */
export async function startServer(mode: "production" | "development") {
  const config = loadConfig();
  // Refused before anything opens: SESSION_SECRET missing beside DATABASE_URL, a bad file.
  const secret = sessionSecret(config.dataDir, config.sessionSecret, {
    databaseUrl: config.databaseUrl,
  });
  // DATA_DIR and its uploads are the owner's only (0700), made so before anything writes there.
  const dataDir = privateDir(config.dataDir);
  const uploadsDir = privateDir(uploadsDirectory(dataDir));
  // Only the embedded database needs the lock; DATA_DIR also holds uploads and the secret.
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(dataDir);

  // The app's code loads while the database opens; its failure is reported by mountWebApp.
  if (mode === "production") loadProductionBuild().catch(() => {});
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir,
    onPoolError: (error) => console.error("PostgreSQL: conexión inactiva perdida:", error.message),
  });

  if (!config.catalogueCache) switchOffPublicCache(database.db);

  const app = await buildApp({
    config,
    database,
    sessionSecret: secret,
    web: (fastify) =>
      mountWebApp(fastify, {
        production: mode === "production",
        keepPages: config.catalogueCache,
      }),
  });

  const admin = await app.services.auth.ensureAdministrator({
    username: config.adminUsername,
    password: config.adminPassword,
  });
  if (config.demoData) {
    const seeded = await seedDemoCatalogue(database.db, {
      uploadsDir,
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
  if (mode === "development" && !["127.0.0.1", "::1", "localhost"].includes(config.host)) {
    console.warn(
      `Aviso: el servidor de desarrollo (Vite) escucha en ${config.host}: otros equipos de la red pueden leer el código fuente.`,
    );
  }
  const lines = [
    `Tiangue escuchando en ${config.publicUrl}`,
    `Base de datos: ${database.kind === "pglite" ? "PGlite embebido" : "PostgreSQL"} en ${database.location}`,
    `Archivos subidos: ${uploadsDir}`,
  ];
  if (admin.generatedPassword) {
    lines.push(
      `Administrador creado: usuario "${admin.username}", contraseña "${admin.generatedPassword}"`,
      `  (se muestra solo esta vez; cámbiala con: npm run admin -- create ${admin.username})`,
    );
  }
  console.log(lines.join("\n"));
}

/** Runs the server; a failure to start prints its (Spanish) message and exits 1. */
export function runServer(mode: "production" | "development") {
  startServer(mode).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
