import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // scripts/build.mjs builds into a staging folder, then moves it to build/.
  buildDirectory: process.env.TIANGUE_BUILD_DIR || "build",
  ssr: true,
  // The whole route manifest as one cached file, not a partial one in every page plus a
  // /__manifest request after each load (docs/decisions/0022).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
