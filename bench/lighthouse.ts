import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

export interface PageFigures {
  page: string;
  url: string;
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Gzipped bytes of JavaScript / images of a first load, as transferred. */
  scriptBytes: number;
  imageBytes: number;
  largestImageBytes: number;
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
 * Lighthouse 12 with its default mobile settings (simulated slow 4G, 4× CPU slowdown)
 * driving Debian's Chromium: each figure the median of `runs` cold loads of the page
 * (one load's score swings by several points).
 */
export async function measurePages(
  pages: { page: string; url: string }[],
  runs = 1,
): Promise<PageFigures[]> {
  const all: PageFigures[][] = [];
  for (let run = 0; run < runs; run++) all.push(await measurePagesOnce(pages));
  return pages.map((_, i) => {
    const loads = all.map((results) => results[i]);
    const mid = (key: keyof Omit<PageFigures, "page" | "url">) => median(loads.map((f) => f[key]));
    return {
      ...loads[0],
      score: mid("score"),
      lcpMs: mid("lcpMs"),
      cls: mid("cls"),
      tbtMs: mid("tbtMs"),
      scriptBytes: mid("scriptBytes"),
      imageBytes: mid("imageBytes"),
      largestImageBytes: mid("largestImageBytes"),
    };
  });
}

async function measurePagesOnce(pages: { page: string; url: string }[]): Promise<PageFigures[]> {
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
      const run = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      if (!run) throw new Error(`Lighthouse no produjo resultados para ${url}`);
      const { lhr } = run;
      const audit = (id: string) => lhr.audits[id];
      const summary =
        (audit("resource-summary")?.details as { items?: ResourceItem[] })?.items ?? [];
      const network =
        (audit("network-requests")?.details as { items?: NetworkItem[] })?.items ?? [];
      const bytesOf = (type: string) =>
        summary.find((i) => i.resourceType === type)?.transferSize ?? 0;
      results.push({
        page,
        url,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(audit("largest-contentful-paint")?.numericValue ?? NaN),
        cls: Number((audit("cumulative-layout-shift")?.numericValue ?? NaN).toFixed(3)),
        tbtMs: Math.round(audit("total-blocking-time")?.numericValue ?? NaN),
        scriptBytes: bytesOf("script"),
        imageBytes: bytesOf("image"),
        largestImageBytes: Math.max(
          0,
          ...network.filter((n) => n.resourceType === "Image").map((n) => n.transferSize ?? 0),
        ),
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
