import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "../../lib/toast";
import { aMerchant, jsonResponse, renderAdmin, stubFetch } from "../../test/test-utils";
import { ProductsUpload } from "./products-upload";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const CSV = [
  "Nombre,Descripción,Precio,Imagen URL",
  "Pupusa revuelta,Chicharrón y queso,1.00,",
  "Horchata,Morro y canela,1.5,",
].join("\n");

function setup(answer: (body: unknown) => Response) {
  const fetch = stubFetch({
    "GET /api/merchant/7": () =>
      jsonResponse(aMerchant({ id: 7, categoryId: 4, approved: true, status: "approved" })),
    "POST /api/merchant/7/bulk-upload-products": answer,
  });
  const view = renderAdmin(<ProductsUpload merchantId={7} />);
  return { ...view, fetch };
}

const posted = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === "POST");

describe("the portal's 'Subir catálogo CSV'", () => {
  it("opens the admin's dialog without a merchant choice and sends to the portal's route", async () => {
    const { fetch } = setup((body) =>
      jsonResponse({ created: (body as { products: unknown[] }).products.length }, 201),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Subir catálogo CSV" }));
    const dialog = screen.getByRole("dialog", { name: "Subir Catálogo de Productos" });
    // The merchant is the portal's: its select is hidden, not offered.
    expect(screen.getByLabelText("Comercio").closest("[hidden]")).not.toBeNull();
    expect(dialog).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Datos CSV"), { target: { value: CSV } });
    await screen.findByText("2 productos listos");
    fireEvent.click(screen.getByRole("button", { name: "Subir 2 productos" }));

    await screen.findByText("Catálogo subido");
    const [[url, init]] = posted(fetch);
    expect(url).toBe("/api/merchant/7/bulk-upload-products");
    const body = JSON.parse(String(init?.body));
    expect(body.merchantId).toBe(7);
    expect(body.products).toMatchObject([
      { name: "Pupusa revuelta", price: "1.00", merchantId: 7, categoryId: 4, line: 2 },
      { name: "Horchata", price: "1.50", merchantId: 7, categoryId: 4, line: 3 },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Subir Catálogo de Productos" })).toBeNull(),
    );
  });

  it("shows the server's refusal of a row as a CSV error and keeps the dialog open", async () => {
    setup(() =>
      jsonResponse(
        {
          message: "Datos inválidos",
          code: "validation",
          errors: [{ path: "products.1.price", message: "Línea 3: Precio inválido" }],
        },
        400,
      ),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Subir catálogo CSV" }));
    fireEvent.change(screen.getByLabelText("Datos CSV"), { target: { value: CSV } });
    fireEvent.click(await screen.findByRole("button", { name: "Subir 2 productos" }));
    await screen.findByText("Línea 3: Precio inválido");
    expect(screen.getAllByText("Error en el formato CSV").length).toBeGreaterThan(0);
    expect(screen.getByRole("dialog", { name: "Subir Catálogo de Productos" })).toBeTruthy();
  });
});
