import type { Browser, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryDto, MerchantDto, ProductDto } from "../../shared/api-types";
import { merchantSlug, productSlug } from "../../shared/slug";
import {
  baseUrl,
  launchBrowser,
  login,
  newPage,
  PHONE,
  seriousAccessibilityViolations,
  thirdPartyRequests,
} from "./fixtures";

/** Names unique to this run, so the test never depends on (or collides with) earlier data. */
const run = Date.now().toString(36);
const names = {
  approve: `Solicitud Aprobada ${run}`,
  reject: `Solicitud Rechazada ${run}`,
  published: `Comercio Publicado ${run}`,
  unpublished: `Comercio Sin Publicar ${run}`,
  category: `Categoria E2E ${run}`,
  product: `Producto E2E ${run}`,
  csvA: `Catalogo Uno ${run}`,
  csvB: `Catalogo Dos ${run}`,
  review: `Reseña de prueba ${run}: muy buen producto, lo recomiendo.`,
};

let browser: Browser;
let page: Page;
let png: Buffer;

/** The toast (one at a time) showing this title. */
async function expectToast(title: string) {
  await page.getByText(title, { exact: true }).first().waitFor({ timeout: 15_000 });
}

/** A card ('article') of a list, found by the name in its heading. */
function card(name: string): Locator {
  return page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** A form control by its label; required fields show a '*' after the label text. */
function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return scope.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}

async function openTab(name: string) {
  await page.getByRole("tab", { name: new RegExp(`^${name}`) }).click();
}

/** A public registration, as the form at /register-merchant sends it. */
async function registerPublicly(name: string, categoryId: number) {
  const response = await page.request.post(`${baseUrl()}/api/merchants`, {
    data: {
      name,
      slug: merchantSlug(name),
      description: "Solicitud creada por la prueba de navegador del panel.",
      address: "Calle de las Pruebas #1",
      department: "San Salvador",
      municipality: "San Salvador Centro",
      phone: "+503 2222-0000",
      whatsapp: "",
      email: `prueba-${run}@example.com`,
      schedule: "Lunes: 09:00 - 18:00\nDomingo: Cerrado",
      categoryId,
    },
  });
  expect(response.status()).toBe(201);
}

async function fillMerchantForm(dialog: Locator, name: string) {
  await field(dialog, "Nombre").fill(name);
  await field(dialog, "Categoría").selectOption({ index: 1 });
  await field(dialog, "Descripción").fill("Comercio creado desde el panel.");
  await field(dialog, "Correo electrónico").fill(`panel-${run}@example.com`);
  await field(dialog, "Teléfono").fill("50322223333");
  await field(dialog, "Dirección").fill("Avenida Central #10");
  await field(dialog, "Departamento").selectOption("San Salvador");
  await field(dialog, "Municipio").selectOption("San Salvador Centro");
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  png = await sharp({
    create: { width: 48, height: 48, channels: 3, background: { r: 29, g: 58, b: 171 } },
  })
    .png()
    .toBuffer();

  // Two applications to approve and reject, and a review to moderate, sent like the public pages do.
  const categories = (await (
    await page.request.get(`${baseUrl()}/api/categories`)
  ).json()) as CategoryDto[];
  expect(categories.length).toBeGreaterThan(0);
  await registerPublicly(names.approve, categories[0].id);
  await registerPublicly(names.reject, categories[0].id);
});

afterAll(async () => {
  await browser?.close();
});

