// README screenshots: the home page and a merchant page, on a phone and on a laptop, taken
// from a running server with Debian's Chromium. Usage:
//   npx tsx scripts/screenshots.ts <baseUrl> [merchantSlug]
// Writes docs/screenshots/{home,merchant}-{375,1280}.png, each under 400 KB.
import { mkdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import sharp from "sharp";

const OUT_DIR = join(import.meta.dirname, "..", "docs", "screenshots");
const MAX_BYTES = 400 * 1024;
const VIEWPORTS = [
  { name: "375", viewport: { width: 375, height: 812 } },
  { name: "1280", viewport: { width: 1280, height: 900 } },
];
const PREFERRED_MERCHANT = "pupuseria-la-ceiba";

async function merchantSlugOf(baseUrl: string, requested?: string): Promise<string> {
  if (requested) return requested;
  const preferred = await fetch(`${baseUrl}/api/merchants/${PREFERRED_MERCHANT}`);
  if (preferred.ok) return PREFERRED_MERCHANT;
  const featured = (await (await fetch(`${baseUrl}/api/merchants/featured`)).json()) as {
    slug: string;
  }[];
  if (featured.length === 0) throw new Error("No hay comercios publicados para fotografiar.");
  return featured[0].slug;
}

/** Waits until every picture in the viewport has loaded (or failed) and fonts are ready. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() =>
    [...document.images]
      .filter((img) => {
        const box = img.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
      })
      .every((img) => img.complete),
  );
  await page.evaluate(() => document.fonts.ready);
  // No caret blinking in the search box, no scroll bar.
  await page.addStyleTag({
    content: "*{caret-color:transparent!important}html{scrollbar-width:none}",
  });
}

/**
 * A viewport-only PNG, re-encoded with a colour palette (PNG's equivalent of a JPEG
 * quality setting) and fewer colours until it fits under MAX_BYTES.
 */
async function compress(png: Buffer): Promise<Buffer> {
  for (const colours of [256, 192, 128, 96, 64]) {
    const out = await sharp(png)
      .png({ palette: true, colours, quality: 90, effort: 10, compressionLevel: 9, dither: 0.8 })
      .toBuffer();
    if (out.length <= MAX_BYTES) return out;
  }
  throw new Error("La captura no cabe en 400 KB ni con 64 colores.");
}

async function main() {
  const baseUrl = (process.argv[2] ?? "").replace(/\/$/, "");
  if (!/^https?:\/\//.test(baseUrl)) {
    console.error("Uso: npx tsx scripts/screenshots.ts <baseUrl> [merchantSlug]");
    process.exit(2);
  }
  const merchant = await merchantSlugOf(baseUrl, process.argv[3]);
  const origin = new URL(baseUrl).origin;
  mkdirSync(OUT_DIR, { recursive: true });

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars"],
  });
  try {
    for (const { name, viewport } of VIEWPORTS) {
      const context = await browser.newContext({
        viewport,
        deviceScaleFactor: 1,
        locale: "es-SV",
        timezoneId: "America/El_Salvador",
      });
      // The product serves everything itself; anything else would only slow the shot down.
      await context.route(
        (url) => url.origin !== origin && url.protocol !== "data:",
        (route) => route.abort(),
      );
      const page = await context.newPage();
      for (const [shot, path] of [
        ["home", "/"],
        ["merchant", `/merchants/${merchant}`],
      ] as const) {
        const response = await page.goto(`${baseUrl}${path}`);
        if (!response?.ok()) throw new Error(`${path} respondió ${response?.status()}`);
        await settle(page);
        const png = await compress(await page.screenshot({ type: "png", fullPage: false }));
        const file = join(OUT_DIR, `${shot}-${name}.png`);
        await writeFile(file, png);
        console.log(`${file} (${Math.round(png.length / 1024)} KB)`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

await main();
