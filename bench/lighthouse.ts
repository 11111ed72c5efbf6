import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

/**
 * The two profiles of issue 27: Lighthouse 12's default mobile run (simulated slow 4G, 4× CPU
 * slowdown: the scores), and slow 3G (400 Kbps down and up, 400 ms round trip, 4× CPU) applied
 * by Chromium itself ("devtools" throttling: the page really loads that slowly; nothing is
 * simulated), whose LCP is the figure to hold at ≤ 2.5 s.
 */
export type LighthouseProfile = "mobile" | "slow-3g";

const SLOW_3G = {
  rttMs: 400,
  throughputKbps: 400,
  requestLatencyMs: 400,
  downloadThroughputKbps: 400,
  uploadThroughputKbps: 400,
  cpuSlowdownMultiplier: 4,
};

export interface PageFigures {
  page: string;
  url: string;
  /** Performance score, 0–100. */
  score: number;
  accessibility: number;
  bestPractices: number;
  /** SEO score, or null where the page asks not to be indexed (noindex): not counted there. */
  seo: number | null;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Bytes of JavaScript / images of a first load, as transferred. */
  scriptBytes: number;
  imageBytes: number;
  largestImageBytes: number;
  /**
   * Lighthouse's benchmark of the host's CPU (lhr.environment.benchmarkIndex). Its 4× slowdown
   * assumes a desktop of 1000 or more, and it warns below that (docs/throttling.md in
   * Lighthouse's repository): on a slower host the same page blocks longer (TBT). Older
   * reports lack it.
   */
  benchmarkIndex?: number;
}

interface ResourceItem {
  resourceType: string;
  transferSize: number;
}
interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Lighthouse 12 driving Debian's Chromium on each page, in the given profile: each figure the
 * median of `runs` cold loads of the page (one load's score swings by several points).
 */
export async function measurePages(
  pages: { page: string; url: string }[],
  runs = 1,
  profile: LighthouseProfile = "mobile",
): Promise<PageFigures[]> {
  const all: PageFigures[][] = [];
  for (let run = 0; run < runs; run++) all.push(await measurePagesOnce(pages, profile));
  return pages.map((_, i) => {
    const loads = all.map((results) => results[i]);
    const mid = (key: Exclude<keyof PageFigures, "page" | "url" | "seo" | "benchmarkIndex">) =>
      median(loads.map((f) => f[key]));
    const seo = loads.map((f) => f.seo);
    return {
      ...loads[0],
      score: mid("score"),
      accessibility: mid("accessibility"),
      bestPractices: mid("bestPractices"),
      seo: seo.every((s): s is number => s !== null) ? median(seo) : null,
      lcpMs: mid("lcpMs"),
      cls: mid("cls"),
      tbtMs: mid("tbtMs"),
      scriptBytes: mid("scriptBytes"),
      imageBytes: mid("imageBytes"),
      largestImageBytes: mid("largestImageBytes"),
      benchmarkIndex: median(loads.map((f) => f.benchmarkIndex ?? NaN)),
    };
  });
}

async function measurePagesOnce(
  pages: { page: string; url: string }[],
  profile: LighthouseProfile,
): Promise<PageFigures[]> {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const results: PageFigures[] = [];
  try {
    for (const { page, url } of pages) {
      const run = await lighthouse(
        url,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        },
        profile === "slow-3g"
          ? {
              extends: "lighthouse:default",
              settings: { throttlingMethod: "devtools", throttling: SLOW_3G },
            }
          : undefined,
      );
      if (!run) throw new Error(`Lighthouse no produjo resultados para ${url}`);
      const { lhr } = run;
      const audit = (id: string) => lhr.audits[id];
      const category = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const summary =
        (audit("resource-summary")?.details as { items?: ResourceItem[] })?.items ?? [];
      const network =
        (audit("network-requests")?.details as { items?: NetworkItem[] })?.items ?? [];
      const bytesOf = (type: string) =>
        summary.find((i) => i.resourceType === type)?.transferSize ?? 0;
      // A page that asks search engines to stay out fails "is-crawlable" on purpose.
      const indexable = audit("is-crawlable")?.score !== 0;
      results.push({
        page,
        url,
        score: category("performance"),
        accessibility: category("accessibility"),
        bestPractices: category("best-practices"),
        seo: indexable ? category("seo") : null,
        lcpMs: Math.round(audit("largest-contentful-paint")?.numericValue ?? NaN),
        cls: Number((audit("cumulative-layout-shift")?.numericValue ?? NaN).toFixed(3)),
        tbtMs: Math.round(audit("total-blocking-time")?.numericValue ?? NaN),
        scriptBytes: bytesOf("script"),
        imageBytes: bytesOf("image"),
        largestImageBytes: Math.max(
          0,
          ...network.filter((n) => n.resourceType === "Image").map((n) => n.transferSize ?? 0),
        ),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
