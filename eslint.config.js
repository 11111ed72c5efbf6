import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import noImportCircle from "./eslint-rules/no-import-circle.js";

/** Import boundaries of docs/architecture.md, written as lint rules. */
const restrict = (patterns) => ({
  "@typescript-eslint/no-restricted-imports": ["error", { patterns }],
});

/** The server never imports the React app. */
const NO_APP = { group: ["**/app/**"], message: "The server never imports the React app." };

/**
 * Shared by every module, so open to all: `catalog/` holds what the catalogue modules share
 * (visibility, counts, locks, paging); `payments/` is a client library, Wompi's API and its
 * signatures, with no tables or service of its own (the checkout owns the payment flow).
 */
const SHARED_MODULES = ["catalog", "payments"];
const MODULES = readdirSync(new URL("./server/modules/", import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory() && !SHARED_MODULES.includes(entry.name))
  .map((entry) => entry.name);

/**
 * A module reaches another module through its service (`../<name>/<name>.service`) only:
 * never its repository, routes, presenter or helpers (its templates, its other files), at
 * any depth of `../` and also through `modules/`. Tables are queried by their owner only,
 * DTOs are shaped by the owner's service. Types may be imported from anywhere.
 */
const CROSS_MODULE = {
  regex: `^(?:\\.\\./)+(?:server/)?(?:modules/)?(${MODULES.join("|")})/(?!\\1\\.service$)[^/]+$`,
  allowTypeImports: true,
  message:
    "Another module is used through its service (../<name>/<name>.service), never its repository, routes, presenter or helpers; shared catalogue code lives in modules/catalog/, Wompi's client in modules/payments/.",
};

/** server/services.ts composes the modules: none imports it, not even for a type (a circle). */
const NO_COMPOSITION = {
  regex: "^(?:\\.\\./)+(?:server/)?services$",
  message:
    "Modules take ServiceDeps from server/service-deps.ts; server/services.ts composes them and is imported by none.",
};

/** Only repositories (and the shared catalogue code) query. */
const QUERIES = {
  group: ["**/db/schema", "**/db/schema/**", "drizzle-orm", "drizzle-orm/*"],
  allowTypeImports: true,
  message: "Only *.repository.ts files query the database.",
};

/** Layer files of a module, which cross-cutting server code never imports either. */
const LAYER_FILE = "[^/]*\\.(?:repository|routes|presenter|static)$";

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "build",
      "dist",
      "data",
      "coverage",
      ".react-router",
      "db/migrations",
      "bench/results",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "off",
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    ignores: ["public/sw.js"],
    languageOptions: { globals: globals.node },
  },
  {
    // The service worker runs in the browser, as it is written (no build step).
    files: ["public/sw.js"],
    languageOptions: { globals: globals.serviceworker, sourceType: "script" },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // The browser side may know the server's types, never its code or the database.
      ...restrict([
        {
          group: ["**/server/**", "**/db/**", "drizzle-orm", "drizzle-orm/*", "pg", "node:*"],
          allowTypeImports: true,
          message: "app/ only imports types from server/ and db/: loaders use context.services.",
        },
      ]),
    },
  },
  {
    files: ["shared/**/*.ts"],
    // shared/ runs in the browser and on the server: no Node, DOM, React or database.
    rules: restrict([
      {
        group: [
          "**/app/**",
          "**/server/**",
          "**/db/**",
          "node:*",
          "react",
          "react-dom",
          "drizzle-orm",
        ],
        message: "shared/ is browser-safe and standalone.",
      },
    ]),
  },
  {
    files: ["db/**/*.ts"],
    // db/ is the bottom layer: the server and the app build on it, never the reverse.
    ignores: ["**/*.test.ts"],
    rules: restrict([
      {
        group: ["**/server/**", "**/app/**"],
        message:
          "db/ imports nothing from server/ or app/ (the demo seeder lives in server/demo/).",
      },
    ]),
  },
  {
    files: ["server/modules/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: restrict([CROSS_MODULE, NO_COMPOSITION, NO_APP]),
  },
  {
    // Routes, services, presenters and helpers get data through repositories.
    files: ["server/modules/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.repository.ts", "server/modules/catalog/**"],
    rules: restrict([QUERIES, CROSS_MODULE, NO_COMPOSITION, NO_APP]),
  },
  {
    files: ["server/modules/**/*.routes.ts"],
    rules: restrict([
      {
        group: [
          "**/*.repository",
          "**/db/schema",
          "**/db/schema/**",
          "drizzle-orm",
          "drizzle-orm/*",
        ],
        allowTypeImports: true,
        message: "Routes are thin: they call services, never repositories or the database.",
      },
      CROSS_MODULE,
      NO_COMPOSITION,
      NO_APP,
    ]),
  },
  {
    // Cross-cutting server code (http adapters, caches, counters, the demo seeder) uses the
    // modules through their services too; app.ts, services.ts and main.ts compose them.
    files: ["server/**/*.ts"],
    ignores: [
      "server/modules/**",
      "server/app.ts",
      "server/services.ts",
      "server/main.ts",
      "**/*.test.ts",
      "server/**/test/**",
    ],
    rules: restrict([
      {
        regex: `(?:^|/)modules/(?!catalog/)[^/]+/${LAYER_FILE}`,
        allowTypeImports: true,
        message:
          "Outside server/modules/, a module is reached through its service (modules/<name>/<name>.service), never its repository, routes or presenter.",
      },
      NO_APP,
    ]),
  },
  {
    // No import circle, type-only imports included (issue 38; eslint-rules/no-import-circle.js):
    // a dynamic import() is exempt, it runs after both files are evaluated (lazy chunks).
    files: ["**/*.{ts,tsx}"],
    plugins: { tiangue: { rules: { "no-import-circle": noImportCircle } } },
    rules: { "tiangue/no-import-circle": "error" },
  },
  {
    files: ["**/*.test.{ts,tsx}", "**/test/**", "tests/**", "bench/**", "scripts/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
