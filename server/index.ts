/**
 * The production server, bundled into dist/server.js and run by `npm start`
 * (scripts/start.mjs): always production, whatever NODE_ENV says — the built app, never
 * Vite, no error details, the page cache on. Development is `npm run dev` (server/dev.ts).
 */
const requested = process.env.NODE_ENV;
if (requested && requested !== "production") {
  console.warn(
    `NODE_ENV=${requested} no aplica aquí: este es el servidor de producción (para desarrollo: npm run dev).`,
  );
}
// Set before anything loads React, which picks its production build from NODE_ENV; the
// rest is imported afterwards (package.json "build" splits it into its own chunk for that).
process.env.NODE_ENV = "production";
const { runServer } = await import("./main");
runServer("production");

// An ES module (for the top-level await), exporting nothing.
export {};
