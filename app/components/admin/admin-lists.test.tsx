import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminReviewDto } from "../../../shared/api-types";
import { dismissToast } from "../../lib/toast";
import { listPage, stubLists } from "../../test/list-stub";
import { aCategory, aMerchant, aProduct, jsonResponse, renderAdmin } from "../../test/test-utils";
import { ProductsTab as PortalProductsTab } from "../merchant-portal/products-tab";
import { MerchantsTab } from "./merchants-tab";
import { PendingTab } from "./pending-tab";
import { ProductsTab } from "./products-tab";
import { ReviewsTab } from "./reviews-tab";

// Issue 13: the admin tabs (and the portal's products) read one page from the server,
// with the search and filters in the request, and page through the server's total.

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const PRODUCTS = [
  aProduct({ id: 31, name: "Pupusa revuelta" }),
  aProduct({ id: 32, name: "Horchata", isActive: false }),
];

const aReview = (overrides: Partial<AdminReviewDto> = {}): AdminReviewDto => ({
  id: 5,
  userId: null,
  userName: "Ana López",
  userEmail: "ana@ejemplo.sv",
  rating: 5,
  comment: "Muy buena atención y calidad.",
  merchantId: 7,
  productId: null,
  isApproved: false,
  createdAt: "2026-01-10T15:00:00.000Z",
  updatedAt: "2026-01-10T15:00:00.000Z",
  verifiedPurchase: false,
  reply: null,
  targetName: "Pupusería La Ceiba",
  ...overrides,
});

const query = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);

