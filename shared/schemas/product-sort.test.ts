import { describe, expect, it } from "vitest";
import { messagesOf } from "../test/test-helpers";
import {
  productListQuery,
  productShelfPageQuery,
  productsPageQuery,
  searchPageQuery,
  searchQuery,
} from "./list-queries";
import {
  AVAILABLE_MESSAGE,
  MAX_PRICE_MESSAGE,
  MIN_PRICE_MESSAGE,
  normalizeShelf,
  parsePriceBound,
  PRICE_RANGE_MESSAGE,
  PRODUCT_SORT_LABELS,
  PRODUCT_SORTS,
  shelfKey,
  shelfParams,
  SORT_MESSAGE,
} from "./product-sort";

describe("the shelf's parameters (issue 36)", () => {
  it("names the five orders in Spanish, newest first", () => {
    expect(PRODUCT_SORTS.map((sort) => PRODUCT_SORT_LABELS[sort])).toEqual([
      "Más recientes",
      "Menor precio",
      "Mayor precio",
      "Mejor calificados",
      "Nombre",
    ]);
  });

  it("reads a price bound with at most two decimals, written as the database writes it", () => {
    expect(parsePriceBound("5")).toBe("5.00");
    expect(parsePriceBound("5.5")).toBe("5.50");
    expect(parsePriceBound("05.25")).toBe("5.25");
    expect(parsePriceBound("0")).toBe("0.00");
    expect(parsePriceBound("99999999.99")).toBe("99999999.99");
    for (const text of ["5.555", "-1", "1e3", "5,50", "$5", " 5", "abc", "", "100000000", "5."]) {
      expect(parsePriceBound(text), text).toBeNull();
    }
  });

  it("is read strictly by the API lists: each wrong field answers its Spanish message", () => {
    expect(
      productListQuery.parse({
        sort: "price_asc",
        minPrice: "5",
        maxPrice: "20.5",
        available: "1",
      }),
    ).toEqual({ sort: "price_asc", minPrice: "5.00", maxPrice: "20.50", available: true });
    expect(productListQuery.parse({ available: "0", sort: "" })).toEqual({});
    expect(messagesOf(productListQuery, { sort: "cheapest" })).toEqual({ sort: [SORT_MESSAGE] });
    expect(messagesOf(productListQuery, { minPrice: "1.999" })).toEqual({
      minPrice: [MIN_PRICE_MESSAGE],
    });
    expect(messagesOf(productListQuery, { maxPrice: "-3" })).toEqual({
      maxPrice: [MAX_PRICE_MESSAGE],
    });
    expect(messagesOf(productListQuery, { available: "sí" })).toEqual({
      available: [AVAILABLE_MESSAGE],
    });
    expect(messagesOf(productListQuery, { minPrice: "20", maxPrice: "5" })).toEqual({
      minPrice: [PRICE_RANGE_MESSAGE],
    });
    expect(messagesOf(productListQuery, { sort: ["name", "rating"] })).toEqual({
      sort: [SORT_MESSAGE],
    });
    expect(messagesOf(searchQuery, { q: "pan", sort: "precio" })).toEqual({
      sort: [SORT_MESSAGE],
    });
  });

  it("is read forgivingly by the listing pages: what the API refuses is no filter", () => {
    expect(
      productsPageQuery.parse({
        sort: "cheapest",
        minPrice: "1.999",
        maxPrice: "9",
        available: "x",
      }),
    ).toEqual({ page: 1, maxPrice: "9.00" });
    expect(productShelfPageQuery.parse({ page: "2", sort: "rating" })).toEqual({
      page: 2,
      sort: "rating",
    });
    expect(searchPageQuery.parse({ q: "pan", sort: "name", available: "1" })).toMatchObject({
      q: "pan",
      sort: "name",
      available: true,
    });
  });

  it("normalises a page's shelf: the default order left out, bounds swapped, one key", () => {
    expect(normalizeShelf({ sort: "newest", minPrice: "20.00", maxPrice: "5.00" })).toEqual({
      minPrice: "5.00",
      maxPrice: "20.00",
    });
    // The search's default is its relevance: 'newest' is an order of its own there.
    expect(normalizeShelf({ sort: "newest" }, { defaultSort: null })).toEqual({ sort: "newest" });
    const shelf = normalizeShelf({ available: true, sort: "price_desc", maxPrice: "9.90" });
    expect(shelfParams(shelf)).toEqual([
      ["sort", "price_desc"],
      ["maxPrice", "9.90"],
      ["available", "1"],
    ]);
    expect(shelfKey(shelf)).toBe("sort=price_desc&maxPrice=9.90&available=1");
    expect(shelfKey(normalizeShelf({}))).toBe("");
  });
});
