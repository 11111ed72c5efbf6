import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { MerchantDto, ProductDto } from "../../shared/api-types";
import type { CheckoutDto } from "../../shared/checkout";
import { deliversTo, offersDelivery } from "../../shared/delivery";
import {
  baseUrl,
  launchBrowser,
  login,
  newPage,
  PHONE,
  seriousAccessibilityViolations,
  thirdPartyRequests,
} from "./fixtures";
import { api, cents, deliveryFeeCents, dollars, open, takesOrdersWith } from "./storefront-support";

/**
 * Issue 10 in Chromium at 375 px: a shopper orders from two merchants and sends each its
 * order by WhatsApp; another pays by card on the fake Wompi (global-setup.ts) and comes
 * back to 'Pagado'; the administrator finds both checkouts' orders. Since issue 25 the
 * checkout asks how each order arrives: the totals include each delivery's fee, computed
 * here from the merchant's terms (public API) and the subtotal in cents.
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

let publicMerchants: MerchantDto[] | undefined;

/**
 * The first public merchant (in the API's order) that fits, other than `except`, with its
 * first product: chosen from the demo's terms at run time, never by name.
 */
async function merchantWithProduct(
  fits: (merchant: MerchantDto) => boolean,
  except: readonly number[] = [],
): Promise<[MerchantDto, ProductDto]> {
  publicMerchants ??= await api.merchants();
  const merchant = publicMerchants.find((m) => !except.includes(m.id) && fits(m));
  expect(
    merchant,
    "un comercio del catálogo de demostración que sirva a esta prueba",
  ).toBeDefined();
  const [product] = await api.products(merchant!.id);
  expect(product).toBeDefined();
  return [merchant!, product];
}

/** Delivers, with a fixed fee, to its own municipality (where the test's address is). */
const deliversHome = (m: MerchantDto) =>
  offersDelivery(m.fulfillment) &&
  m.deliveryFee !== null &&
  m.municipality !== null &&
  m.department !== null &&
  deliversTo(m, m.municipality);

const picksUp = (m: MerchantDto) => m.fulfillment === "both" || m.fulfillment === "pickup";

/** The fee of a delivery of one product of the merchant, in cents (never by arrangement here). */
function feeOf(merchant: MerchantDto, product: ProductDto): number {
  const fee = deliveryFeeCents(merchant, cents(product.price));
  expect(fee).not.toBeNull();
  return fee!;
}

async function addToCart(p: Page, product: ProductDto) {
  await open(p, `/products/${product.slug}`);
  await p.getByRole("button", { name: "Agregar al carrito" }).click();
  await p.getByText("Producto agregado al carrito", { exact: true }).first().waitFor();
}

/** /cart → 'Finalizar pedido' → /checkout, with the shopper's data filled in. */
async function startCheckout(p: Page, name: string, email = "cliente@correo.sv") {
  await open(p, "/cart");
  await p.getByRole("link", { name: "Finalizar pedido" }).click();
  await p.waitForURL(`${baseUrl()}/checkout`);
  const form = p.getByRole("form", { name: "Finalizar pedido" });
  await form.waitFor();
  await form.getByLabel(/^Nombre/).fill(name);
  await form.getByLabel(/^Correo electrónico/).fill(email);
  await form.getByLabel(/^Teléfono/).pressSequentially("70001234");
  expect(await form.getByLabel(/^Teléfono/).inputValue()).toBe("+503 7000-1234");
  return form;
}

/**
 * 'Entrega a domicilio' or 'Recoger en tienda' for a merchant that offers both; one that
 * serves only one way shows it without a choice.
 */
async function chooseFulfillment(form: Locator, merchant: MerchantDto, way: "delivery" | "pickup") {
  const section = form.getByTestId(`fulfillment-${merchant.id}`);
  if (merchant.fulfillment !== "both") {
    await section
      .getByText(way === "delivery" ? "Entrega a domicilio" : "Recoger en tienda", { exact: true })
      .waitFor();
    return;
  }
  const group = form.getByRole("group", { name: merchant.name, exact: true });
  await group
    .getByLabel(way === "delivery" ? /^Entrega a domicilio/ : /^Recoger en tienda/)
    .check();
}

