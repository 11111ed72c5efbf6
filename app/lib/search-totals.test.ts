import { describe, expect, it } from "vitest";
import type { SearchResultDto } from "../../shared/api-types";
import { searchSummary, searchTotal, shownOfTotal } from "./search-totals";

const product = { id: 1, slug: "cafe", name: "Café", imageUrl: "/images/x.webp", price: "1.00" };
const merchant = { id: 1, slug: "tienda", name: "Tienda", address: "San Salvador" };

function result(overrides: Partial<SearchResultDto>): SearchResultDto {
  return { products: [], merchants: [], productTotal: 0, merchantTotal: 0, ...overrides };
}

describe("search totals", () => {
  it("reads an exact total as it is, singular or plural", () => {
    const one = result({
      products: [product],
      productTotal: 1,
      merchants: [merchant],
      merchantTotal: 1,
    });
    expect(searchTotal(one, "product")).toBe("1 producto");
    expect(shownOfTotal(one, "product")).toBe("1 producto");
    expect(searchSummary(one)).toBe("1 comercio y 1 producto");
    const more = result({ products: [product], productTotal: 40 });
    expect(shownOfTotal(more, "product")).toBe("Mostrando 1 de 40 productos");
  });

  it("says 'unos' for an estimate and 'más de' where the search stopped counting", () => {
    const common = result({
      products: [product],
      productTotal: 61000,
      productTotalEstimated: true,
    });
    expect(searchTotal(common, "product")).toBe("unos 61000 productos");
    expect(shownOfTotal(common, "product")).toBe("Mostrando 1 de unos 61000 productos");
    const capped = result({
      merchants: [merchant],
      merchantTotal: 500,
      merchantTotalAtLeast: true,
      productTotal: 2,
      products: [product, product],
    });
    expect(searchTotal(capped, "merchant")).toBe("más de 500 comercios");
    expect(searchSummary(capped)).toBe("Más de 500 comercios y 2 productos");
    expect(shownOfTotal(capped, "merchant")).toBe("Mostrando 1 de más de 500 comercios");
  });
});
