import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CSV_COLUMNS_MESSAGE } from "../../../shared/catalog-csv";
import { DEFAULT_PRODUCT_IMAGE } from "../../../shared/limits";
import { dismissToast } from "../../lib/toast";
import { CatalogUploadDialog } from "./catalog-upload-dialog";
import { aMerchant, jsonResponse, renderAdmin, stubFetch } from "../../test/test-utils";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const MERCHANTS = [
  aMerchant({ id: 7, name: "Pupusería La Ceiba", categoryId: 4, status: "approved" }),
  aMerchant({ id: 8, name: "Café Volcán", categoryId: 2, status: "approved" }),
];

const BAD_CSV = [
  "Nombre,Descripción,Precio,Imagen URL",
  "Pupusa revuelta,Chicharrón y queso,1.00,",
  "Pupusa de loroco,Con queso,caro,",
  ",Sin nombre,2.00",
].join("\n");

const GOOD_CSV = [
  "Nombre,Descripción,Precio,Imagen URL",
  "Pupusa revuelta,Chicharrón y queso,1.00,",
  'Horchata,"Morro, canela y cacao",1.5,/uploads/2026/01/horchata.webp',
].join("\n");

function setup(merchantId?: number) {
  const fetch = stubFetch({
    "POST /api/admin/bulk-upload-products": (body) =>
      jsonResponse(
        { created: (body as { products: unknown[] }).products.length, products: [] },
        201,
      ),
  });
  const onOpenChange = vi.fn();
  const view = renderAdmin(
    <CatalogUploadDialog
      open
      onOpenChange={onOpenChange}
      merchants={MERCHANTS}
      merchantId={merchantId}
    />,
  );
  return { ...view, fetch, onOpenChange };
}

const csvField = () => screen.getByLabelText("Datos CSV");
const uploadButton = () =>
  screen.getByRole("button", { name: /^Subir (\d+ productos?|catálogo)$/ });
const paste = (text: string) => fireEvent.change(csvField(), { target: { value: text } });