describe("admin products tab", () => {
  const api = (total = PRODUCTS.length) =>
    stubLists({
      "GET /api/admin/merchants/names": () =>
        jsonResponse([
          { id: 7, name: "Pupusería La Ceiba", categoryId: 1, status: "approved" },
          { id: 8, name: "Café El Volcán", categoryId: 1, status: "pending" },
        ]),
      "GET /api/admin/categories": () => jsonResponse([aCategory()]),
      "GET /api/admin/products": () => listPage(PRODUCTS, total),
      "DELETE /api/products/31": () => jsonResponse(null, 204),
    });

  it("sends the search and the merchant filter, each back to page 1", async () => {
    const stub = api(70);
    const { user } = renderAdmin(<ProductsTab />);
    expect(await screen.findByRole("heading", { name: "Productos (70)" })).toBeTruthy();
    expect(screen.getByText("Mostrando 2 de 70 productos")).toBeTruthy();
    // The merchant pickers list every merchant, from /names, whatever the page size.
    const merchantFilter = screen.getByLabelText("Filtrar por comercio");
    expect(within(merchantFilter).getByRole("option", { name: "Café El Volcán" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Página 2" }));
    await waitFor(() =>
      expect(query(stub.urls("/api/admin/products").at(-1)!)).toEqual({
        limit: "20",
        offset: "20",
      }),
    );
    await user.selectOptions(merchantFilter, "8");
    await waitFor(() =>
      expect(query(stub.urls("/api/admin/products").at(-1)!)).toEqual({
        merchantId: "8",
        limit: "20",
        offset: "0",
      }),
    );
    await user.click(screen.getByRole("button", { name: "Página 3" }));
    await user.type(screen.getByLabelText("Buscar producto"), "  pupusa ");
    await waitFor(() =>
      expect(query(stub.urls("/api/admin/products").at(-1)!)).toEqual({
        merchantId: "8",
        q: "pupusa",
        limit: "20",
        offset: "0",
      }),
    );
    // Several searches and pages on a shared, busy machine: more than the default 5 s.
  }, 20_000);

  it("reloads the page after a delete", async () => {
    const stub = api();
    const { user } = renderAdmin(<ProductsTab />);
    await user.click(await screen.findByRole("button", { name: "Eliminar Pupusa revuelta" }));
    const confirm = screen.getByRole("alertdialog", { name: "¿Eliminar producto?" });
    const before = stub.urls("/api/admin/products").length;
    await user.click(within(confirm).getByRole("button", { name: "Eliminar" }));
    await waitFor(() => expect(stub.urls("/api/admin/products").length).toBe(before + 1));
    expect(stub.fetch).toHaveBeenCalledWith("/api/products/31", expect.anything());
  });
});

describe("merchant portal products tab: the admin's product list", () => {
  it("reads its own products a page at a time, searched on the server, with Desactivar", async () => {
    const stub = stubLists({
      "GET /api/merchant/7": () => jsonResponse(aMerchant({ approved: true })),
      "GET /api/categories": () => jsonResponse([aCategory()]),
      "GET /api/merchant/7/products": (url) =>
        listPage(url.searchParams.get("q") ? PRODUCTS.slice(1) : PRODUCTS, 2),
    });
    const { user } = renderAdmin(<PortalProductsTab merchantId={7} />);
    expect(await screen.findByText("Pupusa revuelta")).toBeTruthy();
    expect(screen.getByText("Inactivo: no se muestra al público")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reactivar Horchata" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Desactivar Pupusa revuelta" })).toBeTruthy();
    // The CSV button of the portal stays beside the list.
    expect(await screen.findByRole("button", { name: "Subir catálogo CSV" })).toBeTruthy();

    await user.type(screen.getByLabelText("Buscar producto"), "horchata");
    await waitFor(() => expect(screen.queryByText("Pupusa revuelta")).toBeNull());
    expect(stub.urls("/api/merchant/7/products")).toEqual([
      "/api/merchant/7/products?limit=20&offset=0",
      "/api/merchant/7/products?q=horchata&limit=20&offset=0",
    ]);
  });
});

describe("admin reviews tab", () => {
  it("asks for the status and the search, and shows every review's and the pending count", async () => {
    const stub = stubLists({
      "GET /api/admin/reviews": (url) => {
        const { status, limit } = Object.fromEntries(url.searchParams);
        if (limit === "1") return listPage([aReview()], status === "pending" ? 4 : 9);
        return listPage(
          status === "approved" ? [aReview({ id: 6, isApproved: true })] : [aReview()],
          status === "approved" ? 5 : 9,
        );
      },
    });
    const { user } = renderAdmin(<ReviewsTab />);
    expect(await screen.findByRole("heading", { name: "Reseñas (9, 4 pendientes)" })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Mostrar"), "approved");
    expect(await screen.findByText("Mostrando 1 de 5 reseñas")).toBeTruthy();
    await user.type(screen.getByLabelText("Buscar reseñas"), "atención");
    await waitFor(() =>
      expect(query(stub.urls("/api/admin/reviews").at(-1)!)).toEqual({
        status: "approved",
        q: "atención",
        limit: "20",
        offset: "0",
      }),
    );
  });
});

describe("admin reviews tab, issue 37", () => {
  it("marks verified purchases, shows the merchant's reply and removes it", async () => {
    const replied = aReview({
      id: 8,
      isApproved: true,
      verifiedPurchase: true,
      reply: { text: "Gracias por venir.", at: "2026-03-03T10:00:00.000Z" },
    });
    const stub = stubLists({
      "GET /api/admin/reviews": () => listPage([replied], 1),
      "DELETE /api/admin/reviews/8/reply": () => new Response(null, { status: 204 }),
    });
    const { user } = renderAdmin(<ReviewsTab />);
    expect(await screen.findByText("Gracias por venir.")).toBeTruthy();
    expect(screen.getByText("Compra verificada")).toBeTruthy();
    expect(screen.getByText(/Respuesta del comercio/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Quitar respuesta" }));
    await waitFor(() =>
      expect(stub.fetch.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(true),
    );
  });
});

describe("admin merchants and pending tabs", () => {
  it("searches merchants on the server and says when none match", async () => {
    const stub = stubLists({
      "GET /api/admin/merchants": (url) =>
        url.searchParams.get("q") ? listPage([], 0) : listPage([aMerchant()], 1),
      "GET /api/admin/categories": () => jsonResponse([aCategory()]),
    });
    const { user } = renderAdmin(<MerchantsTab />);
    expect(await screen.findByRole("heading", { name: "Comercios (1)" })).toBeTruthy();
    await user.type(screen.getByPlaceholderText("Buscar comercio"), "ferretería");
    expect(await screen.findByText("Ningún comercio coincide con la búsqueda")).toBeTruthy();
    expect(stub.urls("/api/admin/merchants").at(-1)).toBe(
      `/api/admin/merchants?q=${encodeURIComponent("ferretería")}&limit=20&offset=0`,
    );
    // The box stays, with what was typed.
    expect((screen.getByPlaceholderText("Buscar comercio") as HTMLInputElement).value).toBe(
      "ferretería",
    );
  });

  it("pages the pending applications by the server's total", async () => {
    const stub = stubLists({
      "GET /api/admin/merchants/pending": () => listPage([aMerchant()], 41),
      "GET /api/admin/categories": () => jsonResponse([aCategory()]),
    });
    const { user } = renderAdmin(<PendingTab />);
    expect(
      await screen.findByRole("heading", { name: "Solicitudes pendientes (41)" }),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /Siguiente/ }));
    await waitFor(() =>
      expect(stub.urls("/api/admin/merchants/pending").at(-1)).toBe(
        "/api/admin/merchants/pending?limit=20&offset=20",
      ),
    );
    expect(await screen.findByText("Página 2 de 3")).toBeTruthy();
  });
});

describe("the search box", () => {
  it("asks nothing for fewer than 3 characters, like the public search", async () => {
    const stub = stubLists({
      "GET /api/admin/merchants": () => listPage([aMerchant()], 1),
      "GET /api/admin/categories": () => jsonResponse([aCategory()]),
    });
    const { user } = renderAdmin(<MerchantsTab />);
    await screen.findByRole("heading", { name: "Comercios (1)" });
    await user.type(screen.getByPlaceholderText("Buscar comercio"), "té");
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(stub.urls("/api/admin/merchants")).toEqual(["/api/admin/merchants?limit=20&offset=0"]);
    await user.type(screen.getByPlaceholderText("Buscar comercio"), "c");
    await waitFor(() =>
      expect(stub.urls("/api/admin/merchants").at(-1)).toBe(
        `/api/admin/merchants?q=${encodeURIComponent("téc")}&limit=20&offset=0`,
      ),
    );
  });
});
