/**
 * The production build (`npm run build`; `npm start` through scripts/start.mjs when the
 * build is missing or older than the sources). Plain Node: starting never needs tsx.
 *
 * The build is written into a folder of its own (node_modules/.cache/tiangue-build/…) and
 * moved into place when complete, so a running or starting server never sees half a build;
 * a lock file in the project (.build.lock) lets one process build while the others wait for
 * it. Outputs: build/client and build/server (React Router, with the .br/.gz twins of
 * scripts/precompress.ts), dist/server.js and dist/chunks/ (esbuild), and
 * dist/build-info.json, written last, saying when the build read the sources.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** What the build is made from: a change to any of these makes it stale. */
export const SOURCES = [
  "app",
  "server",
  "shared",
  "db",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "scripts/build.mjs",
  "scripts/precompress.ts",
];
/** Tests are not part of the build. */
const NOT_BUILT = /\.test\.tsx?$/;

/** The folders the build replaces, and the files without which it is not a build. */
export const OUTPUTS = ["build", "dist"];
const REQUIRED = ["build/server/index.js", "build/client", "dist/server.js"];
const INFO = "dist/build-info.json";
const LOCK = ".build.lock";

/** A lock whose process is gone is taken over; one from another machine after this long. */
const FOREIGN_LOCK_MS = 30 * 60 * 1000;
const WAIT_STEP_MS = 250;

/** The newest modification time under `path` (folders count too: a deleted file changes its folder). */
function newestChange(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch (error) {
    if (error.code === "ENOENT") return 0;
    throw error;
  }
  let newest = stat.mtimeMs;
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.name === "node_modules" || NOT_BUILT.test(entry.name)) continue;
      newest = Math.max(newest, newestChange(join(path, entry.name)));
    }
  }
  return newest;
}

/**
 * Whether `root` holds a complete build made from its current sources:
 * { state: "missing" | "stale" | "fresh", reason } (reason in Spanish, for the console).
 */
