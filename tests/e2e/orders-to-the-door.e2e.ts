import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { MerchantDto, ProductDto } from "../../shared/api-types";
import type { CheckoutDto, CheckoutOrderDto } from "../../shared/checkout";
import { deliversTo } from "../../shared/delivery";
import {
  baseUrl,
  launchBrowser,
  login,
  newPage,
  PHONE,
  seriousAccessibilityViolations,
  thirdPartyRequests,
} from "./fixtures";
import { type Email, linkIn, waitForEmail } from "./mailbox";
import {
  api,
  cents,
  deliveryFeeCents,
  dollars,
  open,
  takesOrdersWith,
  waitForHydration,
} from "./storefront-support";

/**
 * Issue 25 in Chromium at 375 px: a shopper in Soyapango (municipality San Salvador Este)
 * orders a delivery paid in cash from one merchant and a pickup from another; the first
 * merchant signs in from its e-mailed link and moves its order to 'Entregado', which the
 * shopper follows on the order page's timeline and by e-mail; the shopper cancels the
 * pickup while it is 'Recibido'. Then a card order of the same merchant, paid on the fake
 * Wompi and delivered, is owed to the merchant: the administrator records the payout and
 * the merchant's 'Liquidaciones' shows the balance lowered by it.
 *
 * The merchants are chosen at run time from the demo's terms (public API), never by name.
 */

const run = Date.now().toString(36);
const SOYAPANGO = { department: "San Salvador", municipality: "San Salvador Este" };
const shopper = {
  name: "Karla Menjívar",
  email: `soyapango-${run}@correo.sv`,
  phone: "+503 7123-4567",
  address: "Colonia Los Ángeles, pasaje 3, casa 14",
  reference: "Portón verde frente a la cancha",
};
const PAYOUT_REFERENCE = `Transferencia ${run}`;

/** What the scenario's steps hand to the next ones. */
const state: {
  /** Delivers to San Salvador Este, takes cash and card. */
  delivery?: [MerchantDto, ProductDto];
  /** Picked up, takes cash. */
  pickup?: [MerchantDto, ProductDto];
  cash?: CheckoutDto;
  /** The cash checkout's order page (token included). */
  cashPage?: string;
  card?: CheckoutDto;
} = {};

let browser: Browser;
const pages: Page[] = [];

async function phonePage() {
  const p = await newPage(browser, PHONE);
  // The fake Wompi's payment page is the one other host these tests may open.
  await p.route(`${inject("wompiUrl")}/**`, (route) => route.continue());
  pages.push(p);
  return p;
}

/** The first public merchant that fits (API order), other than `except`, with its first product. */
function chooseMerchant(
  merchants: MerchantDto[],
  fits: (m: MerchantDto) => boolean,
  except?: number,
): MerchantDto {
  const found = merchants.find((m) => m.id !== except && fits(m));
  expect(found, "un comercio del catálogo de demostración que sirva a esta prueba").toBeDefined();
  return found!;
}

async function withProduct(merchant: MerchantDto): Promise<[MerchantDto, ProductDto]> {
  const [product] = await api.products(merchant.id);
  expect(product, `un producto de ${merchant.name}`).toBeDefined();
  return [merchant, product];
}

beforeAll(async () => {
  browser = await launchBrowser();
  const merchants = await api.merchants();
  // Delivers to Soyapango's municipality with a fixed fee, offers pickup too (the card
  // order is picked up) and takes cash and card.
  const delivery = chooseMerchant(
    merchants,
    (m) =>
      takesOrdersWith(m, "cash") &&
      m.paymentMethods.includes("card") &&
      m.fulfillment === "both" &&
      m.deliveryFee !== null &&
      deliversTo(m, SOYAPANGO.municipality),
  );
  const pickup = chooseMerchant(
    merchants,
    (m) => takesOrdersWith(m, "cash") && (m.fulfillment === "both" || m.fulfillment === "pickup"),
    delivery.id,
  );
  state.delivery = await withProduct(delivery);
  state.pickup = await withProduct(pickup);
});

afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context().close()));
});

afterAll(async () => {
  await browser?.close();
  expect(thirdPartyRequests).toEqual([]);
});

// ---------------------------------------------------------------------------------------
// Helpers

async function addToCart(p: Page, product: ProductDto) {
  await open(p, `/products/${product.slug}`);
  await p.getByRole("button", { name: "Agregar al carrito" }).click();
  await p.getByText("Producto agregado al carrito", { exact: true }).first().waitFor();
}

/** /cart → 'Finalizar pedido' → the /checkout form. */
async function openCheckout(p: Page): Promise<Locator> {
  await open(p, "/cart");
  await p.getByRole("link", { name: "Finalizar pedido" }).click();
  await p.waitForURL(`${baseUrl()}/checkout`);
  const form = p.getByRole("form", { name: "Finalizar pedido" });
  await form.waitFor();
  return form;
}

async function fillShopper(form: Locator) {
  await form.getByLabel(/^Nombre/).fill(shopper.name);
  await form.getByLabel(/^Correo electrónico/).fill(shopper.email);
  await form.getByLabel(/^Teléfono/).pressSequentially("71234567");
  expect(await form.getByLabel(/^Teléfono/).inputValue()).toBe(shopper.phone);
}

/** 'Entrega a domicilio' or 'Recoger en tienda' for a merchant that offers both. */
async function chooseFulfillment(form: Locator, merchant: MerchantDto, way: "delivery" | "pickup") {
  if (merchant.fulfillment !== "both") {
    const only = way === "delivery" ? "Entrega a domicilio" : "Recoger en tienda";
    await form.getByTestId(`fulfillment-${merchant.id}`).getByText(only, { exact: true }).waitFor();
    return;
  }
  await form
    .getByRole("group", { name: merchant.name, exact: true })
    .getByLabel(way === "delivery" ? /^Entrega a domicilio/ : /^Recoger en tienda/)
    .check();
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

/** Nothing wider than the screen: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(p: Page) {
  const width = await p.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

/** One merchant's order on the order page (its section is named by the merchant). */
function orderSection(p: Page, merchant: MerchantDto): Locator {
  return p.getByRole("region", { name: merchant.name, exact: true });
}

/** Every message the mailbox received so far. */
async function allEmails(): Promise<Email[]> {
  const response = await fetch(`${inject("mailboxUrl")}/messages`);
  return (await response.json()) as Email[];
}

/** The shopper's e-mail with that subject (waits for it). */
function shopperEmail(subject: string): Promise<Email> {
  return waitForEmail(
    inject("mailboxUrl"),
    (email) => email.to.includes(shopper.email) && email.subject === subject,
  );
}

const usedSignInLinks = new Set<string>();

/** The merchant asks for a sign-in link at /merchant/login and enters with the new one. */
async function signInAsMerchant(p: Page, merchant: MerchantDto) {
  await open(p, "/merchant/login");
  await p.getByLabel("Correo electrónico").fill(merchant.email);
  await p.getByRole("button", { name: "Enviarme un enlace" }).click();
  await p.getByText("Si el correo está registrado, te enviamos un enlace").waitFor();
  const prefix = `${baseUrl()}/merchant/login?token=`;
  const signIn = await waitForEmail(
    inject("mailboxUrl"),
    (email) =>
      email.to.includes(merchant.email.toLowerCase()) &&
      email.subject === "Entrar a Tiangue" &&
      !usedSignInLinks.has(linkIn(email, prefix)),
  );
  const link = linkIn(signIn, prefix);
  usedSignInLinks.add(link);
  await open(p, link.replace(baseUrl(), ""));
  await p.getByRole("button", { name: "Entrar" }).click();
  await p.waitForURL(`${baseUrl()}/merchant`);
  await p.getByRole("heading", { name: "Portal de comercio" }).waitFor();
}

/** The portal's card of one order ('Pedidos' tab). */
function portalOrder(p: Page, orderNumber: string): Locator {
  return p.getByRole("article", { name: `Pedido ${orderNumber}`, exact: true });
}

/** Presses 'Marcar: <step>' on the order's card and waits until the card is at that step. */
async function moveTo(card: Locator, step: string) {
  await card.getByRole("button", { name: `Marcar: ${step}` }).click();
  await card.locator('[aria-current="step"]', { hasText: step }).waitFor();
}

/** An amount shown as '$12.50' next to its label (a <dt>) in that part of the page, in cents. */
async function amountNextTo(scope: Locator, label: string): Promise<number> {
  const text = await scope
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]")
    .textContent();
  expect(text).toMatch(/^\$\d+\.\d{2}$/);
  return cents(text!.slice(1));
}

