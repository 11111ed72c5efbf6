import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The import boundaries of docs/architecture.md are lint rules (eslint.config.js): these
 * lint small sources as if they sat at the given paths, with the project's own config,
 * so a rule that stopped matching fails here.
 */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports")
    .map((m) => m.message);
}

// Loading the config and the TypeScript parser takes seconds on a busy machine.
describe("import boundaries", { timeout: 60_000 }, () => {
  it("refuse a module reaching into another module's repository, routes or presenter", async () => {
    const file = "server/modules/cart/cart.service.ts";
    for (const target of [
      "../orders/orders.repository",
      "../merchants/merchants.routes",
      "../products/products.presenter",
    ]) {
      const messages = await restrictedImports(file, `import { x } from "${target}";\nx();\n`);
      expect(messages, target).toHaveLength(1);
      expect(messages[0]).toContain("through its service");
    }
  });

  it("let a module use another module's service, the shared catalogue code and any type", async () => {
    const code = [
      'import { createOrdersService } from "../orders/orders.service";',
      'import { lockPublicProduct } from "../catalog/catalog.repository";',
      'import type { MerchantRow } from "../merchants/merchants.repository";',
      'import * as repo from "./cart.repository";',
      "export const used = [createOrdersService, lockPublicProduct, repo];",
      "export type Row = MerchantRow;",
      "",
    ].join("\n");
    expect(await restrictedImports("server/modules/cart/cart.service.ts", code)).toEqual([]);
  });

  it("refuse a repository import in cross-cutting server code", async () => {
    const code = 'import { x } from "../modules/auth/auth.repository";\nx();\n';
    const messages = await restrictedImports("server/http/session.ts", code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("Outside server/modules/");
  });

  it("refuse anything from server/ in db/", async () => {
    const code = 'import { loadConfig } from "../server/env";\nloadConfig();\n';
    const messages = await restrictedImports("db/client.ts", code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("db/ imports nothing from server/");
  });

  it("refuse a repository in a route and server code in the app", async () => {
    const route = 'import { x } from "./cart.repository";\nx();\n';
    expect(await restrictedImports("server/modules/cart/cart.routes.ts", route)).toHaveLength(1);
    const page = 'import { loadConfig } from "../../../server/env";\nloadConfig();\n';
    expect(await restrictedImports("app/routes/public/home.tsx", page)).toHaveLength(1);
  });
});
