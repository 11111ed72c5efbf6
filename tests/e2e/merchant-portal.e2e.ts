import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { describeDay } from "../../shared/schedule";
import { merchantSlug } from "../../shared/slug";
import {
  baseUrl,
  DESKTOP,
  launchBrowser,
  login,
  newPage,
  PHONE,
  seriousAccessibilityViolations,
  thirdPartyRequests,
} from "./fixtures";
import { E2E_ADMIN_EMAIL, type Email, linkIn, waitForEmail } from "./mailbox";
import { open, openRegistrationForm } from "./storefront-support";

/**
 * Issue 11's journey in a browser, with the e-mails read from the real SMTP server the
 * global setup started: apply, the e-mails arrive, the admin approves, the approval
 * e-mail arrives, the merchant signs in from its link, changes its hours and a price, and
 * the public page shows both at once (and a product from the portal's CSV upload). The
 * merchant works at 375 px and then at 1280 px.
 */

const run = Date.now().toString(36);
const shop = {
  name: `Comercio Portal ${run}`,
  email: `portal-${run}@example.com`,
  product: `Producto Portal ${run}`,
  csvProduct: `Producto CSV ${run}`,
};
const slug = merchantSlug(shop.name);
const NEW_HOURS = { open: "07:30", close: "19:45" };
const NEW_PRICE = "13.75";

let browser: Browser;
const pages: Page[] = [];

async function page(viewport = DESKTOP) {
  const p = await newPage(browser, viewport);
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

function mail(to: string, subject: string): Promise<Email> {
  return waitForEmail(
    inject("mailboxUrl"),
    (email) => email.to.includes(to) && email.subject.includes(subject),
  );
}

async function expectToast(p: Page, title: string) {
  await p.getByText(title, { exact: true }).first().waitFor({ timeout: 15_000 });
}

/** A form control by its label; required fields show a '*' after the label text. */
function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return scope.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}

