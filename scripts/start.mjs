/**
 * `npm start`: the production server (dist/server.js), built first when the build is
 * missing or older than the sources (scripts/build.mjs; one process builds, others wait).
 * `NODE_ENV=production npm start` never builds: it refuses to start without a build.
 * Plain Node, and the server runs in this same process: a start with a fresh build costs
 * a look at the sources' dates, no extra process.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild, projectRoot } from "./build.mjs";

try {
  await ensureBuild({ production: process.env.NODE_ENV === "production" });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import(pathToFileURL(join(projectRoot, "dist", "server.js")).href);
