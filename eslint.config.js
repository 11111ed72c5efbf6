import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Import boundaries of docs/architecture.md, written as lint rules. */
const restrict = (patterns) => ({
  "@typescript-eslint/no-restricted-imports": ["error", { patterns }],
});

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
    languageOptions: { globals: globals.node },
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
    files: ["server/**/*.routes.ts", "server/**/*.service.ts", "server/**/*.presenter.ts"],
    // Only repositories query: routes, services and presenters get data through them.
    rules: restrict([
      {
        group: ["**/db/schema", "**/db/schema/**", "drizzle-orm", "drizzle-orm/*"],
        allowTypeImports: true,
        message: "Only *.repository.ts files query the database.",
      },
      {
        group: ["**/app/**"],
        message: "The server never imports the React app.",
      },
    ]),
  },
  {
    files: ["server/**/*.routes.ts"],
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
      { group: ["**/app/**"], message: "The server never imports the React app." },
    ]),
  },
  {
    files: ["**/*.test.{ts,tsx}", "tests/**", "bench/**", "scripts/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
