/**
 * `npm run dev`: the development server, the only one that loads Vite (sources served and
 * reloaded, error details shown, no page cache). It listens on 127.0.0.1 unless HOST says
 * otherwise; vite.config.ts keeps DATA_DIR and secrets out of what Vite serves.
 */
process.env.NODE_ENV = "development";
const { runServer } = await import("./main");
runServer("development");

// An ES module (for the top-level await), exporting nothing.
export {};