describe("admin panel at 1280 px", () => {
  it("signs in and shows the panel on the pending tab", async () => {
    await login(page);
    await page.getByRole("heading", { name: "Panel de Administración" }).waitFor();
    await page.getByText("Hola, ").waitFor();
    const pendingTab = page.getByRole("tab", { name: /^Solicitudes pendientes/ });
    expect(await pendingTab.getAttribute("aria-selected")).toBe("true");
    await card(names.approve).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it("approves one application and rejects another with a reason", async () => {
    await card(names.approve).getByRole("button", { name: "Aprobar" }).click();
    await expectToast("Comercio aprobado");
    await card(names.approve).waitFor({ state: "detached" });
    const approved = await page.request.get(
      `${baseUrl()}/api/merchants/${merchantSlug(names.approve)}`,
    );
    expect(approved.status()).toBe(200);

    await card(names.reject).getByRole("button", { name: "Rechazar" }).click();
    const dialog = page.getByRole("dialog", { name: "Rechazar Comercio" });
    const confirm = dialog.getByRole("button", { name: "Rechazar" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Razón del rechazo").fill("No pudimos verificar el teléfono.");
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();
    await expectToast("Comercio rechazado");
    await card(names.reject).waitFor({ state: "detached" });

    await openTab("Comercios");
    await page.getByPlaceholder("Buscar comercio").fill(names.reject);
    const rejected = card(names.reject);
    await rejected.getByText("Rechazado", { exact: true }).waitFor();
    await rejected.getByText("No pudimos verificar el teléfono.").waitFor();
    const hidden = await page.request.get(
      `${baseUrl()}/api/merchants/${merchantSlug(names.reject)}`,
    );
    expect(hidden.status()).toBe(404);
  });

  it("registers a merchant published at once and another left pending", async () => {
    await page.getByRole("button", { name: "Registrar comercio" }).click();
    let dialog = page.getByRole("dialog", { name: "Registrar Nuevo Comercio" });
    await fillMerchantForm(dialog, names.published);
    expect(
      await dialog
        .getByRole("switch", { name: "Publicar inmediatamente" })
        .getAttribute("aria-checked"),
    ).toBe("true");
    await dialog.getByRole("button", { name: "Registrar comercio" }).click();
    await expectToast("Comercio registrado");
    await page.getByText("El comercio está publicado").first().waitFor();
    await dialog.waitFor({ state: "detached" });

    const publicPage = await browser.newPage();
    const response = await publicPage.goto(
      `${baseUrl()}/merchants/${merchantSlug(names.published)}`,
    );
    expect(response?.status()).toBe(200);
    await publicPage.getByRole("heading", { name: names.published }).first().waitFor();
    await publicPage.close();

    await page.getByRole("button", { name: "Registrar comercio" }).click();
    dialog = page.getByRole("dialog", { name: "Registrar Nuevo Comercio" });
    await fillMerchantForm(dialog, names.unpublished);
    await dialog.getByRole("switch", { name: "Publicar inmediatamente" }).click();
    await dialog.getByRole("button", { name: "Registrar comercio" }).click();
    await expectToast("Comercio registrado");
    await page.getByText("El comercio quedó pendiente de aprobación").first().waitFor();

    await openTab("Solicitudes pendientes");
    await card(names.unpublished).waitFor();
    const notPublic = await page.request.get(
      `${baseUrl()}/api/merchants/${merchantSlug(names.unpublished)}`,
    );
    expect(notPublic.status()).toBe(404);
  });

  it("edits a merchant", async () => {
    await openTab("Comercios");
    await page.getByPlaceholder("Buscar comercio").fill(names.published);
    await card(names.published).getByRole("button", { name: "Editar" }).click();
    const dialog = page.getByRole("dialog", { name: "Editar Comercio" });
    await field(dialog, "Descripción").fill(`Descripción editada ${run}`);
    await field(dialog, "LinkedIn").fill("comercio-publicado");
    await dialog.getByRole("button", { name: "Guardar cambios" }).click();
    await expectToast("Comercio actualizado");
    await dialog.waitFor({ state: "detached" });

    const merchant = (await (
      await page.request.get(`${baseUrl()}/api/merchants/${merchantSlug(names.published)}`)
    ).json()) as MerchantDto;
    expect(merchant.description).toBe(`Descripción editada ${run}`);
    expect(merchant.linkedin).toBe("https://www.linkedin.com/company/comercio-publicado");
  });

  it("deletes a merchant only after the confirmations and ELIMINAR", async () => {
    await page.getByPlaceholder("Buscar comercio").fill(names.unpublished);
    await card(names.unpublished).getByRole("button", { name: "Eliminar" }).click();
    await page
      .getByRole("alertdialog", { name: "¿Eliminar comercio?" })
      .getByRole("button", { name: "Continuar" })
      .click();
    await page
      .getByRole("alertdialog", { name: "Confirmación final" })
      .getByRole("button", { name: "Sí, eliminar" })
      .click();
    const last = page.getByRole("alertdialog", { name: "Escribe ELIMINAR para confirmar" });
    await last.getByLabel("Palabra de confirmación").fill("ELIMINAR");
    await last.getByRole("button", { name: "Eliminar comercio" }).click();
    await expectToast("Comercio eliminado");
    await card(names.unpublished).waitFor({ state: "detached" });
  });

  it("creates a category with an uploaded image", async () => {
    await openTab("Categorías");
    await field(page, "Nombre").fill(names.category);
    expect(await field(page, "Slug").inputValue()).toBe(merchantSlug(names.category));
    await page.getByLabel("Icono (emoji)").fill("🧪");
    await page.getByLabel("Imagen de la categoría").setInputFiles({
      name: "categoria.png",
      mimeType: "image/png",
      buffer: png,
    });
    await expectToast("Imagen subida exitosamente");
    await page.getByRole("img", { name: "Vista previa: Imagen de la categoría" }).waitFor();
    await page.getByRole("button", { name: "Crear categoría" }).click();
    await expectToast("Categoría creada");
    await card(names.category).waitFor();
  });

  it("creates a product with an image", async () => {
    await openTab("Productos");
    const form = page.getByRole("form", { name: "Agregar producto" });
    await field(form, "Comercio").selectOption({ label: names.published });
    await field(form, "Nombre del producto").fill(names.product);
    await field(form, "Precio (USD)").fill("12.5");
    await field(form, "Categoría").selectOption({ label: `🧪 ${names.category}` });
    await field(form, "Descripción").fill("Producto creado por la prueba.");
    await form.getByLabel("Imágenes (hasta 3)").setInputFiles({
      name: "producto.png",
      mimeType: "image/png",
      buffer: png,
    });
    await page
      .getByText("1 imagen(es) subida(s) y optimizada(s)")
      .first()
      .waitFor({ timeout: 15_000 });
    await form.getByRole("button", { name: "Crear Producto" }).click();
    await expectToast("Producto creado exitosamente");

    const product = (await (
      await page.request.get(`${baseUrl()}/api/products/${productSlug(names.product)}`)
    ).json()) as ProductDto;
    expect(product.price).toBe("12.50");
    expect(product.images).toHaveLength(1);
    expect(product.imageUrl).toMatch(/^\/uploads\//);
  });

  it("previews a CSV with an error line without sending it, then uploads a good one", async () => {
    let uploads = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/admin/bulk-upload-products")) uploads += 1;
    });
    await page.getByRole("button", { name: "Subir Catálogo de Productos" }).click();
    const dialog = page.getByRole("dialog", { name: "Subir Catálogo de Productos" });
    await field(dialog, "Comercio").selectOption({ label: names.published });
    await dialog
      .getByLabel("Datos CSV")
      .fill(
        [
          "Nombre,Descripción,Precio,Imagen URL",
          `${names.csvA},Primera fila,3.25,`,
          `${names.csvB},Segunda fila,gratis,`,
        ].join("\n"),
      );
    await dialog.getByText("Línea 3: Precio inválido").waitFor();
    const upload = dialog.getByRole("button", { name: /^Subir/ }).last();
    expect(await upload.isDisabled()).toBe(true);
    expect(uploads).toBe(0);

    await dialog.getByLabel("Archivo CSV").setInputFiles({
      name: "catalogo.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        [
          "Nombre,Descripción,Precio,Imagen URL",
          `${names.csvA},Primera fila,3.25,`,
          `${names.csvB},"Segunda, con coma",4,`,
        ].join("\n"),
        "utf8",
      ),
    });
    await dialog.getByRole("button", { name: "Subir 2 productos" }).click();
    await expectToast("Catálogo subido");
    await page.getByText("2 productos creados").first().waitFor();
    expect(uploads).toBe(1);

    await page.getByPlaceholder("Buscar producto").fill(`Catalogo Dos ${run}`);
    await page.getByText(names.csvB, { exact: true }).waitFor();
  });

  it("approves a review, which then shows on the product's page", async () => {
    const product = (await (
      await page.request.get(`${baseUrl()}/api/products/${productSlug(names.product)}`)
    ).json()) as ProductDto;
    const sent = await page.request.post(`${baseUrl()}/api/reviews`, {
      data: {
        userName: "Revisora E2E",
        userEmail: `revisora-${run}@example.com`,
        comment: names.review,
        rating: 5,
        productId: product.id,
        userId: `user-${run}`,
      },
    });
    expect(sent.status()).toBe(201);

    await openTab("Reseñas");
    await page.getByLabel("Mostrar").selectOption("pending");
    const review = page.getByRole("article").filter({ hasText: names.review });
    await review.getByText("Pendiente", { exact: true }).waitFor();
    await review.getByRole("button", { name: "Aprobar" }).click();
    await expectToast("Reseña aprobada");

    const publicPage = await browser.newPage();
    await publicPage.goto(`${baseUrl()}/products/${productSlug(names.product)}`);
    await publicPage.getByText(names.review).first().waitFor({ timeout: 15_000 });
    await publicPage.close();
  });

  it("changes an order's status", async () => {
    await openTab("Pedidos");
    await page.getByText(/^Mostrando \d+ de \d+ pedidos$/).waitFor();
    const order = page.getByRole("article").first();
    const number = (await order.getByRole("heading").textContent()) ?? "";
    const select = order.getByLabel("Estado del pedido");
    const next = (await select.inputValue()) === "paid" ? "cancelled" : "paid";
    await select.selectOption(next);
    await expectToast("Estado actualizado");

    await page.reload();
    await page.getByLabel("Buscar pedidos").fill(number.replace("Pedido ", ""));
    await page.getByText(/^Mostrando 1 de \d+ pedidos$/).waitFor();
    expect(
      await page.getByRole("article").first().getByLabel("Estado del pedido").inputValue(),
    ).toBe(next);
    expect(page.url()).toBe(`${baseUrl()}/admin?tab=orders`);
  });

  it("signs out to /admin/login and /admin sends back there", async () => {
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL(`${baseUrl()}/admin/login`);
    await page.goto(`${baseUrl()}/admin`);
    await page.waitForURL(`${baseUrl()}/admin/login`);
    await page.getByRole("button", { name: "Iniciar Sesión" }).waitFor();
    expect(thirdPartyRequests).toEqual([]);
  });
});

describe("admin panel at 375 px", () => {
  it("signs in and uses a tab on a phone", async () => {
    const phone = await newPage(browser, PHONE);
    await phone.goto(`${baseUrl()}/admin/login`);
    expect(await seriousAccessibilityViolations(phone)).toEqual([]);
    await login(phone);
    await phone.getByRole("heading", { name: "Panel de Administración" }).waitFor();

    const tabs = phone.getByRole("tablist", { name: "Secciones del panel" });
    const scrolls = await tabs.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(scrolls).toBe(true);
    await phone.getByRole("tab", { name: "Pedidos" }).click();
    await phone.getByText(/^Mostrando \d+ de \d+ pedidos$/).waitFor();
    const pageWidth = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousAccessibilityViolations(phone)).toEqual([]);
    await phone.context().close();
  });
});
