import { describe, expect, it } from "vitest";
import { MUNICIPALITY_COOKIE } from "../../shared/delivery";
import { pageCacheUrl } from "./page-key";
import { sharedPageKeyOf } from "./web-app";

// Issue 36: the page cache keys a listing on the parameters its page reads, normalised; an
// unknown parameter, or another spelling of the same list, adds no entry.

describe("pageCacheUrl", () => {
  it("keeps a product list's shelf, normalised and in one order", () => {
    expect(pageCacheUrl("/products?available=1&maxPrice=20&minPrice=5.5&sort=price_asc")).toBe(
      "/products?sort=price_asc&minPrice=5.50&maxPrice=20.00&available=1",
    );
    // Bounds the wrong way round are the range between them, as the page shows it.
    expect(pageCacheUrl("/products?minPrice=20&maxPrice=5")).toBe(
      "/products?minPrice=5.00&maxPrice=20.00",
    );
    expect(pageCacheUrl("/products?department=La%20Paz&page=3&sort=rating")).toBe(
      "/products?department=La+Paz&page=3&sort=rating",
    );
  });

  it("drops what the page does not read: unknown parameters, the default order, page 1", () => {
    for (const url of [
      "/products?utm_source=whatsapp",
      "/products?fbclid=IwAR0abc123",
      "/products?sort=newest",
      "/products?sort=cheapest&minPrice=1.999&available=maybe",
      "/products?page=1",
      "/products?page=abc",
      "/products?department=Narnia",
      "/products?",
    ]) {
      expect(pageCacheUrl(url), url).toBe("/products");
    }
    expect(pageCacheUrl("/products?sort=name&sort=rating")).toBe("/products?sort=name");
  });

  it("keeps a category's tab, page, merchant filters and, on its products tab, the shelf", () => {
    expect(
      pageCacheUrl("/categories/comida?tab=productos&sort=price_desc&x=1&available=true&page=2"),
    ).toBe("/categories/comida?tab=productos&page=2&sort=price_desc&available=1");
    // The merchants tab shows no product shelf: it is not part of its key.
    expect(pageCacheUrl("/categories/comida?sort=price_desc&open=now")).toBe(
      "/categories/comida?open=now",
    );
    expect(pageCacheUrl("/categories/comida?tab=otra")).toBe("/categories/comida");
  });

  it("keeps a zone in the URL, even empty or unknown (it overrides the remembered one)", () => {
    expect(pageCacheUrl("/merchants?zone=soyapango&open=now&ref=x")).toBe(
      "/merchants?open=now&zone=Soyapango",
    );
    expect(pageCacheUrl("/merchants?zone=")).toBe("/merchants?zone=");
    expect(pageCacheUrl("/merchants?zone=Narnia")).toBe("/merchants?zone=");
    expect(pageCacheUrl("/merchants?municipality=san%20miguel%20centro")).toBe(
      "/merchants?municipality=San+Miguel+Centro",
    );
  });

  it("keeps the search's words as typed, its filters and its own default order (relevance)", () => {
    expect(pageCacheUrl("/search?q=pupusas&sort=newest&zone=soyapango&minPrice=2&utm=1")).toBe(
      "/search?q=pupusas&zone=Soyapango&sort=newest&minPrice=2.00",
    );
    expect(pageCacheUrl("/search?q=%20pupusas")).toBe("/search?q=+pupusas");
    expect(pageCacheUrl("/search?sort=rating")).toBe("/search?sort=rating");
  });

  it("keeps a merchant's products page and shelf, and a product page by its path alone", () => {
    expect(pageCacheUrl("/merchants/la-ceiba?page=2&sort=name&fbclid=1")).toBe(
      "/merchants/la-ceiba?page=2&sort=name",
    );
    expect(pageCacheUrl("/products/pupusa-revuelta?fbclid=1&sort=name")).toBe(
      "/products/pupusa-revuelta",
    );
    expect(pageCacheUrl("/?utm_campaign=navidad")).toBe("/");
    expect(pageCacheUrl("/categories?x=1")).toBe("/categories");
  });

  it("leaves a page it does not know as it came", () => {
    expect(pageCacheUrl("/sitemaps/products-1.xml?x=1")).toBe("/sitemaps/products-1.xml?x=1");
    expect(pageCacheUrl("/merchants/la-ceiba/otra?x=1")).toBe("/merchants/la-ceiba/otra?x=1");
  });
});

describe("sharedPageKeyOf", () => {
  it("keys a request on its normalised URL, under the remembered zone when there is one", () => {
    expect(sharedPageKeyOf("/products?sort=newest&gclid=1", {})).toBe("/products");
    const remembered = sharedPageKeyOf("/products?sort=rating&ref=wa", {
      cookie: `${MUNICIPALITY_COOKIE}=Soyapango`,
    });
    expect(remembered).toBe(
      sharedPageKeyOf("/products?sort=rating", { cookie: `${MUNICIPALITY_COOKIE}=Soyapango` }),
    );
    expect(remembered).not.toBe(sharedPageKeyOf("/products?sort=rating", {}));
    expect(sharedPageKeyOf("/products?sort=rating", { cookie: "session=abc" })).toBeNull();
  });

  it("keys a remembered zone by its place, however the cookie spells it", () => {
    const key = (zone: string) =>
      sharedPageKeyOf("/merchants", {
        cookie: `${MUNICIPALITY_COOKIE}=${encodeURIComponent(zone)}`,
      });
    expect(key("soyapango")).toBe(key("Soyapango"));
    expect(key("SANTA TECLA")).toBe(key("Santa Tecla"));
    expect(key("antiguo cuscatlan")).toBe(key("Antiguo Cuscatlán"));
    expect(key("Soyapango")).not.toBe(key("Ilopango"));
  });
});
