import type { FastifyInstance } from "fastify";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { lockDataDir } from "../db/data-dir-lock";
import { loadConfig } from "./env";
import { privateDir, sessionSecret } from "./secrets";

/** How long a shutdown waits for the requests in flight before it closes their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;

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
  // Only the embedded database needs the lock; DATA_DIR also holds uploads and the secret.
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(dataDir);

  // The database opens first and the app's code loads meanwhile: PGlite compiles its
  // WebAssembly on other threads and reads its files while the modules below are evaluated.
  const opening = openDatabase({
    url: config.databaseUrl,
    dataDir,
    onPoolError: (error) => console.error("PostgreSQL: conexión inactiva perdida:", error.message),
  });
  const loading = Promise.all([
    import("./app"),
    import("./http/web-app").then((web) => {
      // The built React Router app, also while the database opens (its failure is
      // reported by mountWebApp).
      if (mode === "production") web.loadProductionBuild().catch(() => {});
      return web;
    }),
    import("./modules/uploads/uploads.service"),
  ]).then((modules) => {
    // Node loads its fetch classes (undici, ~50 ms) on their first use, which would be the
    // first page's render: loaded here, the work lands while PGlite still starts.
    void globalThis.Response;
    return modules;
  });
  // Both are awaited before either failure is reported, so neither is left unhandled.
  const [opened, loaded] = await Promise.allSettled([opening, loading]);
  if (opened.status === "rejected" || loaded.status === "rejected") {
    if (opened.status === "fulfilled") await opened.value.close().catch(() => {});
    releaseLock();
    throw opened.status === "rejected" ? opened.reason : (loaded as PromiseRejectedResult).reason;
  }
  const database = opened.value;
  const [{ buildApp }, { mountWebApp }, { uploadsDirectory }] = loaded.value;
  const uploadsDir = privateDir(uploadsDirectory(dataDir));

  const app = await buildApp({
    config,
    database,
    sessionSecret: secret,
    // CATALOGUE_CACHE=off switches off the app's whole cache, pages too (server/services.ts).
    web: (fastify) => mountWebApp(fastify, { production: mode === "production" }),
  });
  // From here a signal closes the app cleanly (during the start above it simply ends the process).
  closeOnSignals({ app, database, releaseLock });

  const admin = await app.services.auth.ensureAdministrator({
    username: config.adminUsername,
    password: config.adminPassword,
  });
  if (config.demoData) {
    // Loaded only here: most starts find the catalogue already there.
    const { seedDemoCatalogue } = await import("./demo/seed");
    // Into the uploads' storage: DATA_DIR/uploads or the S3 bucket.
    const seeded = await seedDemoCatalogue(database.db, {
      storage: await app.services.uploads.storage(),
    });
    if (seeded) app.log.info(`Catálogo de demostración creado: ${seeded.summary}`);
  }

  await app.listen({ port: config.port, host: config.host });
  // Background work that needs a listening server starts here (the mail outbox worker);
  // it stops in app.close()'s onClose hooks, which closeOnSignals runs.
  if (mode === "development" && !["127.0.0.1", "::1", "localhost"].includes(config.host)) {
    console.warn(
      `Aviso: el servidor de desarrollo (Vite) escucha en ${config.host}: otros equipos de la red pueden leer el código fuente.`,
    );
  }
  const lines = [
    `Tiangue escuchando en ${config.publicUrl}`,
    `Base de datos: ${database.kind === "pglite" ? "PGlite embebido" : "PostgreSQL"} en ${database.location}`,
    config.objectStorage
      ? `Archivos subidos: bucket S3 ${(await app.services.uploads.storage()).location}`
      : `Archivos subidos: ${uploadsDir}`,
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

/**
 * SIGTERM and SIGINT (issue 13): /readyz answers 503 at once, the server stops accepting
 * connections and finishes the requests in flight, up to SHUTDOWN_GRACE_MS; then the app's
 * onClose hooks run (background workers such as the mail outbox stop there), the database
 * closes and the process exits 0 (1 if closing failed).
 */
export function closeOnSignals(options: {
  app: FastifyInstance;
  database: DatabaseHandle;
  releaseLock: () => void;
  graceMs?: number;
}) {
  const { app, database, releaseLock } = options;
  const graceMs = options.graceMs ?? SHUTDOWN_GRACE_MS;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.lifecycle.shuttingDown = true;
    app.log.info(`${signal} recibido: cerrando Tiangue…`);
    // A keep-alive connection whose request just finished would hold server.close() until
    // it times out: close each one as soon as it is idle.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    const overdue = setTimeout(() => {
      app.log.warn(`Solicitudes sin terminar tras ${graceMs / 1000} s: se cierran sus conexiones.`);
      app.server.closeAllConnections();
    }, graceMs);
    let code = 0;
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, "error al cerrar el servidor");
      code = 1;
    } finally {
      clearInterval(reaper);
      clearTimeout(overdue);
    }
    try {
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, "error al cerrar la base de datos");
      code = 1;
    }
    releaseLock();
    process.exit(code);
  };
  // The process stops here, and only here: Vite's dev servers (`npm run dev`; React
  // Router's plugin runs a second one) listen for SIGTERM themselves and would exit before
  // the requests finish and the database closes. They are closed by the app's onClose hooks.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
}
