import { defineConfig } from "vitest/config";

// Database tests run once per database: always on embedded PGlite, and on a real
// PostgreSQL too when TEST_DATABASE_URL is set (CI sets it).
const databases = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["shared/**/*.test.ts", "bench/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "components",
          include: ["app/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["app/test/setup.ts"],
        },
      },
      ...databases.map((db) => ({
        test: {
          name: `db:${db}`,
          include: ["server/**/*.test.ts", "db/**/*.test.ts"],
          environment: "node",
          env: { TEST_DB: db },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      // Browser tests: only through `npm run test:e2e` (tests/e2e/run.mjs builds first).
      ...(process.env.E2E
        ? [
            {
              test: {
                name: "e2e",
                include: ["tests/e2e/**/*.e2e.ts"],
                environment: "node",
                globalSetup: ["tests/e2e/global-setup.ts"],
                fileParallelism: false,
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
