import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { MerchantDto, ProductDto } from "../../shared/api-types";
import type { CheckoutDto } from "../../shared/checkout";
import {
  baseUrl,
  launchBrowser,
  login,
  newPage,
  PHONE,
  seriousAccessibilityViolations,
  thirdPartyRequests,
} from "./fixtures";
import { api, cents, dollars, open } from "./storefront-support";

/**
 * Issue 10 in Chromium at 375 px: a shopper orders from two merchants and sends each its
 * order by WhatsApp; another pays by card on the fake Wompi (global-setup.ts) and comes
 * back to 'Pagado'; the administrator finds both checkouts' orders.
 */

let browser: Browser;
const pages: Page[] = [];
const placed: { whatsapp?: CheckoutDto; card?: CheckoutDto } = {};

async function phonePage() {
  const p = await newPage(browser, PHONE);
  // The fake Wompi's payment page is the one other host these tests may open.
  await p.route(`${inject("wompiUrl")}/**`, (route) => route.continue());
  pages.push(p);
  return p;
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context().close()));
});

afterAll(async () => {
  await browser?.close();
  expect(thirdPartyRequests).toEqual([]);
});

/** Two public merchants with WhatsApp, each with a product. */
async function twoMerchantsProducts(): Promise<[MerchantDto, ProductDto][]> {
  const merchants = (await api.merchants()).filter((m) => m.whatsapp && m.productCount > 0);
  expect(merchants.length).toBeGreaterThanOrEqual(2);
  const chosen = merchants.slice(0, 2);
  return Promise.all(
    chosen.map(async (m) => [m, (await api.products(m.id))[0]] as [MerchantDto, ProductDto]),
  );
}

async function addToCart(p: Page, product: ProductDto) {
  await open(p, `/products/${product.slug}`);
  await p.getByRole("button", { name: "Agregar al carrito" }).click();
  await p.getByText("Producto agregado al carrito", { exact: true }).first().waitFor();
}

/** /cart → 'Finalizar pedido' → /checkout, with the shopper's data filled in. */
async function startCheckout(p: Page, name: string) {
  await open(p, "/cart");
  await p.getByRole("link", { name: "Finalizar pedido" }).click();
  await p.waitForURL(`${baseUrl()}/checkout`);
  const form = p.getByRole("form", { name: "Finalizar pedido" });
  await form.waitFor();
  await form.getByLabel(/^Nombre/).fill(name);
  await form.getByLabel(/^Correo electrónico/).fill("cliente@correo.sv");
  await form.getByLabel(/^Teléfono/).pressSequentially("70001234");
  expect(await form.getByLabel(/^Teléfono/).inputValue()).toBe("+503 7000-1234");
  return form;
}

