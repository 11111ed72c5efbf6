import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "../../lib/toast";
import { CategoriesTab } from "./categories-tab";
import { aCategory, jsonResponse, renderAdmin, stubFetch } from "../../test/test-utils";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const IN_USE = "No se puede eliminar la categoría porque tiene comercios o productos asociados";

describe("CategoriesTab", () => {
  it("makes the slug from the name and asks for name and slug", async () => {
    const fetch = stubFetch({ "GET /api/admin/categories": () => jsonResponse([]) });
    const { user } = renderAdmin(<CategoriesTab />);
    await user.type(screen.getByLabelText(/^Nombre/), "Ropa y Calzado Ñ");
    expect((screen.getByLabelText(/^Slug/) as HTMLInputElement).value).toBe("ropa-y-calzado-n");
    await user.clear(screen.getByLabelText(/^Nombre/));
    await user.clear(screen.getByLabelText(/^Slug/));
    await user.click(screen.getByRole("button", { name: "Crear categoría" }));
    expect(screen.getAllByText("El nombre y slug son requeridos").length).toBeGreaterThan(0);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("shows 'N comercios' and the server's reason when a category in use can't be deleted", async () => {
    stubFetch({
      "GET /api/admin/categories": () => jsonResponse([aCategory({ merchantCount: 3 })]),
      "DELETE /api/admin/categories/1": () => jsonResponse({ message: IN_USE }, 409),
    });
    const { user } = renderAdmin(<CategoriesTab />);
    const card = await screen.findByRole("article", { name: "Restaurantes" });
    expect(within(card).getByText("3 comercios")).toBeTruthy();
    await user.click(within(card).getByRole("button", { name: "Eliminar" }));
    const confirm = screen.getByRole("alertdialog", { name: "¿Eliminar categoría?" });
    expect(confirm.textContent).toContain("no se puede eliminar si tiene comercios o productos");
    await user.click(within(confirm).getByRole("button", { name: "Eliminar" }));
    await waitFor(() => expect(screen.getByText("Error al eliminar categoría")).toBeTruthy());
    expect(screen.getByText(IN_USE)).toBeTruthy();
  });
});
