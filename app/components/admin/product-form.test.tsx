import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PRODUCT_IMAGE } from "../../../shared/limits";
import { dismissToast } from "../../lib/toast";
import { ProductForm } from "./product-form";
import {
  aCategory,
  aMerchant,
  aProduct,
  jsonResponse,
  renderAdmin,
  stubFetch,
} from "../../test/test-utils";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const MERCHANTS = [aMerchant({ id: 7, categoryId: 2, status: "approved" })];
const CATEGORIES = [
  aCategory({ id: 1 }),
  aCategory({ id: 2, name: "Cafés", slug: "cafes", icon: null }),
];

const button = () => screen.getByRole("button", { name: /Crear Producto|Creando/ });

describe("ProductForm", () => {
  it("stays disabled until merchant, name and price are given", async () => {
    const { user } = renderAdmin(
      <ProductForm mode="create" merchants={MERCHANTS} categories={CATEGORIES} />,
    );
    expect(button()).toHaveProperty("disabled", true);
    await user.type(screen.getByLabelText(/Nombre del producto/), "Café molido");
    expect(button()).toHaveProperty("disabled", true);
    await user.type(screen.getByLabelText(/Precio/), "8.5");
    expect(button()).toHaveProperty("disabled", true);
    await user.selectOptions(screen.getByLabelText(/Comercio/), "7");
    expect(button()).toHaveProperty("disabled", false);
    await user.clear(screen.getByLabelText(/Nombre del producto/));
    await user.type(screen.getByLabelText(/Nombre del producto/), "   ");
    expect(button()).toHaveProperty("disabled", true);
  });

  it("asks for the remaining required fields", async () => {
    const fetch = stubFetch({});
    const { user } = renderAdmin(
      <ProductForm mode="create" merchants={MERCHANTS} categories={CATEGORIES} />,
    );
    await user.selectOptions(screen.getByLabelText(/Comercio/), "7");
    await user.type(screen.getByLabelText(/Nombre del producto/), "Café molido");
    await user.type(screen.getByLabelText(/Precio/), "8.5");
    await user.click(button());
    expect(screen.getAllByText("Completa todos los campos requeridos").length).toBeGreaterThan(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends the price with two decimals, the merchant's category and the default image", async () => {
    const fetch = stubFetch({
      "POST /api/products": (body) => jsonResponse(aProduct(body as object), 201),
    });
    const { user } = renderAdmin(
      <ProductForm mode="create" merchants={MERCHANTS} categories={CATEGORIES} />,
    );
    await user.selectOptions(screen.getByLabelText(/Comercio/), "7");
    expect((screen.getByLabelText(/Categoría/) as HTMLSelectElement).value).toBe("2");
    await user.type(screen.getByLabelText(/Nombre del producto/), "Café Molido Ñandú");
    await user.type(screen.getByLabelText(/Precio/), "8.5");
    await user.type(screen.getByLabelText(/Descripción/), "Bolsa de 340 g");
    await user.click(button());

    await waitFor(() => expect(screen.getByText("Producto creado exitosamente")).toBeTruthy());
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toMatchObject({
      merchantId: 7,
      categoryId: 2,
      name: "Café Molido Ñandú",
      slug: "cafe-molido-nandu",
      price: "8.50",
      imageUrl: DEFAULT_PRODUCT_IMAGE,
      images: [],
      rating: "0.0",
      reviewCount: 0,
    });
    expect((screen.getByLabelText(/Nombre del producto/) as HTMLInputElement).value).toBe("");
  });

  it("edits with 'Actualizar Producto' and 'Cancelar'", async () => {
    const fetch = stubFetch({
      "PUT /api/products/31": (body) => jsonResponse(aProduct(body as object)),
    });
    const onCancel = vi.fn();
    const onDone = vi.fn();
    const { user } = renderAdmin(
      <ProductForm
        mode="edit"
        product={aProduct({ images: ["/uploads/a.webp"], imageUrl: "/uploads/a.webp" })}
        categories={CATEGORIES}
        onCancel={onCancel}
        onDone={onDone}
      />,
    );
    expect(screen.queryByLabelText(/Comercio/)).toBeNull();
    await user.clear(screen.getByLabelText(/Precio/));
    await user.type(screen.getByLabelText(/Precio/), "2");
    await user.click(screen.getByRole("button", { name: "Actualizar Producto" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toMatchObject({
      price: "2.00",
      images: ["/uploads/a.webp"],
      imageUrl: "/uploads/a.webp",
    });
    await user.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(onCancel).toHaveBeenCalled();
  });

  it("sends a count, and options with the combinations it sells (issue 36)", async () => {
    const fetch = stubFetch({
      "POST /api/products": (body) => jsonResponse(aProduct(body as object), 201),
    });
    const { user } = renderAdmin(
      <ProductForm mode="create" merchants={MERCHANTS} categories={CATEGORIES} />,
    );
    await user.selectOptions(screen.getByLabelText(/Comercio/), "7");
    await user.type(screen.getByLabelText(/Nombre del producto/), "Camisa");
    await user.type(screen.getByLabelText("Precio (USD)*"), "15");
    await user.type(screen.getByLabelText(/Descripción/), "De manta");
    await user.click(screen.getByRole("button", { name: "Agregar opción" }));
    await user.type(screen.getByLabelText("Opción 1"), "Talla");
    await user.type(screen.getByLabelText("Valores"), "S, M, L");
    // The stock of the product gives way to each variant's.
    expect(screen.queryByLabelText("Existencias")).toBeNull();
    await user.type(screen.getByLabelText("Precio de M"), "16.50");
    await user.type(screen.getByLabelText("Existencias de M"), "4");
    await user.click(screen.getByLabelText("L agotado"));
    await user.click(screen.getByRole("checkbox", { name: "S" }));
    await user.click(button());

    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const body = JSON.parse(String(fetch.mock.calls[0][1]?.body));
    expect(body.options).toEqual([{ name: "Talla", values: ["S", "M", "L"] }]);
    expect(body.variants).toEqual([
      { options: { Talla: "M" }, price: "16.50", stock: 4, soldOut: false, sku: null },
      { options: { Talla: "L" }, price: "15.00", stock: null, soldOut: true, sku: null },
    ]);
    expect(body.stock).toBeUndefined();
  });

  it("edits a count and 'Agotado', and keeps each variant's id", async () => {
    const fetch = stubFetch({
      "PUT /api/products/31": (body) => jsonResponse(aProduct(body as object)),
    });
    const { user } = renderAdmin(
      <ProductForm mode="edit" product={aProduct({ stock: 3 })} categories={CATEGORIES} />,
    );
    await user.clear(screen.getByLabelText("Existencias"));
    await user.type(screen.getByLabelText("Existencias"), "12");
    await user.click(screen.getByLabelText(/^Agotado/));
    await user.click(screen.getByRole("button", { name: "Actualizar Producto" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toMatchObject({
      stock: 12,
      soldOut: true,
    });

    fetch.mockClear();
    const withVariants = aProduct({
      id: 31,
      options: [{ name: "Relleno", values: ["Queso", "Frijol"] }],
      variants: [
        {
          id: 501,
          options: { Relleno: "Queso" },
          name: "Queso",
          price: "0.75",
          stock: null,
          soldOut: false,
          available: true,
          sku: "PQ",
        },
      ],
    });
    const again = renderAdmin(
      <ProductForm mode="edit" product={withVariants} categories={CATEGORIES} />,
    );
    await again.user.click(again.container.querySelector("button[type=submit]")!);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body)).variants).toEqual([
      {
        id: 501,
        options: { Relleno: "Queso" },
        price: "0.75",
        stock: null,
        soldOut: false,
        sku: "PQ",
      },
    ]);
  });
});