describe("CatalogUploadDialog", () => {
  it("shows every line's errors before sending and keeps the upload disabled", async () => {
    const { fetch } = setup(7);
    expect(screen.getByRole("dialog", { name: "Subir Catálogo de Productos" })).toBeTruthy();
    paste(BAD_CSV);

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Error en el formato CSV")).toBeTruthy();
    expect(within(alert).getByText("Línea 3: Precio inválido")).toBeTruthy();
    expect(within(alert).getByText("Línea 4: Datos incompletos")).toBeTruthy();
    expect(screen.getByText("1 producto listo · 2 líneas con errores")).toBeTruthy();

    const table = screen.getByRole("table");
    expect(within(table).getByText("Pupusa revuelta")).toBeTruthy();
    expect(within(table).getByText("Precio inválido")).toBeTruthy();
    expect(uploadButton()).toHaveProperty("disabled", true);
    fireEvent.click(uploadButton());
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reports a header with fewer than 4 columns", async () => {
    setup(7);
    paste("Nombre,Precio\nPupusa,1.00");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(CSV_COLUMNS_MESSAGE)).toBeTruthy();
    expect(uploadButton()).toHaveProperty("disabled", true);
  });

  it("asks for a merchant before sending", async () => {
    const { user, fetch } = setup();
    paste(GOOD_CSV);
    await waitFor(() => expect(uploadButton()).toHaveProperty("disabled", false));
    await user.click(uploadButton());
    expect(screen.getByText("No se ha seleccionado un comercio")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends every row in one request with the merchant's id and category", async () => {
    const { user, fetch, onOpenChange } = setup();
    await user.selectOptions(screen.getByLabelText("Comercio"), "8");
    paste(GOOD_CSV);
    await waitFor(() => expect(uploadButton()).toHaveProperty("disabled", false));
    expect(uploadButton().textContent).toBe("Subir 2 productos");
    await user.click(uploadButton());

    await waitFor(() => expect(screen.getByText("Catálogo subido")).toBeTruthy());
    expect(screen.getByText("2 productos creados")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    const body = JSON.parse(String(fetch.mock.calls[0][1]?.body));
    expect(body.merchantId).toBe(8);
    expect(body.products).toEqual([
      {
        merchantId: 8,
        categoryId: 2,
        name: "Pupusa revuelta",
        slug: "pupusa-revuelta",
        description: "Chicharrón y queso",
        price: "1.00",
        imageUrl: DEFAULT_PRODUCT_IMAGE,
        images: [],
        line: 2,
      },
      {
        merchantId: 8,
        categoryId: 2,
        name: "Horchata",
        slug: "horchata",
        description: "Morro, canela y cacao",
        price: "1.50",
        imageUrl: "/uploads/2026/01/horchata.webp",
        images: ["/uploads/2026/01/horchata.webp"],
        line: 3,
      },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("sends a count and the rows of one product's variants as one product (issue 36)", async () => {
    const { user, fetch } = setup();
    await user.selectOptions(screen.getByLabelText("Comercio"), "8");
    paste(
      [
        "Nombre,Descripción,Precio,Imagen URL,Existencias,Opciones",
        "Horchata,De morro,1.00,,12,",
        "Camisa,Bordada,15.00,,3,Talla=S",
        "Camisa,Bordada,16.00,,,Talla=M",
      ].join("\n"),
    );
    await waitFor(() => expect(uploadButton()).toHaveProperty("disabled", false));
    expect(uploadButton().textContent).toBe("Subir 2 productos");
    await user.click(uploadButton());
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetch.mock.calls[0][1]?.body));
    expect(body.products[0]).toMatchObject({ name: "Horchata", stock: 12, line: 2 });
    expect(body.products[1]).toMatchObject({
      name: "Camisa",
      line: 3,
      options: [{ name: "Talla", values: ["S", "M"] }],
      variants: [
        { options: { Talla: "S" }, price: "15.00", stock: 3 },
        { options: { Talla: "M" }, price: "16.00", stock: null },
      ],
    });
  });

  it("reads a chosen .csv file as UTF-8", async () => {
    const { user } = setup(7);
    const file = new File([GOOD_CSV], "catálogo.csv", { type: "text/csv" });
    await user.upload(screen.getByLabelText("Archivo CSV"), file);
    await waitFor(() => expect((csvField() as HTMLTextAreaElement).value).toBe(GOOD_CSV));
    expect(await screen.findByText("2 productos listos")).toBeTruthy();
  });

  it("previews only the first 100 lines of a 1,000-row file but sends them all", async () => {
    const { user, fetch } = setup(7);
    const rows = Array.from(
      { length: 1000 },
      (_, i) => `Producto ${i + 1},Descripción ${i + 1},${i + 1}.25,`,
    );
    paste(["Nombre,Descripción,Precio,Imagen URL", ...rows].join("\n"));
    await waitFor(() => expect(uploadButton().textContent).toBe("Subir 1000 productos"));
    expect(screen.getByText("Mostrando las primeras 100 de 1000 líneas.")).toBeTruthy();
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(101);
    await user.click(uploadButton());
    await waitFor(() => expect(screen.getByText("1000 productos creados")).toBeTruthy());
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body)).products).toHaveLength(1000);
  });

  it("shows the server's line error as a CSV format error", async () => {
    stubFetch({
      "POST /api/admin/bulk-upload-products": () =>
        jsonResponse(
          {
            message: "Datos inválidos",
            errors: [{ path: "products.0.name", message: "Línea 2: X" }],
          },
          400,
        ),
    });
    const { user } = renderAdmin(
      <CatalogUploadDialog open onOpenChange={() => {}} merchants={MERCHANTS} merchantId={7} />,
    );
    paste(GOOD_CSV);
    await waitFor(() => expect(uploadButton()).toHaveProperty("disabled", false));
    await user.click(uploadButton());
    await waitFor(() => expect(screen.getByText("Error en el formato CSV")).toBeTruthy());
    expect(screen.getByText("Línea 2: X")).toBeTruthy();
  });
});
