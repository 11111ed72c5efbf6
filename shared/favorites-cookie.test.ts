import { describe, expect, it } from "vitest";
import {
  encodeFavorites,
  FAVORITES_COOKIE,
  FAVORITES_COOKIE_MAX_LENGTH,
  FAVORITES_MAX,
  favoritesFromCookie,
  type Favorite,
} from "./favorites-cookie";

const m = (slug: string): Favorite => ({ kind: "merchant", slug });
const p = (slug: string): Favorite => ({ kind: "product", slug });
const header = (value: string) => `${FAVORITES_COOKIE}=${value}`;

describe("the favourites cookie (issue 27)", () => {
  it("round-trips a list in its order, merchants and products mixed", () => {
    const list = [p("pupusa-revuelta"), m("pupuseria-la-ceiba"), p("cafe-2"), m("123")];
    const value = encodeFavorites(list);
    expect(value).toBe("p:pupusa-revuelta|m:pupuseria-la-ceiba|p:cafe-2|m:123");
    expect(favoritesFromCookie(header(value))).toEqual(list);
    // Among other cookies, in any place.
    expect(favoritesFromCookie(`a=1; ${header(value)}; tiangue_municipio=x`)).toEqual(list);
  });

  it("is no cookie for an empty list, and an absent or empty cookie is nothing saved", () => {
    expect(encodeFavorites([])).toBe("");
    expect(favoritesFromCookie(null)).toBeNull();
    expect(favoritesFromCookie("")).toBeNull();
    expect(favoritesFromCookie("tiangue_municipio=x; otra=1")).toBeNull();
    expect(favoritesFromCookie(header(""))).toBeNull();
    // Another cookie whose name only starts the same is not it.
    expect(favoritesFromCookie("tiangue-favorites-x=m:a")).toBeNull();
  });

  it("says '*' when the list is too long for a cookie, which reads as too many", () => {
    const long = Array.from({ length: 120 }, (_, i) => p(`producto-de-nombre-largo-${i}`));
    expect(long.map((f) => `p:${f.slug}`).join("|").length).toBeGreaterThan(
      FAVORITES_COOKIE_MAX_LENGTH,
    );
    expect(encodeFavorites(long)).toBe("*");
    expect(favoritesFromCookie(header("*"))).toBe("too-many");
    // The bound itself still fits.
    const fits = [m("a".repeat(FAVORITES_COOKIE_MAX_LENGTH - 2))];
    expect(encodeFavorites(fits)).toHaveLength(FAVORITES_COOKIE_MAX_LENGTH);
    expect(favoritesFromCookie(header(encodeFavorites(fits)))).toEqual(fits);
    expect(encodeFavorites([m("a".repeat(FAVORITES_COOKIE_MAX_LENGTH - 1))])).toBe("*");
  });

  it("skips malformed entries and repeats", () => {
    const value = [
      "m:la-ceiba",
      "x:otra",
      "m:",
      "p:Mayusculas",
      "p:con espacio",
      "p:-guion",
      "p:doble--guion",
      "mla-ceiba",
      "",
      "p:pan%20dulce",
      "p:pan=dulce",
      "m:la-ceiba",
      "p:pan-dulce",
    ].join("|");
    expect(favoritesFromCookie(header(value))).toEqual([m("la-ceiba"), p("pan-dulce")]);
    // The same slug as a merchant and as a product are two favourites.
    expect(favoritesFromCookie(header("m:cafe|p:cafe"))).toEqual([m("cafe"), p("cafe")]);
  });

  it("never writes what a cookie cannot hold", () => {
    expect(encodeFavorites([m("la-ceiba"), p("a;b=c"), p("x,y"), p(""), m("ok")])).toBe(
      "m:la-ceiba|m:ok",
    );
  });

  it("reads and writes at most FAVORITES_MAX", () => {
    const many = Array.from({ length: FAVORITES_MAX + 20 }, (_, i) => m(String(i)));
    expect(favoritesFromCookie(header(many.map((f) => `m:${f.slug}`).join("|")))).toEqual(
      many.slice(0, FAVORITES_MAX),
    );
    expect(encodeFavorites(many).split("|")).toHaveLength(FAVORITES_MAX);
  });
});
