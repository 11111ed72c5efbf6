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

async function messagesOf(ruleId: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

const restrictedImports = (filePath: string, code: string) =>
  messagesOf("@typescript-eslint/no-restricted-imports", filePath, code);

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

  it("refuse it through ../../ too, from a nested folder or through modules/", async () => {
    const cases: [string, string][] = [
      ["server/modules/cart/cart.service.ts", "../../modules/orders/orders.repository"],
      ["server/modules/cart/cart.service.ts", "../../../server/modules/orders/orders.routes"],
      ["server/modules/cart/lines/cart-lines.ts", "../../products/products.presenter"],
      ["server/modules/cart/lines/cart-lines.ts", "../../../modules/orders/orders.repository"],
    ];
    for (const [file, target] of cases) {
      const messages = await restrictedImports(file, `import { x } from "${target}";\nx();\n`);
      expect(messages, `${file} → ${target}`).toHaveLength(1);
      expect(messages[0]).toContain("through its service");
    }
    // Cross-cutting code two levels up is no module: the rate limits, the errors, the env.
    const code = [
      'import { hitCounter } from "../../http/rate-limit";',
      'import { AppError } from "../../errors";',
      "export const used = [hitCounter, AppError];",
      "",
    ].join("\n");
    expect(await restrictedImports("server/modules/cart/cart.service.ts", code)).toEqual([]);
  });

  it("refuse another module's helpers, but not the shared catalogue and payments code", async () => {
    const file = "server/modules/cart/cart.service.ts";
    for (const target of [
      "../mail/mail.templates",
      "../merchant-activity/merchant-audit",
      "../checkout/order-notices",
    ]) {
      const messages = await restrictedImports(file, `import { x } from "${target}";\nx();\n`);
      expect(messages, target).toHaveLength(1);
    }
    const code = [
      'import { renderEmail } from "../mail/mail.service";',
      'import { WompiError } from "../payments/wompi.client";',
      'import { checkPage } from "../catalog/paging";',
      'import type { NoticeMerchant } from "../merchant-activity/merchant-notices";',
      "export const used = [renderEmail, WompiError, checkPage];",
      "export type Notice = NoticeMerchant;",
      "",
    ].join("\n");
    expect(await restrictedImports(file, code)).toEqual([]);
  });

  it("refuse server/services.ts in a module, even for a type, and queries outside repositories", async () => {
    const composition =
      'import type { ServiceDeps } from "../../services";\nexport type D = ServiceDeps;\n';
    const messages = await restrictedImports("server/modules/cart/cart.service.ts", composition);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("server/service-deps.ts");
    const deps =
      'import type { ServiceDeps } from "../../service-deps";\nexport type D = ServiceDeps;\n';
    expect(await restrictedImports("server/modules/cart/cart.service.ts", deps)).toEqual([]);
    // Any module file but a repository: a service's helper file too.
    const query = 'import { sql } from "drizzle-orm";\nexport const now = sql`now()`;\n';
    expect(await restrictedImports("server/modules/merchants/merchants.reads.ts", query)).toEqual([
      expect.stringContaining("Only *.repository.ts files query"),
    ]);
    expect(
      await restrictedImports("server/modules/merchants/merchants.repository.ts", query),
    ).toEqual([]);
  });

  it("refuse an import circle, a type-only one too (issue 38), but not a dynamic import()", async () => {
    // The merchants' service imports the shared paging code: paging importing it back is a circle.
    const file = "server/modules/catalog/paging.ts";
    const circle = [
      'import { createMerchantsService } from "../merchants/merchants.service";',
      "export const used = createMerchantsService;",
      "",
    ].join("\n");
    const messages = await messagesOf("tiangue/no-import-circle", file, circle);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      /^Import circle: server\/modules\/catalog\/paging\.ts → .*merchants/,
    );
    const typeOnly = [
      'import type { MerchantsService } from "../merchants/merchants.service";',
      "export type Used = MerchantsService;",
      "",
    ].join("\n");
    expect(await messagesOf("tiangue/no-import-circle", file, typeOnly)).toHaveLength(1);
    // The order life's enums are imported by the contracts: its types live in api-types.ts.
    const contractsBack =
      'import type * as contracts from "./contracts/index";\nexport type C = typeof contracts;\n';
    expect(
      await messagesOf("tiangue/no-import-circle", "shared/order-life.ts", contractsBack),
    ).toHaveLength(1);
    const lazy = ['export const load = () => import("../merchants/merchants.service");', ""].join(
      "\n",
    );
    expect(await messagesOf("tiangue/no-import-circle", file, lazy)).toEqual([]);
    const plain =
      'import { isRowId } from "../../../shared/schemas/query";\nexport const used = isRowId;\n';
    expect(await messagesOf("tiangue/no-import-circle", file, plain)).toEqual([]);
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