/** The delivery address, in the merchant's own municipality. */
async function fillAddress(form: Locator, merchant: MerchantDto) {
  await form.getByLabel("Departamento", { exact: true }).selectOption(merchant.department!);
  await form.getByLabel("Municipio", { exact: true }).selectOption(merchant.municipality!);
  await form.getByLabel(/^Dirección\s*\*?$/).fill("Colonia Escalón, pasaje 4, casa 12");
  await form.getByLabel(/^Punto de referencia/).fill("Portón negro frente al parque");
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
  it("orders from two merchants, one delivered and one picked up, coordinating the payment by WhatsApp", async () => {
    // A delivers to its own municipality with a fee; B is picked up; both take WhatsApp.
    const [merchantA, productA] = await merchantWithProduct(
      (m) => takesOrdersWith(m, "whatsapp") && m.whatsapp !== null && deliversHome(m),
    );
    const [merchantB, productB] = await merchantWithProduct(
      (m) => takesOrdersWith(m, "whatsapp") && m.whatsapp !== null && picksUp(m),
      [merchantA.id],
    );
    const feeA = feeOf(merchantA, productA);
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
    // Each merchant's lines and subtotal, and who delivers.
    const subtotals = await p.getByTestId("checkout-subtotal").allTextContents();
    expect(subtotals).toEqual([dollars(cents(productA.price)), dollars(cents(productB.price))]);
    await p.getByText(/Cada comercio prepara y entrega su pedido por separado/).waitFor();

    // How each order arrives: A to the door (its fee), B from its shop (no fee).
    await chooseFulfillment(form, merchantA, "delivery");
    await chooseFulfillment(form, merchantB, "pickup");
    const totalsA = form.getByTestId(`totals-${merchantA.id}`);
    const totalsB = form.getByTestId(`totals-${merchantB.id}`);
    await expect
      .poll(() => totalsA.getByTestId("checkout-fee").textContent())
      .toBe(feeA === 0 ? "Envío gratis" : dollars(feeA));
    expect(await totalsB.getByTestId("checkout-fee").textContent()).toBe(
      "Sin envío: recoges en tienda",
    );
    const total = cents(productA.price) + feeA + cents(productB.price);
    expect(await p.getByTestId("checkout-total").textContent()).toBe(dollars(total));

    // A delivery asks where: nothing is sent without the address.
    await form.getByLabel(/Coordinar el pago con el comercio/).check();
    await form.getByRole("button", { name: "Realizar pedido" }).click();
    await form
      .getByLabel(/^Dirección\s*\*?$/)
      .and(p.locator("[aria-invalid=true]"))
      .waitFor();
    await fillAddress(form, merchantA);

    // A message by its field before anything is sent.
    await form.getByLabel(/^Correo electrónico/).fill("no-es-correo");
    await form.getByRole("button", { name: /Realizar pedido/ }).click();
    await form.getByText("Correo electrónico inválido", { exact: true }).waitFor();
    await form.getByLabel(/^Correo electrónico/).fill("ana@correo.sv");

    await form.getByLabel(/^Nota para el comercio/).fill("Sin cebolla, por favor");
    expect(await seriousAccessibilityViolations(p)).toEqual([]);
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await form.getByRole("button", { name: "Realizar pedido" }).click();

    await p.waitForURL(/\/orders\/ES-\d{4}-\d{6}\?token=/);
    const checkout = await checkoutOf(p.url());
    placed.whatsapp = checkout;
    expect(checkout.orders.map((o) => o.merchant.id)).toEqual([merchantA.id, merchantB.id]);
    const [orderA, orderB] = checkout.orders;
    expect([orderA.fulfillment, orderA.deliveryFee, orderA.totalAmount]).toEqual([
      "delivery",
      dollars(feeA).slice(1),
      dollars(cents(productA.price) + feeA).slice(1),
    ]);
    expect(orderA.deliveryAddress).toMatchObject({
      department: merchantA.department,
      municipality: merchantA.municipality,
      address: "Colonia Escalón, pasaje 4, casa 12",
    });
    expect([orderB.fulfillment, orderB.deliveryFee, orderB.deliveryAddress]).toEqual([
      "pickup",
      "0.00",
      null,
    ]);
    expect(checkout.totalAmount).toBe(dollars(total).slice(1));
    await p
      .getByRole("heading", {
        level: 1,
        name: `Pedidos ${checkout.orders.map((o) => o.orderNumber).join(", ")}`,
      })
      .waitFor();

    // Per merchant: its order, its lines, how it arrives, and 'Enviar pedido por WhatsApp'
    // with the order and its total (the fee included).
    for (const [merchant, product, order, fee] of [
      [merchantA, productA, orderA, feeA],
      [merchantB, productB, orderB, 0],
    ] as const) {
      const section = p.getByRole("region", { name: merchant.name });
      await section.getByText(product.name, { exact: true }).waitFor();
      // The number, also read out by its 'Cancelar pedido' button.
      await section.getByText(order.orderNumber, { exact: true }).first().waitFor();
      expect(await section.getByTestId("order-status").textContent()).toBe("Pendiente");
      expect(await section.getByTestId("order-amount").textContent()).toBe(
        dollars(cents(product.price) + fee),
      );
      const send = section.getByRole("link", { name: /Enviar pedido por WhatsApp/ });
      const href = (await send.getAttribute("href"))!;
      expect(href).toBe(order.whatsappUrl);
      expect(href.startsWith(`https://wa.me/${merchant.whatsapp!.replace(/\D/g, "")}?text=`)).toBe(
        true,
      );
      const message = new URL(href).searchParams.get("text")!;
      expect(message).toContain(order.orderNumber);
      expect(message).toContain(`1 × ${product.name}`);
      expect(message).toContain(`Total: ${dollars(cents(product.price) + fee)}`);
    }
    const deliveredTo = p
      .getByRole("region", { name: merchantA.name })
      .getByTestId("order-fulfillment");
    expect(await deliveredTo.textContent()).toContain("Entrega a domicilio");
    expect(await deliveredTo.textContent()).toContain(
      `${merchantA.municipality}, ${merchantA.department}`,
    );
    expect(
      await p.getByRole("region", { name: merchantB.name }).getByTestId("order-fee").textContent(),
    ).toBe("Sin envío (recoges en tienda)");
    expect(await p.getByTestId("payment-status").textContent()).toBe(
      "Pago coordinado con el comercio",
    );
    expect(await p.getByTestId("order-total").textContent()).toBe(dollars(total));
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

  it("pays by card on the fake Wompi, the delivery fee included, and comes back to 'Pagado'", async () => {
    const [merchant, product] = await merchantWithProduct(
      (m) => takesOrdersWith(m, "card") && deliversHome(m),
    );
    const total = cents(product.price) + feeOf(merchant, product);
    const p = await phonePage();
    await addToCart(p, product);
    const form = await startCheckout(p, "Luis Hernández");
    await chooseFulfillment(form, merchant, "delivery");
    await fillAddress(form, merchant);
    const card = form.getByLabel(/^Tarjeta \(Wompi\)/);
    expect(await card.isChecked()).toBe(true);
    expect(await p.getByTestId("checkout-total").textContent()).toBe(dollars(total));
    await form.getByRole("button", { name: "Realizar pedido y pagar" }).click();

    // Wompi's (fake) payment page: the checkout's total, fee included, then 'Pagar'.
    await p.waitForURL(`${inject("wompiUrl")}/pago/**`);
    await p.getByText(`$${(total / 100).toFixed(2)}`).waitFor();
    await p.getByRole("button", { name: "Pagar" }).click();

    // Back on the order page with ?idTransaccion=…: the server asked Wompi before 'Pagado'.
    await p.waitForURL(/\/orders\/ES-\d{4}-\d{6}\?.*idTransaccion=/);
    await expect.poll(() => p.getByTestId("payment-status").textContent()).toBe("Pagado");
    await p.getByText(/Recibimos tu pago/).waitFor();
    expect(await p.getByTestId("order-status").first().textContent()).toBe("Pagado");
    expect(await p.getByTestId("order-total").textContent()).toBe(dollars(total));
    expect(await p.getByRole("button", { name: /Reintentar pago/ }).count()).toBe(0);

    const checkout = await checkoutOf(p.url());
    placed.card = checkout;
    expect(checkout.paymentMethod).toBe("card");
    expect(checkout.paymentStatus).toBe("paid");
    expect(checkout.totalAmount).toBe(dollars(total).slice(1));
    expect(checkout.orders.every((o) => o.status === "paid")).toBe(true);
  });

  it("a refused card payment stays 'Pago pendiente' and 'Reintentar pago' opens the payment again", async () => {
    // Picked up: no fee, the product's price is the whole payment.
    const [merchant, product] = await merchantWithProduct(
      (m) => takesOrdersWith(m, "card") && picksUp(m),
    );
    const p = await phonePage();
    await addToCart(p, product);
    const form = await startCheckout(p, "Marta Rivas");
    await chooseFulfillment(form, merchant, "pickup");
    expect(await p.getByTestId("checkout-total").textContent()).toBe(dollars(cents(product.price)));
    await form.getByRole("button", { name: "Realizar pedido y pagar" }).click();
    await p.waitForURL(`${inject("wompiUrl")}/pago/**`);
    await p.getByText(`$${(cents(product.price) / 100).toFixed(2)}`).waitFor();
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