/** The checkout behind an order page, read from the API with the page's own token. */
async function checkoutOf(pageUrl: string): Promise<CheckoutDto> {
  const url = new URL(pageUrl);
  const response = await fetch(
    `${baseUrl()}/api${url.pathname}?token=${url.searchParams.get("token")}`,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as CheckoutDto;
}

describe("checkout at 375 px", () => {
  it("orders from two merchants, coordinating the payment by WhatsApp", async () => {
    const [[merchantA, productA], [merchantB, productB]] = await twoMerchantsProducts();
    const p = await phonePage();
    const problems: string[] = [];
    p.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning")
        problems.push(`${p.url()} ${m.type()}: ${m.text()}`);
    });
    p.on("pageerror", (e) => problems.push(`${p.url()} pageerror: ${e.message}`));
    await addToCart(p, productA);
    await addToCart(p, productB);

    const form = await startCheckout(p, "Ana Martínez");
    // Each merchant's lines and subtotal, the total, and who delivers.
    const subtotals = await p.getByTestId("checkout-subtotal").allTextContents();
    expect(subtotals).toEqual([dollars(cents(productA.price)), dollars(cents(productB.price))]);
    expect(await p.getByTestId("checkout-total").textContent()).toBe(
      dollars(cents(productA.price) + cents(productB.price)),
    );
    await p.getByText(/Cada comercio prepara y entrega su pedido por separado/).waitFor();

    // A message by its field before anything is sent.
    await form.getByLabel(/^Correo electrónico/).fill("no-es-correo");
    await form.getByRole("button", { name: /Realizar pedido/ }).click();
    await form.getByText("Correo electrónico inválido", { exact: true }).waitFor();
    await form.getByLabel(/^Correo electrónico/).fill("ana@correo.sv");

    await form.getByLabel(/Coordinar el pago con el comercio/).check();
    await form.getByLabel(/^Nota para el comercio/).fill("Sin cebolla, por favor");
    expect(await seriousAccessibilityViolations(p)).toEqual([]);
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await form.getByRole("button", { name: "Realizar pedido" }).click();

    await p.waitForURL(/\/orders\/ES-\d{4}-\d{6}\?token=/);
    const checkout = await checkoutOf(p.url());
    placed.whatsapp = checkout;
    expect(checkout.orders.map((o) => o.merchant.id)).toEqual([merchantA.id, merchantB.id]);
    await p
      .getByRole("heading", {
        level: 1,
        name: `Pedidos ${checkout.orders.map((o) => o.orderNumber).join(", ")}`,
      })
      .waitFor();

    // Per merchant: its order, its lines, and 'Enviar pedido por WhatsApp' with the order.
    for (const [merchant, product, order] of [
      [merchantA, productA, checkout.orders[0]],
      [merchantB, productB, checkout.orders[1]],
    ] as const) {
      const section = p.getByRole("region", { name: merchant.name });
      await section.getByText(product.name, { exact: true }).waitFor();
      await section.getByText(order.orderNumber, { exact: true }).waitFor();
      expect(await section.getByTestId("order-status").textContent()).toBe("Pendiente");
      const send = section.getByRole("link", { name: /Enviar pedido por WhatsApp/ });
      const href = (await send.getAttribute("href"))!;
      expect(href).toBe(order.whatsappUrl);
      expect(href.startsWith(`https://wa.me/${merchant.whatsapp!.replace(/\D/g, "")}?text=`)).toBe(
        true,
      );
      const message = new URL(href).searchParams.get("text")!;
      expect(message).toContain(order.orderNumber);
      expect(message).toContain(`1 × ${product.name}`);
      expect(message).toContain(`Total: ${dollars(cents(product.price))}`);
    }
    expect(await p.getByTestId("payment-status").textContent()).toBe(
      "Pago coordinado con el comercio",
    );
    expect(await p.getByTestId("order-total").textContent()).toBe(
      dollars(cents(productA.price) + cents(productB.price)),
    );
    expect(await seriousAccessibilityViolations(p)).toEqual([]);
    // The cart was emptied once the orders existed.
    await p.getByRole("link", { name: "Carrito", exact: true }).waitFor();

    // Personal: never cached, never indexed; without the right token, 404.
    const pageResponse = await fetch(p.url());
    expect(pageResponse.headers.get("cache-control")).toBe("no-store");
    expect(await p.locator('meta[name="robots"]').getAttribute("content")).toMatch(/noindex/);
    const number = checkout.orders[0].orderNumber;
    expect((await fetch(`${baseUrl()}/orders/${number}`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/orders/${number}?token=${"0".repeat(43)}`)).status).toBe(404);

    // /orders lists what this browser placed.
    await open(p, "/orders");
    await p
      .getByRole("link", { name: checkout.orders.map((o) => o.orderNumber).join(", ") })
      .waitFor();
    expect(problems).toEqual([]);
  });

  it("pays by card on the fake Wompi and comes back to 'Pagado'", async () => {
    const [[, product]] = await twoMerchantsProducts();
    const p = await phonePage();
    await addToCart(p, product);
    const form = await startCheckout(p, "Luis Hernández");
    const card = form.getByLabel(/Pagar con tarjeta/);
    expect(await card.isChecked()).toBe(true);
    await form.getByRole("button", { name: "Realizar pedido y pagar" }).click();

    // Wompi's (fake) payment page: the checkout's total, then 'Pagar'.
    await p.waitForURL(`${inject("wompiUrl")}/pago/**`);
    await p.getByText(`$${(cents(product.price) / 100).toFixed(2)}`).waitFor();
    await p.getByRole("button", { name: "Pagar" }).click();

    // Back on the order page with ?idTransaccion=…: the server asked Wompi before 'Pagado'.
    await p.waitForURL(/\/orders\/ES-\d{4}-\d{6}\?.*idTransaccion=/);
    await expect.poll(() => p.getByTestId("payment-status").textContent()).toBe("Pagado");
    await p.getByText(/Recibimos tu pago/).waitFor();
    expect(await p.getByTestId("order-status").first().textContent()).toBe("Pagado");
    expect(await p.getByRole("button", { name: /Reintentar pago/ }).count()).toBe(0);

    const checkout = await checkoutOf(p.url());
    placed.card = checkout;
    expect(checkout.paymentMethod).toBe("card");
    expect(checkout.paymentStatus).toBe("paid");
    expect(checkout.orders.every((o) => o.status === "paid")).toBe(true);
  });

  it("a refused card payment stays 'Pago pendiente' and 'Reintentar pago' opens the payment again", async () => {
    const [, [, product]] = await twoMerchantsProducts();
    const p = await phonePage();
    await addToCart(p, product);
    const form = await startCheckout(p, "Marta Rivas");
    await form.getByRole("button", { name: "Realizar pedido y pagar" }).click();
    await p.waitForURL(`${inject("wompiUrl")}/pago/**`);
    await p.getByRole("button", { name: "Rechazar" }).click();

    // Back with an idTransaccion Wompi did not approve: never 'Pagado'.
    await p.waitForURL(/\/orders\/ES-\d{4}-\d{6}\?.*idTransaccion=/);
    await p.getByText(/Todavía no pudimos confirmar tu pago/).waitFor();
    expect(await p.getByTestId("payment-status").textContent()).toBe("Pago pendiente");
    expect(await p.getByTestId("order-status").first().textContent()).toBe("Pendiente");

    await p.getByRole("button", { name: "Reintentar pago" }).click();
    await p.waitForURL(`${inject("wompiUrl")}/pago/**`);
    await p.getByRole("button", { name: "Pagar" }).click();
    await p.waitForURL(/\/orders\/ES-\d{4}-\d{6}\?.*idTransaccion=/);
    await expect.poll(() => p.getByTestId("payment-status").textContent()).toBe("Pagado");
  });

  it("the administrator finds both checkouts' orders with their merchant and payment state", async () => {
    expect(placed.whatsapp && placed.card).toBeTruthy();
    const p = await phonePage();
    await login(p);
    await p.goto(`${baseUrl()}/admin?tab=orders`);
    await p.getByText(/^Mostrando \d+ de \d+ pedidos$/).waitFor();
    const search = p.getByLabel("Buscar pedidos");

    for (const order of [...placed.whatsapp!.orders, ...placed.card!.orders]) {
      await search.fill(order.orderNumber);
      await p.getByText(/^Mostrando 1 de \d+ pedidos$/).waitFor();
      const card = p.getByRole("article").first();
      await card.getByRole("heading", { name: `Pedido ${order.orderNumber}` }).waitFor();
      await card.getByText(order.merchant.name, { exact: true }).waitFor();
      const paymentState =
        order.paymentMethod === "card" ? "Pagado" : "Pago coordinado con el comercio";
      await card.getByText(paymentState, { exact: true }).first().waitFor();
    }

    // By customer name too, as the spec's search says.
    await search.fill("Luis Hernández");
    await p
      .getByText(new RegExp(`^Mostrando ${placed.card!.orders.length} de \\d+ pedidos$`))
      .waitFor();
  });
});
