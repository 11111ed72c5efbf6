/**
 * Issue 27: every public page's first-load JavaScript (React Router's manifest, its entry and
 * the modules of the routes the page matches, as the compressed bytes the build serves) is at
 * most FIRST_LOAD_JS_BUDGET_BYTES (140 KiB, 141 for now: decision 0035). Read from the production build that tests/e2e/run.mjs has just made;
 * scripts/first-load-js.ts says how each page is counted (`npx tsx scripts/first-load-js.ts
 * --files` lists the files).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIRST_LOAD_JS_BUDGET_BYTES, kib, measureFirstLoadJs } from "../../scripts/first-load-js";

describe("JavaScript de la primera carga", () => {
  const pages = measureFirstLoadJs(join(process.cwd(), "build", "client"));

  it(`ninguna página pública carga más de ${kib(FIRST_LOAD_JS_BUDGET_BYTES)} comprimidos`, () => {
    expect(pages.length).toBeGreaterThan(10);
    const over = pages
      .filter(({ bytes }) => bytes > FIRST_LOAD_JS_BUDGET_BYTES)
      .map(
        ({ page, bytes }) =>
          `${page}: ${bytes} B (${kib(bytes)}, límite ${kib(FIRST_LOAD_JS_BUDGET_BYTES)})`,
      );
    expect(over).toEqual([]);
  });
});