const timeInSalvador = new Intl.DateTimeFormat("es-ES", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "America/El_Salvador",
});

/** When the order reached a step, as the API says: its latest entry ('Recibido': or its creation). */
function stepAt(order: CheckoutOrderDto, step: string): string {
  const entry = [...order.statusHistory].reverse().find((e) => e.fulfillmentStatus === step);
  return entry?.at ?? (step === "received" ? order.createdAt : "");
}

/**
 * The order page's timeline of one order: each step's label, whether it is done and the
 * time shown (with its machine-readable `datetime`).
 */
async function timelineOf(section: Locator) {
  return section
    .getByTestId("order-timeline")
    .locator("li")
    .evaluateAll((items) =>
      items.map((li) => ({
        text: (li.textContent ?? "").trim(),
        done: li.getAttribute("data-done") === "true",
        current: li.getAttribute("aria-current") === "step",
        at: li.querySelector("time")?.getAttribute("datetime") ?? null,
        shown: li.querySelector("time")?.textContent ?? null,
      })),
    );
}

// ---------------------------------------------------------------------------------------

describe("orders to the door at 375 px", () => {
  it("a shopper in Soyapango orders a delivery paid in cash from one merchant and a pickup from another", async () => {
    const [deliveryMerchant, deliveryProduct] = state.delivery!;
    const [pickupMerchant, pickupProduct] = state.pickup!;
    const p = await phonePage();

    // 'Entrega en mi zona': the shopper says where she is, once.
    await open(p, "/merchants");
    await waitForHydration(p);
    await p.getByLabel("Entrega en mi zona").fill(SOYAPANGO.municipality);
    await p.waitForURL(/zone=San(\+|%20)Salvador(\+|%20)Este/);

    await addToCart(p, deliveryProduct);
    await addToCart(p, pickupProduct);
    const form = await openCheckout(p);

    // In the order a phone fills it: how each order arrives, where, who, how to pay.
    await chooseFulfillment(form, deliveryMerchant, "delivery");
    await chooseFulfillment(form, pickupMerchant, "pickup");
    // The address starts in the municipality chosen with 'Entrega en mi zona'.
    expect(await form.getByLabel("Departamento", { exact: true }).inputValue()).toBe(
      SOYAPANGO.department,
    );
    expect(await form.getByLabel("Municipio", { exact: true }).inputValue()).toBe(
      SOYAPANGO.municipality,
    );
    await form.getByLabel(/^Dirección\s*\*?$/).fill(shopper.address);
    await form.getByLabel(/^Punto de referencia/).fill(shopper.reference);
    await fillShopper(form);
    // Both merchants take cash; only methods both accept are offered.
    const offered = await form
      .getByRole("radio", { name: /^(Efectivo|Transferencia|Tarjeta|Coordinar)/ })
      .count();
    const common = deliveryMerchant.paymentMethods.filter((m) =>
      pickupMerchant.paymentMethods.includes(m),
    );
    expect(offered).toBe(common.length);
    await form.getByLabel(/^Efectivo al recibir/).check();

    // Each merchant's fee and the grand total, before the button.
    const subtotalCents = cents(deliveryProduct.price);
    const fee = deliveryFeeCents(deliveryMerchant, subtotalCents)!;
    const total = subtotalCents + fee + cents(pickupProduct.price);
    expect(
      await form
        .getByTestId(`totals-${deliveryMerchant.id}`)
        .getByTestId("checkout-fee")
        .textContent(),
    ).toBe(fee === 0 ? "Envío gratis" : dollars(fee));
    expect(
      await form
        .getByTestId(`totals-${pickupMerchant.id}`)
        .getByTestId("checkout-fee")
        .textContent(),
    ).toBe("Sin envío: recoges en tienda");
    expect(await form.getByTestId("checkout-total").textContent()).toBe(dollars(total));
    expect(await seriousAccessibilityViolations(p)).toEqual([]);
    await expectNoSidewaysScroll(p);

    await form.getByRole("button", { name: "Realizar pedido" }).click();
    await p.waitForURL(/\/orders\/ES-\d{4}-\d{6}\?token=/);
    const checkout = await checkoutOf(p.url());
    state.cash = checkout;
    state.cashPage = p.url();
    const byMerchant = (m: MerchantDto) => checkout.orders.find((o) => o.merchant.id === m.id)!;
    const delivered = byMerchant(deliveryMerchant);
    const pickedUp = byMerchant(pickupMerchant);
    expect(checkout.paymentMethod).toBe("cash");
    expect(checkout.totalAmount).toBe(dollars(total).slice(1));
    expect(delivered).toMatchObject({
      fulfillment: "delivery",
      fulfillmentStatus: "received",
      deliveryFee: dollars(fee).slice(1),
      customerPhone: shopper.phone,
      deliveryAddress: { ...SOYAPANGO, address: shopper.address, reference: shopper.reference },
    });
    expect(pickedUp).toMatchObject({
      fulfillment: "pickup",
      fulfillmentStatus: "received",
      deliveryFee: "0.00",
      deliveryAddress: null,
    });

    // The order page: each order, how it arrives, and its timeline at 'Recibido'.
    const numbers = checkout.orders.map((o) => o.orderNumber).join(", ");
    await p.getByRole("heading", { level: 1, name: `Pedidos ${numbers}` }).waitFor();
    const toTheDoor = orderSection(p, deliveryMerchant);
    const fulfillment = (await toTheDoor.getByTestId("order-fulfillment").textContent()) ?? "";
    expect(fulfillment).toContain("Entrega a domicilio");
    expect(fulfillment).toContain(shopper.address);
    expect(fulfillment).toContain(`${SOYAPANGO.municipality}, ${SOYAPANGO.department}`);
    expect(await toTheDoor.getByTestId("order-fee").textContent()).toBe(
      fee === 0 ? "Gratis" : dollars(fee),
    );
    expect(
      await orderSection(p, pickupMerchant).getByTestId("order-fulfillment").textContent(),
    ).toBe("Recoger en tienda");
    for (const section of [toTheDoor, orderSection(p, pickupMerchant)]) {
      const [received] = await timelineOf(section);
      expect(received).toMatchObject({ text: expect.stringMatching(/^Recibido/), done: true });
      expect(received.current).toBe(true);
      expect(await section.getByTestId("order-payment-status").textContent()).toBe(
        "Pago pendiente",
      );
    }
    expect(await p.getByTestId("order-total").textContent()).toBe(dollars(total));
    expect(await seriousAccessibilityViolations(p)).toEqual([]);
    await expectNoSidewaysScroll(p);

    // The shopper's summary and each merchant's order arrive by e-mail.
    const summary = await shopperEmail(`Tus pedidos en Tiangue: ${numbers}`);
    expect(linkIn(summary, `${baseUrl()}/orders/`)).toMatch(/\?token=/);
    for (const order of [delivered, pickedUp]) {
      const merchant = order === delivered ? deliveryMerchant : pickupMerchant;
      await waitForEmail(
        inject("mailboxUrl"),
        (email) =>
          email.to.includes(merchant.email.toLowerCase()) &&
          email.subject === `Nuevo pedido ${order.orderNumber} en Tiangue`,
      );
    }
  });

  it("the merchant signs in, moves the delivery to 'En preparación', 'En camino' and 'Entregado'; the shopper follows it", async () => {
    const [merchant] = state.delivery!;
    const order = state.cash!.orders.find((o) => o.merchant.id === merchant.id)!;
    const m = await phonePage();
    await signInAsMerchant(m, merchant);
    await m.getByRole("tab", { name: "Pedidos" }).click();
    const card = portalOrder(m, order.orderNumber);
    await card.waitFor();

    // What the merchant needs at the door: the phone to call, the address on a map.
    const call = card.getByRole("link", { name: shopper.phone });
    expect(await call.getAttribute("href")).toBe("tel:+50371234567");
    const map = card.getByRole("link", { name: /Ver en Google Maps/ });
    expect(await map.getAttribute("href")).toContain(encodeURIComponent(shopper.address));
    expect(await card.textContent()).toContain("Efectivo al recibir");

    await moveTo(card, "En preparación");
    // Started: the shopper can no longer cancel it from the order page.
    const s = await phonePage();
    await open(s, state.cashPage!.replace(baseUrl(), ""));
    const section = orderSection(s, merchant);
    await section.locator('[aria-current="step"]', { hasText: "En preparación" }).waitFor();
    expect(await section.getByRole("button", { name: /^Cancelar pedido/ }).count()).toBe(0);

    await moveTo(card, "En camino");
    await moveTo(card, "Entregado");
    // Nothing comes after 'Entregado'; the cash was received at the door.
    expect(await card.getByRole("button", { name: /^Marcar:/ }).count()).toBe(0);
    await card.getByText("Pagado", { exact: true }).first().waitFor();
    await expectNoSidewaysScroll(m);

    // The shopper's order page: the four steps with their times in El Salvador, and 'Pagado'.
    await s.reload();
    await section.locator('[aria-current="step"]', { hasText: "Entregado" }).waitFor();
    const now = (await checkoutOf(state.cashPage!)).orders.find((o) => o.id === order.id)!;
    expect(now).toMatchObject({ fulfillmentStatus: "delivered", status: "paid" });
    expect(
      now.statusHistory.filter((e) => e.fulfillmentStatus).map((e) => [e.fulfillmentStatus, e.by]),
    ).toEqual(
      expect.arrayContaining([
        ["preparing", "merchant"],
        ["on_the_way", "merchant"],
        ["delivered", "merchant"],
      ]),
    );
    const timeline = await timelineOf(section);
    const steps = [
      ["received", "Recibido"],
      ["preparing", "En preparación"],
      ["on_the_way", "En camino"],
      ["delivered", "Entregado"],
    ] as const;
    expect(timeline).toHaveLength(steps.length);
    steps.forEach(([step, label], index) => {
      const shown = timeline[index];
      const at = stepAt(now, step);
      expect(shown.text.startsWith(label)).toBe(true);
      expect(shown.done).toBe(true);
      expect(shown.at).toBe(at);
      expect(shown.shown).toMatch(/^\d{1,2} de \p{L}+ de \d{4}, \d{2}:\d{2}$/u);
      expect(shown.shown!.endsWith(timeInSalvador.format(new Date(at)))).toBe(true);
    });
    expect(await section.getByTestId("order-payment-status").textContent()).toBe("Pagado");
    expect(await section.getByTestId("order-status").textContent()).toBe("Pagado");
    expect(await seriousAccessibilityViolations(s)).toEqual([]);

    // One e-mail per step, each with a link to the order page.
    for (const step of ["En preparación", "En camino", "Entregado"]) {
      const email = await shopperEmail(`Pedido ${order.orderNumber}: ${step}`);
      expect(linkIn(email, `${baseUrl()}/orders/${order.orderNumber}?token=`)).toBeTruthy();
    }
  });

  it("the shopper cancels the pickup order while it is 'Recibido' and sees it cancelled", async () => {
    const [merchant] = state.pickup!;
    const order = state.cash!.orders.find((o) => o.merchant.id === merchant.id)!;
    const p = await phonePage();
    await open(p, state.cashPage!.replace(baseUrl(), ""));
    const section = orderSection(p, merchant);
    await section.locator('[aria-current="step"]', { hasText: "Recibido" }).waitFor();

    await section.getByRole("button", { name: `Cancelar pedido ${order.orderNumber}` }).click();
    const confirm = p.getByRole("alertdialog", {
      name: `¿Cancelar el pedido ${order.orderNumber}?`,
    });
    await confirm.getByRole("button", { name: "Sí, cancelar pedido" }).click();
    await p.getByText("Pedido cancelado", { exact: true }).first().waitFor();
    await section.getByText("Cancelaste este pedido").waitFor();
    expect(await section.getByTestId("order-status").textContent()).toBe("Cancelado");
    expect(await section.getByRole("button", { name: /^Cancelar pedido/ }).count()).toBe(0);

    // Still so after a reload: only the step it reached, and the delivered order untouched.
    await p.reload();
    await section.getByText("Cancelaste este pedido").waitFor();
    expect((await timelineOf(section)).map((s) => s.text.split(/\d/)[0].trim())).toEqual([
      "Recibido",
    ]);
    expect(
      await orderSection(p, state.delivery![0]).getByTestId("order-status").textContent(),
    ).toBe("Pagado");
    expect(await seriousAccessibilityViolations(p)).toEqual([]);

    // The shopper hears of it; the merchant too.
    await shopperEmail(`Pedido ${order.orderNumber} cancelado`);
    await waitForEmail(
      inject("mailboxUrl"),
      (email) =>
        email.to.includes(merchant.email.toLowerCase()) &&
        email.subject === `Pedido ${order.orderNumber} cancelado por el cliente`,
    );

    // Exactly one e-mail per step of this checkout, never two.
    const [delivered] = state.cash!.orders.filter((o) => o.id !== order.id);
    const subjects = (await allEmails())
      .filter((email) => email.to.includes(shopper.email))
      .map((email) => email.subject)
      .filter((subject) => state.cash!.orders.some((o) => subject.includes(o.orderNumber)))
      .sort();
    expect(subjects).toEqual(
      [
        `Tus pedidos en Tiangue: ${state.cash!.orders.map((o) => o.orderNumber).join(", ")}`,
        `Pedido ${delivered.orderNumber}: En preparación`,
        `Pedido ${delivered.orderNumber}: En camino`,
        `Pedido ${delivered.orderNumber}: Entregado`,
        `Pedido ${order.orderNumber} cancelado`,
      ].sort(),
    );
  });

  it(
    "a card order delivered is owed to the merchant; the administrator's payout lowers its balance",
    { timeout: 150_000 },
    async () => {
      const [merchant, product] = state.delivery!;

      // The shopper pays a pickup by card on the fake Wompi.
      const p = await phonePage();
      await addToCart(p, product);
      const form = await openCheckout(p);
      await chooseFulfillment(form, merchant, "pickup");
      await fillShopper(form);
      await form.getByLabel(/^Tarjeta \(Wompi\)/).check();
      expect(await form.getByTestId("checkout-total").textContent()).toBe(
        dollars(cents(product.price)),
      );
      await form.getByRole("button", { name: "Realizar pedido y pagar" }).click();
      await p.waitForURL(`${inject("wompiUrl")}/pago/**`);
      await p.getByText(dollars(cents(product.price))).waitFor();
      await p.getByRole("button", { name: "Pagar" }).click();
      await p.waitForURL(/\/orders\/ES-\d{4}-\d{6}\?.*idTransaccion=/);
      await expect.poll(() => p.getByTestId("payment-status").textContent()).toBe("Pagado");
      const card = await checkoutOf(p.url());
      state.card = card;
      const [order] = card.orders;
      expect(order).toMatchObject({ paymentMethod: "card", fulfillment: "pickup" });

      // The merchant's balance before, then the order to 'Entregado'.
      const m = await phonePage();
      await signInAsMerchant(m, merchant);
      await open(m, `/merchant?tab=liquidaciones&comercio=${merchant.id}`);
      const ledger = m.getByRole("region", { name: "Liquidaciones", exact: true });
      await ledger.getByText("Saldo pendiente").waitFor();
      const before = {
        balance: await amountNextTo(ledger, "Saldo pendiente"),
        paid: await amountNextTo(ledger, "Ya pagado"),
      };
      await m.getByRole("tab", { name: "Pedidos" }).click();
      const orderCard = portalOrder(m, order.orderNumber);
      await moveTo(orderCard, "En preparación");
      await moveTo(orderCard, "Listo para recoger");
      await moveTo(orderCard, "Entregado");

      // Now owed: its total less Tiangue's commission, as its row in 'Liquidaciones' says.
      await open(m, `/merchant?tab=liquidaciones&comercio=${merchant.id}`);
      const row = ledger.locator("li", { hasText: `Pedido ${order.orderNumber}` });
      await row.waitFor();
      const owed = await amountNextTo(row, "A pagar");
      expect(owed).toBeGreaterThan(0);
      expect(owed).toBeLessThanOrEqual(cents(order.totalAmount));
      const owing = await amountNextTo(ledger, "Saldo pendiente");
      expect(owing).toBe(before.balance + owed);

      // The administrator records that payment.
      const admin = await phonePage();
      await login(admin);
      await admin.getByRole("tab", { name: "Liquidaciones" }).click();
      const balance = admin.getByRole("article", { name: merchant.name, exact: true });
      expect(await amountNextTo(balance, "Saldo")).toBe(owing);
      await balance.getByRole("button", { name: `Registrar pago a ${merchant.name}` }).click();
      const dialog = admin.getByRole("dialog", { name: "Registrar pago" });
      await dialog.getByLabel(/^Monto \(USD\)/).fill(dollars(owed).slice(1));
      await dialog.getByLabel(/^Referencia/).fill(PAYOUT_REFERENCE);
      await dialog.getByRole("button", { name: "Registrar pago", exact: true }).click();
      await admin.getByText("Pago registrado", { exact: true }).first().waitFor();
      await dialog.waitFor({ state: "detached" });
      await expect.poll(() => amountNextTo(balance, "Saldo")).toBe(owing - owed);
      expect(await seriousAccessibilityViolations(admin)).toEqual([]);

      // The merchant's 'Liquidaciones': the balance lowered by it, and the payment listed.
      await m.reload();
      const payment = ledger.locator("li", { hasText: `Referencia: ${PAYOUT_REFERENCE}` });
      await payment.waitFor();
      expect(await payment.textContent()).toContain(dollars(owed));
      expect(await amountNextTo(ledger, "Saldo pendiente")).toBe(owing - owed);
      expect(await amountNextTo(ledger, "Ya pagado")).toBe(before.paid + owed);
      expect(await seriousAccessibilityViolations(m)).toEqual([]);
      await expectNoSidewaysScroll(m);

      // The shopper's order page: the pickup's steps to 'Entregado', paid by card.
      await p.reload();
      const section = orderSection(p, merchant);
      await section.locator('[aria-current="step"]', { hasText: "Entregado" }).waitFor();
      expect((await timelineOf(section)).map((s) => s.text.split(/\d/)[0].trim())).toEqual([
        "Recibido",
        "En preparación",
        "Listo para recoger",
        "Entregado",
      ]);
      expect(await section.getByTestId("order-payment-status").textContent()).toBe("Pagado");
      await shopperEmail(`Pedido ${order.orderNumber}: Listo para recoger`);
      await shopperEmail(`Pedido ${order.orderNumber}: Entregado`);
    },
  );
});
