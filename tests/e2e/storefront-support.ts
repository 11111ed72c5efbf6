import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { CategoryDto, MerchantDto, ProductDto } from "../../shared/api-types";
import { baseUrl } from "./fixtures";
import { E2E_ADMIN } from "./global-setup";

/** GET a public JSON endpoint of the running server. */
export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`);
  expect(response.status, `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

export const api = {
  categories: () => getJson<CategoryDto[]>("/api/categories"),
  /** Every public merchant (of a category), paging through the list 100 at a time. */
  merchants: async (categoryId?: number) => {
    const all: MerchantDto[] = [];
    for (;;) {
      const filter = categoryId ? `&categoryId=${categoryId}` : "";
      const page = await getJson<MerchantDto[]>(
        `/api/merchants?limit=100&offset=${all.length}${filter}`,
      );
      all.push(...page);
      if (page.length < 100) return all;
    }
  },
  merchant: (slug: string) => getJson<MerchantDto>(`/api/merchants/${slug}`),
  products: async (merchantId: number) => {
    const body = await getJson<ProductDto[] | { items: ProductDto[] }>(
      `/api/products?merchantId=${merchantId}`,
    );
    return Array.isArray(body) ? body : body.items;
  },
  product: (slug: string) => getJson<ProductDto>(`/api/products/${slug}`),
};

/**
 * An administrator's session for the JSON API, signed in with fetch (the Origin is our
 * own, as a same-site browser would send it); returns a caller for admin requests.
 */
export async function adminApi() {
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl() },
    body: JSON.stringify(E2E_ADMIN),
  });
  expect(login.status, "POST /api/auth/login").toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  expect(cookie).not.toBe("");
  return async function call<T = unknown>(method: string, path: string): Promise<T> {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { cookie, origin: baseUrl() },
    });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

/** Resolves once React has hydrated the page (it tags the DOM nodes it owns). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const node = document.querySelector("#contenido") ?? document.body.firstElementChild;
    return node !== null && Object.keys(node).some((key) => key.startsWith("__reactFiber"));
  });
}

/** Opens a path of the server and waits until its page is interactive. */
export async function open(page: Page, path: string) {
  const response = await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
  return response;
}

/**
 * Opens /register-merchant and waits until its form works: the form's code arrives after
 * the rest of the page has hydrated (routes/public/register-merchant.tsx), and its button
 * stays disabled until then.
 */
export async function openRegistrationForm(page: Page) {
  await open(page, "/register-merchant");
  await page.waitForFunction(() => {
    const form = document.querySelector('form[aria-label="Registro de comercio"]');
    const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
    return submit !== null && submit !== undefined && !submit.disabled;
  });
}

/** Console errors and warnings, and uncaught page errors, from now on. */
export function collectConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** "$12.50" from integer cents, as prices are shown. */
export function dollars(cents: number): string {
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

export function cents(price: string): number {
  const [whole, fraction = ""] = price.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

/**
 * Issue 25: the delivery fee a merchant charges for a delivery, in cents, from its terms
 * (`deliveryFee`, free from `freeDeliveryFrom`) and the order's subtotal; null when the fee
 * is agreed with the merchant.
 */
export function deliveryFeeCents(
  merchant: Pick<MerchantDto, "deliveryFee" | "freeDeliveryFrom">,
  subtotalCents: number,
): number | null {
  if (merchant.deliveryFee === null) return null;
  if (merchant.freeDeliveryFrom !== null && subtotalCents >= cents(merchant.freeDeliveryFrom)) {
    return 0;
  }
  return cents(merchant.deliveryFee);
}

/** Issue 25: a merchant that takes orders now and accepts that payment method. */
export function takesOrdersWith(
  merchant: MerchantDto,
  method: MerchantDto["paymentMethods"][number],
) {
  return (
    !merchant.temporarilyClosed &&
    merchant.productCount > 0 &&
    merchant.paymentMethods.includes(method)
  );
}