/** Nothing wider than the screen: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(p: Page) {
  const { scrollWidth, innerWidth } = await p.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

describe("a merchant hears back and runs its own shop", () => {
  it("applies at /register-merchant and receives the confirmation; the admins hear of it", async () => {
    const p = await page(PHONE);
    await openRegistrationForm(p);
    const form = p.getByRole("form", { name: "Registro de comercio" });
    await form.getByLabel("Nombre del comercio").fill(shop.name);
    await form.getByLabel("Categoría").selectOption({ index: 1 });
    await form.getByLabel("Descripción").fill("Comercio creado por la prueba del portal.");
    await form.getByLabel("Dirección completa").fill("Calle del Portal #11, Barrio Centro");
    await form.getByLabel("Departamento").selectOption("San Salvador");
    await form.getByLabel("Municipio").selectOption({ index: 1 });
    await form.getByLabel("Teléfono", { exact: true }).pressSequentially("50322224444");
    await form.getByLabel("Correo electrónico").fill(shop.email);
    await form.getByRole("button", { name: "Registrar comercio" }).click();
    await expectToast(p, "¡Solicitud enviada exitosamente!");

    const received = await mail(shop.email, "Recibimos tu solicitud");
    expect(received.text).toContain(shop.name);
    const notice = await waitForEmail(
      inject("mailboxUrl"),
      (email) => email.to.includes(E2E_ADMIN_EMAIL) && email.text.includes(shop.name),
    );
    expect(linkIn(notice, `${baseUrl()}/admin`)).toMatch(/\/admin(\?tab=pending)?$/);
  });

  it("is approved by an administrator and the approval e-mail links its page and the portal", async () => {
    const p = await page(DESKTOP);
    await login(p);
    const card = p
      .getByRole("article")
      .filter({ has: p.getByRole("heading", { name: shop.name, exact: true }) });
    await card.getByRole("button", { name: "Aprobar" }).click();
    await expectToast(p, "Comercio aprobado");

    const approved = await mail(shop.email, "Tu comercio fue aprobado");
    expect(linkIn(approved, `${baseUrl()}/merchants/`)).toBe(`${baseUrl()}/merchants/${slug}`);
    // The portal's address: /merchant or /merchant/login (not /merchants/…).
    expect(`${approved.text}\n${approved.html}`).toMatch(
      new RegExp(`${baseUrl()}/merchant(/login)?(?![\\w/-])`),
    );
  });

  it("signs in from the e-mailed link, changes its hours and a price, and the public page shows both", async () => {
    const p = await page(PHONE);
    await open(p, "/merchant/login");
    await p.getByLabel("Correo electrónico").fill(shop.email);
    await p.getByRole("button", { name: "Enviarme un enlace" }).click();
    await p.getByText("Si el correo está registrado, te enviamos un enlace").waitFor();

    const signIn = await mail(shop.email, "Entrar a Tiangue");
    const link = linkIn(signIn, `${baseUrl()}/merchant/login?token=`);
    // Opening the link (as a mail scanner would) leaves the token unused.
    await open(p, link.replace(baseUrl(), ""));
    await open(p, link.replace(baseUrl(), ""));
    await p.getByRole("button", { name: "Entrar" }).click();
    await p.waitForURL(`${baseUrl()}/merchant`);
    await p.getByRole("heading", { name: "Portal de comercio" }).waitFor();
    await p.getByText(shop.name, { exact: true }).first().waitFor();
    await expectNoSidewaysScroll(p);
    expect(await seriousAccessibilityViolations(p)).toEqual([]);

    // Mi comercio at 375 px: Monday's hours.
    await p.getByLabel("Abre el Lunes").fill(NEW_HOURS.open);
    await p.getByLabel("Cierra el Lunes").fill(NEW_HOURS.close);
    await p.getByRole("button", { name: "Guardar cambios" }).click();
    await expectToast(p, "Cambios guardados");
    // 'Resumen' (its chart included) fits the phone's width too.
    await p.getByRole("tab", { name: "Resumen" }).click();
    await p.getByRole("heading", { name: "Últimos 7 días" }).waitFor();
    await expectNoSidewaysScroll(p);

    // Productos at 1280 px: add one, then change its price.
    await p.setViewportSize(DESKTOP);
    await p.getByRole("tab", { name: "Productos" }).click();
    await p.getByRole("button", { name: "Agregar producto" }).click();
    const create = p.getByRole("form", { name: "Agregar producto" });
    await field(create, "Nombre del producto").fill(shop.product);
    await field(create, "Precio (USD)").fill("9.50");
    await field(create, "Categoría").selectOption({ index: 1 });
    await field(create, "Descripción").fill("Producto creado desde el portal del comercio.");
    await create.getByRole("button", { name: "Crear Producto" }).click();
    await expectToast(p, "Producto creado exitosamente");

    await p.getByRole("button", { name: `Editar ${shop.product}` }).click();
    const dialog = p.getByRole("dialog", { name: "Editar Producto" });
    await field(dialog, "Precio (USD)").fill(NEW_PRICE);
    await dialog.getByRole("button", { name: "Actualizar Producto" }).click();
    await expectToast(p, "Producto actualizado");
    await p.getByText(`$${NEW_PRICE}`).first().waitFor();
    await expectNoSidewaysScroll(p);

    // The admin's CSV upload, with its preview, into this shop only (no merchant to pick).
    await p.getByRole("button", { name: "Subir catálogo CSV" }).click();
    const upload = p.getByRole("dialog", { name: "Subir Catálogo de Productos" });
    expect(await upload.getByLabel("Comercio").isVisible()).toBe(false);
    await upload
      .getByLabel("Datos CSV")
      .fill(
        `Nombre,Descripción,Precio,Imagen URL\n${shop.csvProduct},Subido desde el portal,4.25,\n`,
      );
    await upload.getByText("1 producto listo").waitFor();
    await upload.getByRole("button", { name: "Subir 1 producto" }).click();
    await expectToast(p, "Catálogo subido");
    await p.getByRole("button", { name: `Editar ${shop.csvProduct}` }).waitFor();

    // The public page, right away, for a shopper.
    const shopper = await page(PHONE);
    await open(shopper, `/merchants/${slug}`);
    const monday = shopper.getByRole("row").filter({ hasText: "Lunes" });
    expect(await monday.first().textContent()).toContain(describeDay(NEW_HOURS));
    const card = shopper
      .getByRole("article")
      .filter({ has: shopper.getByRole("heading", { name: shop.product }) });
    expect(await card.textContent()).toContain(`$${NEW_PRICE}`);
    const uploaded = shopper
      .getByRole("article")
      .filter({ has: shopper.getByRole("heading", { name: shop.csvProduct }) });
    expect(await uploaded.textContent()).toContain("$4.25");

    // 'Salir' ends the session: the portal sends back to the sign-in page.
    await p.getByRole("button", { name: "Salir" }).click();
    await p.waitForURL(`${baseUrl()}/merchant/login`);
    await open(p, "/merchant");
    await p.waitForURL(`${baseUrl()}/merchant/login`);
  });
});
