import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { hostname, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript (scripts/build.mjs runs without tsx), no types
import { buildState, ensureBuild, LOCK_FILE } from "./build.mjs";

const buildModule = pathToFileURL(join(import.meta.dirname, "build.mjs")).href;
const SOURCES = ["app", "package.json"];

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "tiangue-start-"));
  write("app/root.tsx", "export {}");
  write("package.json", "{}");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** Sets a file's (or folder's) modification time, in ms since the epoch. */
function touch(path: string, ms: number) {
  utimesSync(join(root, path), ms / 1000, ms / 1000);
}

/** The outputs of a build that read the sources at `startedAt`. */
function writeBuild(startedAt: number) {
  write("build/server/index.js", "export {}");
  mkdirSync(join(root, "build/client"), { recursive: true });
  write("dist/server.js", "");
  write("dist/build-info.json", JSON.stringify({ startedAt }));
}

const state = () => (buildState(root, SOURCES) as { state: string }).state;

describe("whether the build is missing, stale or fresh", () => {
  const past = Date.now() - 60_000;

  beforeEach(() => {
    for (const path of ["app/root.tsx", "app", "package.json"]) touch(path, past);
  });

  it("is missing without one of its files or its build-info", () => {
    expect(state()).toBe("missing");
    writeBuild(past + 1000);
    expect(state()).toBe("fresh");
    rmSync(join(root, "dist/build-info.json"));
    expect(state()).toBe("missing");
    writeBuild(past + 1000);
    rmSync(join(root, "build/client"), { recursive: true });
    expect(state()).toBe("missing");
  });

  it("is stale when a source changed after the build read the sources", () => {
    writeBuild(past + 1000);
    expect(state()).toBe("fresh");
    touch("app/root.tsx", past + 2000);
    expect(state()).toBe("stale");
  });

  it("is stale when a source was deleted (its folder changed)", () => {
    write("app/old.tsx", "");
    touch("app/old.tsx", past);
    touch("app", past);
    writeBuild(past + 1000);
    expect(state()).toBe("fresh");
    rmSync(join(root, "app/old.tsx"));
    expect(state()).toBe("stale");
  });

  it("ignores tests, which are not built", () => {
    writeBuild(past + 1000);
    write("app/root.test.tsx", "");
    touch("app", past);
    expect(state()).toBe("fresh");
  });
});

describe("npm start", () => {
  it("never builds under NODE_ENV=production: no build is a clear refusal", async () => {
    let built = false;
    const start = ensureBuild({
      root,
      production: true,
      sources: SOURCES,
      log: () => {},
      steps: async () => {
        built = true;
      },
    });
    await expect(start).rejects.toThrow(/No hay compilación de producción.*nunca compila/);
    expect(built).toBe(false);
  });

  it("builds into a staging folder and moves it into place, taking over a dead process's lock", async () => {
    writeFileSync(
      join(root, LOCK_FILE),
      JSON.stringify({ pid: 2 ** 22 + 7, host: hostname(), since: Date.now() }),
    );
    const result = await ensureBuild({
      root,
      sources: SOURCES,
      log: () => {},
      steps: async (_root: string, out: string) => {
        // Nothing of the new build is visible before it is complete.
        expect(existsSync(join(root, "build"))).toBe(false);
        mkdirSync(join(out, "build/server"), { recursive: true });
        mkdirSync(join(out, "build/client"), { recursive: true });
        mkdirSync(join(out, "dist"), { recursive: true });
        writeFileSync(join(out, "build/server/index.js"), "");
        writeFileSync(join(out, "dist/server.js"), "");
      },
    });
    expect(result).toBe("built");
    expect(state()).toBe("fresh");
    expect(existsSync(join(root, LOCK_FILE))).toBe(false);
  });

  it("two starts at once: one builds, the other waits for it, both serve", async () => {
    // Each start runs this driver: ensureBuild with a slow fake build, then the built
    // "server" (an HTTP server on PORT), as scripts/start.mjs imports dist/server.js.
    write(
      "driver.mjs",
      `import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ensureBuild } from ${JSON.stringify(buildModule)};
const root = ${JSON.stringify(root)};
async function steps(_root, out) {
  appendFileSync(join(root, "builds.log"), process.pid + "\\n");
  await new Promise((r) => setTimeout(r, 1500));
  mkdirSync(join(out, "build/server"), { recursive: true });
  mkdirSync(join(out, "build/client"), { recursive: true });
  mkdirSync(join(out, "dist"), { recursive: true });
  writeFileSync(join(out, "build/server/index.js"), "");
  writeFileSync(join(out, "dist/server.js"),
    'import { createServer } from "node:http";' +
    'createServer((q, s) => s.end("ok")).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));');
}
await ensureBuild({ root, steps, sources: ["app", "package.json"], log: () => {} });
await import(join(root, "dist/server.js"));
`,
    );
    const ports = await Promise.all([freePort(), freePort()]);
    const children = ports.map((port) =>
      spawn(process.execPath, [join(root, "driver.mjs")], {
        env: { ...process.env, PORT: String(port) },
        stdio: ["ignore", "pipe", "pipe"],
      }),
    );
    try {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((done, fail) => {
              let output = "";
              child.stdout.on("data", (c) => {
                output += c;
                if (output.includes("listening")) done();
              });
              child.stderr.on("data", (c) => (output += c));
              child.on("exit", (code) => fail(new Error(`exit ${code}: ${output}`)));
            }),
        ),
      );
      for (const port of ports) {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        expect(await response.text()).toBe("ok");
      }
      expect(readFileSync(join(root, "builds.log"), "utf8").trim().split("\n")).toHaveLength(1);
    } finally {
      for (const child of children) child.kill();
    }
  }, 30_000);
});

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? done(address.port) : fail()));
    });
  });
}
