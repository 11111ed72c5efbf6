import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { productsPageQuery } from "../../../shared/schemas/list-queries";
import { queryOf } from "../../../shared/schemas/query";
import { pageShelf } from "../../lib/page-shelf";
import { ProductShelfFilters } from "./product-shelf-filters";

/** /products as the page renders its shelf: from its URL, keeping the department. */
function Page() {
  const location = useLocation();
  const { department, ...parsed } = productsPageQuery.parse(
    queryOf(`http://tiangue.test${location.search}`),
  );
  return (
    <>
      <ProductShelfFilters shelf={pageShelf(parsed)} hiddenFields={{ department }} />
      <p data-testid="where">{location.pathname + location.search}</p>
    </>
  );
}

function renderAt(url: string) {
  const Stub = createRoutesStub([{ path: "/products", Component: Page }]);
  return render(<Stub initialEntries={[url]} />);
}

const where = () => screen.getByTestId("where").textContent;

describe("ProductShelfFilters (issue 36)", () => {
  it("shows the URL's shelf: the order chosen, the price range and 'Solo disponibles'", async () => {
    renderAt("/products?sort=rating&minPrice=5&available=1");
    const sort = (await screen.findByLabelText("Ordenar por")) as HTMLSelectElement;
    expect(sort.value).toBe("rating");
    expect([...sort.options].map((o) => o.text)).toEqual([
      "Más recientes",
      "Menor precio",
      "Mayor precio",
      "Mejor calificados",
      "Nombre",
    ]);
    expect((screen.getByLabelText("Desde") as HTMLInputElement).value).toBe("5.00");
    expect((screen.getByLabelText("Hasta") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Solo disponibles") as HTMLInputElement).checked).toBe(true);
  });

  it("applies an order at once, keeping the department and leaving empty fields out", async () => {
    renderAt("/products?department=La+Paz&page=3");
    fireEvent.change(await screen.findByLabelText("Ordenar por"), {
      target: { value: "price_asc" },
    });
    // The page number goes: the old page may not exist in the new order.
    await waitFor(() => expect(where()).toBe("/products?department=La+Paz&sort=price_asc"));
    fireEvent.click(screen.getByLabelText("Solo disponibles"));
    await waitFor(() =>
      expect(where()).toBe("/products?department=La+Paz&sort=price_asc&available=1"),
    );
  });

  it("applies a price range with 'Aplicar', and the default order as no sort at all", async () => {
    renderAt("/products?sort=name");
    fireEvent.change(await screen.findByLabelText("Desde"), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText("Hasta"), { target: { value: "15.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Aplicar" }));
    await waitFor(() => expect(where()).toBe("/products?sort=name&minPrice=2&maxPrice=15.5"));
    fireEvent.change(screen.getByLabelText("Ordenar por"), { target: { value: "" } });
    // The fields show the range as the page read it ('2.00'), and send it so.
    await waitFor(() => expect(where()).toBe("/products?minPrice=2.00&maxPrice=15.50"));
    expect((screen.getByLabelText("Desde") as HTMLInputElement).value).toBe("2.00");
  });
});
