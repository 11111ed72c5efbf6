// Runs the browser tests in real Chromium against the production build.
// Locally they are skipped (with a message) when no Chromium is installed; in CI a
// missing Chromium is a failure, since .ci/run installs Debian's package.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium =
  process.env.CHROMIUM_PATH || ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync);

if (!chromium) {
  if (process.env.CI) {
    console.error("e2e: Chromium no está instalado; .ci/run debe instalar el paquete chromium.");
    process.exit(1);
  }
  console.log(
    "e2e: Chromium no encontrado; pruebas de navegador omitidas (apt-get install chromium).",
  );
  process.exit(0);
}

const run = (cmd, args, env = {}) => {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run("npm", ["run", "build"]);
run("npx", ["vitest", "run", "--project", "e2e"], { E2E: "1", CHROMIUM_PATH: chromium });
