/**
 * `npx tsx bench/lighthouse-pages.ts <baseUrl> [path…] [--runs=3]`: Lighthouse mobile
 * (bench/lighthouse.ts: simulated slow 4G, 4× CPU) on home, a category, a merchant and a
 * product (the first ones the home page links to), each the median of --runs cold loads,
 * checked against issue 5's targets: score ≥ 95, LCP < 1.8 s, CLS < 0.05, TBT < 150 ms.
 * The exit code is 1 when a page misses a target.
 */
import { measurePages, type PageFigures } from "./lighthouse";

const TARGETS = { score: 95, lcpMs: 1800, cls: 0.05, tbtMs: 150 };

/** The first link of the home page under each prefix ('/categories/cafe'…). */
async function defaultPaths(baseUrl: string): Promise<string[]> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const first = (prefix: string) => new RegExp(`href="(${prefix}[^"/?#]+)"`).exec(html)?.[1];
  return ["/", first("/categories/"), first("/merchants/"), first("/products/")].filter(
    (p): p is string => p !== undefined,
  );
}

function meetsTargets(f: PageFigures): boolean {
  return (
    f.score >= TARGETS.score &&
    f.lcpMs < TARGETS.lcpMs &&
    f.cls < TARGETS.cls &&
    f.tbtMs < TARGETS.tbtMs
  );
}

async function main() {
  const args = process.argv.slice(2);
  const runs = Number(
    /^--runs=(\d+)$/.exec(args.find((a) => a.startsWith("--runs=")) ?? "")?.[1] ?? 3,
  );
  const positional = args.filter((a) => !a.startsWith("--"));
  const baseUrl = (positional[0] ?? "").replace(/\/$/, "");
  if (!/^https?:\/\//.test(baseUrl)) {
    console.error("Uso: npx tsx bench/lighthouse-pages.ts <baseUrl> [ruta…] [--runs=3]");
    process.exit(2);
  }
  const paths = positional.length > 1 ? positional.slice(1) : await defaultPaths(baseUrl);
  const pages = paths.map((path) => ({ page: path, url: baseUrl + path }));

  const results = await measurePages(pages, runs);

  console.log(
    "| página | puntuación | LCP ms | CLS | TBT ms | JS KB (transferido) | imagen mayor KB |",
  );
  console.log("|---|---|---|---|---|---|---|");
  let failed = false;
  for (const figures of results) {
    const { page } = figures;
    const ok = meetsTargets(figures);
    failed ||= !ok;
    console.log(
      `| ${page} | ${figures.score} | ${figures.lcpMs} | ${figures.cls} | ${figures.tbtMs} | ` +
        `${(figures.scriptBytes / 1024).toFixed(1)} | ${(figures.largestImageBytes / 1024).toFixed(1)} |` +
        (ok ? "" : " ✗"),
    );
  }
  console.log(
    `\nMediana de ${runs} cargas en frío por página. Objetivos: puntuación ≥ ${TARGETS.score}, ` +
      `LCP < ${TARGETS.lcpMs} ms, CLS < ${TARGETS.cls}, TBT < ${TARGETS.tbtMs} ms.`,
  );
  process.exitCode = failed ? 1 : 0;
}

await main();
