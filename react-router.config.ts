import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // scripts/build.mjs builds into a staging folder, then moves it to build/.
  buildDirectory: process.env.TIANGUE_BUILD_DIR || "build",
  ssr: true,
} satisfies Config;
