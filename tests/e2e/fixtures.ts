import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type Page } from "playwright-core";
import { inject } from "vitest";
import { E2E_ADMIN } from "./global-setup";

export const baseUrl = () => inject("baseUrl");

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
/** The flags this closed network needs (no background traffic). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium, with the flags this closed network needs (no background traffic). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    locale: "es-SV",
    timezoneId: "America/El_Salvador",
  });
  const page = await context.newPage();
  // Any request to another host is a bug: the product serves everything itself.
  await page.route(/^(?!http:\/\/localhost:\d+\/).*/, (route) => {
    const url = route.request().url();
    if (url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    thirdPartyRequests.push(url);
    return route.abort();
  });
  return page;
}

/** Requests the pages tried to make to other hosts (should stay empty). */
export const thirdPartyRequests: string[] = [];

export async function login(page: Page, credentials = E2E_ADMIN) {
  await page.goto(`${baseUrl()}/admin/login`);
  await page.getByLabel("Usuario").fill(credentials.username);
  await page.getByLabel("Contraseña").fill(credentials.password);
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await page.waitForURL(`${baseUrl()}/admin`);
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function seriousAccessibilityViolations(page: Page) {
  // Evaluated through the debugging protocol: an inline <script> would break the page's CSP.
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<unknown> } }).axe;
    return (await axe.run(document)) as {
      violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
    };
  });
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
}