export function buildState(root = projectRoot, sources = SOURCES) {
  const absent = REQUIRED.find((file) => !existsSync(join(root, file)));
  if (absent) return { state: "missing", reason: `falta ${absent}` };
  let info;
  try {
    info = JSON.parse(readFileSync(join(root, INFO), "utf8"));
  } catch {
    return { state: "missing", reason: `falta ${INFO}` };
  }
  for (const source of sources) {
    if (newestChange(join(root, source)) > info.startedAt) {
      return { state: "stale", reason: `${source} cambió después de la compilación` };
    }
  }
  return { state: "fresh", reason: "compilación al día" };
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** A lock left by a process that no longer runs (or unreadable and old) may be taken over. */
function isStaleLock(file) {
  let owner;
  try {
    owner = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    if (error.code === "ENOENT") return false;
    // Written whole (linked into place), so unreadable means damaged: give it a moment.
    return Date.now() - statSync(file).mtimeMs > 10_000;
  }
  if (owner.host === hostname()) return owner.pid !== process.pid && !isAlive(owner.pid);
  return Date.now() - owner.since > FOREIGN_LOCK_MS;
}

/** Creates the lock file with its content at once; false when another process holds it. */
function tryLock(file) {
  const aside = `${file}.${process.pid}`;
  writeFileSync(aside, JSON.stringify({ pid: process.pid, host: hostname(), since: Date.now() }));
  try {
    linkSync(aside, file);
    return true;
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
    return false;
  } finally {
    rmSync(aside, { force: true });
  }
}

/**
 * Runs `fn` holding the project's build lock; waits (calling `onWait` once) while another
 * process holds it. Locks of dead processes are taken over.
 */
export async function withBuildLock(root, fn, onWait = () => {}) {
  const file = join(root, LOCK);
  let told = false;
  while (!tryLock(file)) {
    if (isStaleLock(file)) {
      rmSync(file, { force: true });
      continue;
    }
    if (!told) onWait();
    told = true;
    await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
  }
  try {
    return await fn();
  } finally {
    try {
      if (JSON.parse(readFileSync(file, "utf8")).pid === process.pid) rmSync(file);
    } catch {
      // already gone
    }
  }
}

/** Whether some process is building now (the lock is held and not stale). */
export function isBuilding(root = projectRoot) {
  const file = join(root, LOCK);
  return existsSync(file) && !isStaleLock(file);
}

/** Where builds are made: beside the project on the same disk, out of sight of lint and tests. */
function stagingFolder(root) {
  // One folder per checkout: two checkouts may share one node_modules (a link), and each
  // build clears what it finds in its own staging folder as left over.
  const checkout = createHash("sha256").update(resolve(root)).digest("hex").slice(0, 12);
  const cache = join(root, "node_modules", ".cache", "tiangue-build", checkout);
  const sameDisk =
    existsSync(join(root, "node_modules")) &&
    statSync(join(root, "node_modules")).dev === statSync(root).dev;
  const base = sameDisk ? cache : join(root, ".build-staging");
  mkdirSync(base, { recursive: true });
  return base;
}

function run(command, args, options) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    child.on("error", fail);
    child.on("exit", (code, signal) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(" ")}: ${signal ?? code}`)),
    );
  });
}

/** Packages dist/server.js imports from node_modules instead of bundling (see buildSteps). */
const SERVER_EXTERNAL = [
  "@electric-sql/pglite",
  "@electric-sql/pglite/*",
  "sharp",
  "pg-native",
  "vite",
  "@fastify/middie",
  // Serves /api/docs from its own package folder (found through __dirname).
  "@fastify/swagger-ui",
  // Reads its font metrics from its own folder (issue 37's receipts; the fonts are resolved
  // from dejavu-fonts-ttf at run time).
  "pdfkit",
  "react",
  "react/*",
  "react-dom",
  "react-dom/*",
  "react-router",
  "react-router/*",
  "@react-router/*",
];

/** What public/sw.js holds until the build writes the list of its files in its place. */
const WORKER_ASSETS = "const BUILD_ASSETS = null;";

/**
 * Writes the client build's /assets/ files into its service worker (public/sw.js, copied to
 * `client` by Vite): when a deploy's worker activates, it drops the files of older builds.
 * The worker's bytes change with the build's files, so browsers install it after a deploy.
 */
export function stampServiceWorker(client) {
  const worker = join(client, "sw.js");
  const source = readFileSync(worker, "utf8");
  if (!source.includes(WORKER_ASSETS)) throw new Error(`${worker}: no ${WORKER_ASSETS}`);
  const assets = readdirSync(join(client, "assets"))
    .filter((name) => !/\.(br|gz)$/.test(name))
    .sort()
    .map((name) => `/assets/${name}`);
  writeFileSync(
    worker,
    source.replace(WORKER_ASSETS, `const BUILD_ASSETS = ${JSON.stringify(assets)};`),
  );
}

/** The real build steps, writing `<out>/build` and `<out>/dist`. */
export async function buildSteps(root, out) {
  const bin = join(root, "node_modules", ".bin");
  const env = {
    ...process.env,
    PATH: `${bin}${delimiter}${process.env.PATH ?? ""}`,
    // react-router.config.ts builds here instead of build/.
    TIANGUE_BUILD_DIR: join(out, "build"),
  };
  const shell = process.platform === "win32";
  await run("react-router", ["build"], { cwd: root, env, shell });
  stampServiceWorker(join(out, "build", "client"));
  const esbuild = await import("esbuild");
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ["server/index.ts"],
    bundle: true,
    // server/index.ts sets NODE_ENV before it imports the rest: that rest must be its own
    // chunk, or its imports (React) would be hoisted above the assignment.
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // The packages go into the bundle too: a start used to spend most of its module loading
    // resolving, reading and scanning the hundreds of small CommonJS files of Fastify, its
    // plugins, pino, ajv, pg and drizzle (docs/performance.md, "Start time"). Left outside:
    // what reads files of its own at run time or is native (PGlite's WebAssembly, sharp),
    // development-only code, and React and React Router, which the React Router build in
    // build/server imports too (one copy each: `instanceof` checks cross between the two).
    external: SERVER_EXTERNAL,
    // Bundled CommonJS calls require(): give the ES module one.
    banner: {
      js: 'import { createRequire as __tiangueCreateRequire } from "node:module"; const require = __tiangueCreateRequire(import.meta.url);',
    },
    outdir: join(out, "dist"),
    entryNames: "server",
    chunkNames: "chunks/[name]-[hash]",
    logLevel: "warning",
  });
  // The embedded database's thread is started from its own file (db/pglite-thread.ts looks
  // for it beside the code that starts it: a chunk, or server.js).
  for (const folder of ["dist", join("dist", "chunks")]) {
    copyFileSync(join(root, "db", "pglite-worker.mjs"), join(out, folder, "pglite-worker.mjs"));
  }
  await run(
    process.execPath,
    ["--import", "tsx", "scripts/precompress.ts", join(out, "build", "client")],
    { cwd: root, env },
  );
}

/**
 * Builds into a staging folder, then moves build/ and dist/ into place (dist/ last: its
 * build-info.json is what makes a build fresh). Call it holding the lock.
 */
export async function buildAndSwap(root, steps = buildSteps) {
  const staging = stagingFolder(root);
  // Holding the lock, anything left here is from a build that was interrupted.
  for (const leftover of readdirSync(staging)) {
    rmSync(join(staging, leftover), { recursive: true, force: true });
  }
  const out = mkdtempSync(join(staging, "new-"));
  const old = mkdtempSync(join(staging, "old-"));
  try {
    const startedAt = Date.now();
    await steps(root, out);
    writeFileSync(join(out, INFO), JSON.stringify({ startedAt }) + "\n");
    for (const folder of OUTPUTS) {
      if (existsSync(join(root, folder))) renameSync(join(root, folder), join(old, folder));
      renameSync(join(out, folder), join(root, folder));
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
}

/**
 * `npm start`: makes sure a fresh build is there. Development (no NODE_ENV=production)
 * builds when the build is missing or stale, one process at a time; production never
 * builds: it refuses without a build and warns about a stale one.
 */
export async function ensureBuild({
  root = projectRoot,
  production = false,
  steps = buildSteps,
  log = console.log,
  sources = SOURCES,
} = {}) {
  let { state, reason } = buildState(root, sources);
  if (state === "fresh") return "fresh";

  if (production) {
    // A build being moved into place right now: wait for it rather than refuse.
    if (state === "missing" && isBuilding(root)) {
      await withBuildLock(root, () => {});
      ({ state, reason } = buildState(root, sources));
    }
    if (state === "missing") {
      throw new Error(
        `No hay compilación de producción (${reason}). NODE_ENV=production nunca compila: ` +
          "ejecuta antes `npm run build` (o `npm start` sin NODE_ENV=production).",
      );
    }
    if (state === "stale") {
      log(`Aviso: la compilación es anterior a las fuentes (${reason}); ejecuta npm run build.`);
    }
    return state;
  }

  return withBuildLock(
    root,
    async () => {
      // Another process may have built while this one waited.
      ({ state, reason } = buildState(root, sources));
      if (state === "fresh") return "fresh";
      log(`Compilando Tiangue (${reason})…`);
      await buildAndSwap(root, steps);
      return "built";
    },
    () => log("Otro proceso está compilando Tiangue: esperando a que termine…"),
  );
}

/** `npm run build`: always builds, unless a build that began after this call did it meanwhile. */
export async function buildNow({ root = projectRoot, steps = buildSteps, log = console.log } = {}) {
  const requestedAt = Date.now();
  return withBuildLock(
    root,
    async () => {
      try {
        const info = JSON.parse(readFileSync(join(root, INFO), "utf8"));
        if (info.startedAt >= requestedAt && buildState(root).state === "fresh") return "fresh";
      } catch {
        // no build yet
      }
      await buildAndSwap(root, steps);
      return "built";
    },
    () => log("Otro proceso está compilando Tiangue: esperando a que termine…"),
  );
}

// `node scripts/build.mjs` (not when start.mjs or a test imports it).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildNow().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

// For tests: the lock's file name.
export const LOCK_FILE = LOCK;
