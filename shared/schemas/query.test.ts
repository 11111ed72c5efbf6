import { describe, expect, it } from "vitest";
import {
  merchantListQuery,
  merchantsPageQuery,
  productListQuery,
  productsPageQuery,
  reviewListQuery,
  searchPageQuery,
  searchQuery,
} from "./list-queries";
import {
  isRowId,
  LIMIT_MESSAGE,
  OFFSET_MESSAGE,
  pageNumber,
  pageWindow,
  parseRowId,
  queryOf,
  ROW_ID_MAX,
} from "./query";
import { messagesOf } from "../test/test-helpers";

describe("row ids", () => {
  it("are whole numbers from 1 to PostgreSQL's integer maximum", () => {
    expect(isRowId(1)).toBe(true);
    expect(isRowId(ROW_ID_MAX)).toBe(true);
    for (const value of [0, -1, 1.5, ROW_ID_MAX + 1, Number.NaN, "1", null]) {
      expect(isRowId(value), String(value)).toBe(false);
    }
  });

  it("are read from digits only", () => {
    expect(parseRowId("42")).toBe(42);
    expect(parseRowId("007")).toBe(7);
    expect(parseRowId(String(ROW_ID_MAX))).toBe(ROW_ID_MAX);
    for (const text of ["", "0", "-3", "1.5", " 4", "4e2", "0x10", "2147483648", "99999999999"]) {
      expect(parseRowId(text), text).toBeNull();
    }
  });
});

describe("API list queries", () => {
  it("read ids, a department and the page, empty values meaning none", () => {
    expect(
      productListQuery.parse({
        categoryId: "3",
        merchantId: "",
        department: " La Paz ",
        limit: "10",
        offset: "20",
        other: "ignored",
      }),
    ).toEqual({ categoryId: 3, department: "La Paz", limit: 10, offset: 20 });
    expect(productListQuery.parse({})).toEqual({});
  });

  it.each([
    ["limit", "0", LIMIT_MESSAGE],
    ["limit", "101", LIMIT_MESSAGE],
    ["limit", "1.5", LIMIT_MESSAGE],
    ["limit", ["5", "6"], LIMIT_MESSAGE],
    ["limit", "99999999999999999999", LIMIT_MESSAGE],
    ["offset", "-1", OFFSET_MESSAGE],
    ["offset", "2.5", OFFSET_MESSAGE],
    ["offset", "9999999999999999", OFFSET_MESSAGE],
    ["categoryId", "0", "Categoría inválida"],
    ["categoryId", "99999999999", "Categoría inválida"],
    ["merchantId", "-3", "Comercio inválido"],
    ["department", "Narnia", "Departamento no válido"],
    ["department", ["La Paz", "Usulután"], "Departamento no válido"],
  ])("refuses %s=%j with its message", (name, value, message) => {
    expect(messagesOf(productListQuery, { [name]: value })).toEqual({ [name]: [message] });
  });

  it("each list keeps its own messages; merchants take a department without accents", () => {
    expect(merchantListQuery.parse({ department: "san miguel" })).toEqual({
      department: "San Miguel",
    });
    expect(messagesOf(merchantListQuery, { categoryId: "x", department: "Narnia" })).toEqual({
      categoryId: ["La categoría indicada no es válida"],
      department: ["Departamento desconocido"],
    });
    expect(messagesOf(reviewListQuery, { merchantId: "abc", productId: ["1", "2"] })).toEqual({
      merchantId: ["Identificador de comercio inválido"],
      productId: ["Identificador de producto inválido"],
    });
  });

  it("reads a search: the query as typed, a repeated parameter refused", () => {
    expect(searchQuery.parse({})).toEqual({ q: "" });
    expect(searchQuery.parse({ q: " pupusas ", department: "" })).toEqual({ q: " pupusas " });
    expect(messagesOf(searchQuery, { q: ["a", "b"] })).toEqual({
      q: ["Parámetro de búsqueda inválido"],
    });
    expect(messagesOf(searchQuery, { q: "pan", department: ["La Paz", "La Paz"] })).toEqual({
      department: ["Parámetro de búsqueda inválido"],
    });
    expect(messagesOf(searchQuery, { q: "pan", department: "Narnia" })).toEqual({
      department: ["Departamento no válido"],
    });
  });
});

describe("listing page queries", () => {
  it("read ?page defensively", () => {
    expect(pageNumber.parse(undefined)).toBe(1);
    expect(pageNumber.parse("3")).toBe(3);
    expect(pageNumber.parse("0")).toBe(1);
    expect(pageNumber.parse("-2")).toBe(1);
    expect(pageNumber.parse("abc")).toBe(1);
    expect(pageNumber.parse("9999999")).toBe(1);
  });

  it("ignore unknown departments instead of refusing them", () => {
    expect(productsPageQuery.parse({ department: "Narnia" })).toEqual({ page: 1 });
    expect(productsPageQuery.parse({ department: "San Miguel", page: "2" })).toEqual({
      department: "San Miguel",
      page: 2,
    });
    expect(productsPageQuery.parse({ department: "" })).toEqual({ page: 1 });
    expect(merchantsPageQuery.parse({ department: "Narnia", page: "x" })).toEqual({ page: 1 });
  });

  it("trim and shorten the search text", () => {
    expect(searchPageQuery.parse({ q: `  ${"a".repeat(300)} ` }).q).toHaveLength(200);
    expect(searchPageQuery.parse({})).toEqual({ q: "" });
  });

  it("turn a page number into the API's window", () => {
    expect(pageWindow(1, 60)).toEqual({ limit: 60, offset: 0 });
    expect(pageWindow(3, 30)).toEqual({ limit: 30, offset: 60 });
  });

  it("take the first value of a repeated parameter from the URL", () => {
    const query = queryOf("http://x.test/products?page=2&page=5&__proto__=x&department=La%20Paz");
    expect({ ...query }).toEqual({ page: "2", ["__proto__"]: "x", department: "La Paz" });
    expect(Object.getPrototypeOf(query)).toBeNull();
  });
});
