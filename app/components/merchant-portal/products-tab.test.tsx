import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProductDto } from "../../../shared/api-types";
import { dismissToast } from "../../lib/toast";
import { aMerchant, aProduct, jsonResponse, renderAdmin } from "../../test/test-utils";
import { ProductsTab } from "./products-tab";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

/** The portal's API as the tab reads it: its products, and the one-tap stock route. */
function stubPortal(products: ProductDto[]) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    if (method === "GET" && url.startsWith("/api/merchant/7/products")) {
      return jsonResponse(products, 200);
    }
    if (method === "GET" && url === "/api/merchant/7") return jsonResponse(aMerchant());
    if (method === "GET" && url === "/api/categories") return jsonResponse([]);
    const stock = /^\/api\/merchant\/7\/products\/(\d+)\/stock$/.exec(url);
    if (method === "PUT" && stock) {
      const product = products.find((p) => p.id === Number(stock[1]))!;
      const change = JSON.parse(String(init?.body)) as Partial<ProductDto>;
      return jsonResponse({ ...product, ...change, available: !change.soldOut });
    }
    throw new Error(`fetch inesperado: ${method} ${url}`);
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("the portal's products: stock (issue 36)", () => {
  it("says what sold out and flips it in one tap; a count is saved from the list", async () => {
    const fetch = stubPortal([
      aProduct({ id: 1, name: "Tamal", soldOut: true, available: false }),
      aProduct({ id: 2, name: "Atol", stock: 3 }),
      aProduct({
        id: 3,
        name: "Camisa",
        options: [{ name: "Talla", values: ["S", "M"] }],
        variants: [
          {
            id: 9,
            options: { Talla: "M" },
            name: "M",
            price: "10.00",
            stock: 0,
            soldOut: false,
            available: false,
            sku: null,
          },
        ],
      }),
    ]);
    const { user } = renderAdmin(<ProductsTab merchantId={7} />);
    const tamal = (await screen.findByText("Tamal")).closest("li")!;
    expect(within(tamal).getByText("Agotado")).toBeTruthy();
    expect(screen.getByText(/1 agotado en esta página/)).toBeTruthy();
    const atol = screen.getByText("Atol").closest("li")!;
    expect(within(atol).getByText("3 disponibles")).toBeTruthy();
    expect(screen.getByText("Agotado: M")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Hay de nuevo: Tamal" }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        "/api/merchant/7/products/1/stock",
        expect.objectContaining({ method: "PUT", body: JSON.stringify({ soldOut: false }) }),
      ),
    );
    await user.click(screen.getByRole("button", { name: "Marcar agotado: Atol" }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        "/api/merchant/7/products/2/stock",
        expect.objectContaining({ body: JSON.stringify({ soldOut: true }) }),
      ),
    );
    const count = screen.getByLabelText("Existencias de Atol");
    await user.clear(count);
    await user.type(count, "8{Enter}");
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        "/api/merchant/7/products/2/stock",
        expect.objectContaining({ body: JSON.stringify({ stock: 8 }) }),
      ),
    );
    // A product with variants counts per variant, in its form.
    expect(screen.queryByLabelText("Existencias de Camisa")).toBeNull();
  });
});
