import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, login, newPage } from "./fixtures";
import { api, open, waitForHydration } from "./storefront-support";

/**
 * The Content-Security-Policy of issue 14.7 in a real Chromium: pages allow only our own
 * origin and their inline scripts by hash, and still hydrate with no violation.
 */
let browser: Browser;
let productPath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const merchant = await api.merchant("pupuseria-la-ceiba");
  productPath = `/products/${(await api.products(merchant.id))[0].slug}`;
});
afterAll(async () => {
  await browser?.close();
});

/** A page that records every CSP violation: the DOM event and Chromium's console message. */
async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
  const page = await newPage(browser);
  const violations: string[] = [];
  // Added by the browser's debugging protocol, which the page's policy does not govern.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample ?? ""}`,
      );
    });
  });
  page.on("console", (message) => {
    const text = message.text();
    if (/Content.Security.Policy|CSP violation/i.test(text)) violations.push(text);
  });
  return { page, violations };
}

describe("Content-Security-Policy in Chromium", () => {
  for (const [name, path] of [
    ["home", () => "/"],
    ["a product", () => productPath],
    ["merchant registration", () => "/register-merchant"],
  ] as const) {
    it(`${name}: hydrates with no violation`, async () => {
      const { page, violations } = await watchedPage();
      const response = await open(page, path());
      expect(response!.status()).toBe(200);
      const policy = response!.headers()["content-security-policy"] ?? "";
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(response!.headers()["x-content-type-options"]).toBe("nosniff");
      expect(response!.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      await page.waitForLoadState("networkidle");
      // A client-side navigation loads more route code under the same policy.
      await page.locator('a[href="/merchants"]').first().click();
      await page.waitForURL(`${baseUrl()}/merchants`);
      await page.waitForLoadState("networkidle");
      expect(violations).toEqual([]);
      await page.context().close();
    });
  }

  it("the admin panel: signs in and works with no violation", async () => {
    const { page, violations } = await watchedPage();
    await login(page);
    await page.getByRole("heading", { name: "Panel de Administración" }).waitFor();
    await waitForHydration(page);
    await page.getByRole("tab", { name: /^Comercios/ }).click();
    await page.getByPlaceholder("Buscar comercio").waitFor();
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it("blocks an inline script the page did not render", async () => {
    const { page, violations } = await watchedPage();
    await open(page, "/");
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true;";
      document.body.appendChild(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    await page.context().close();
  });
});
