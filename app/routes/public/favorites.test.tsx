import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hydrateServerRender } from "../../test/hydrate";
import type { MerchantDto, ProductDto } from "../../../shared/api-types";
import {
  encodeFavorites,
  FAVORITES_COOKIE,
  favoritesFromCookie,
  type Favorite,
} from "../../../shared/favorites-cookie";
import { aPublicMerchant } from "../../test/merchants";
import { aProduct, jsonResponse, stubFetch } from "../../test/test-utils";
import {
  dropFavorites,
  FAVORITES_KEY,
  readFavorites,
  syncFavoritesCookie,
  toggleFavorite,
} from "../../lib/favorites";
import Favorites, { loader } from "./favorites";
import type { Route } from "./+types/favorites";

// Issue 27: the server paints /favorites from the cookie that mirrors the browser's storage.

const ceiba = aPublicMerchant(7, { name: "Pupusería La Ceiba", slug: "pupuseria-la-ceiba" });
const revuelta = aProduct({ id: 31, name: "Pupusa revuelta", slug: "pupusa-revuelta" });
const horchata = aProduct({ id: 32, name: "Horchata de morro", slug: "horchata-de-morro" });

const merchant = (slug: string): Favorite => ({ kind: "merchant", slug });
const product = (slug: string): Favorite => ({ kind: "product", slug });

/** The catalogue as the services answer it: these public merchants and products. */
function fakeServices(merchants: MerchantDto[], products: ProductDto[], failing = false) {
  const bySlugs =
    <Item extends { slug: string }>(items: Item[]) =>
    async (slugs: readonly string[]) => {
      if (failing) throw new Error("connection lost");
      return {
        items: slugs.flatMap((slug) => items.filter((item) => item.slug === slug)),
        gone: slugs.filter((slug) => !items.some((item) => item.slug === slug)),
      };
    };
  return {
    merchants: { listPublicBySlugs: vi.fn(bySlugs(merchants)) },
    products: { listPublicBySlugs: vi.fn(bySlugs(products)) },
  };
}

/** Storage as a previous visit left it, with or without its cookie. */
function saved(list: Favorite[], { cookie = true } = {}) {
  window.localStorage.setItem(FAVORITES_KEY, JSON.stringify(list));
  if (cookie) document.cookie = `${FAVORITES_COOKIE}=${encodeFavorites(list)}; Path=/`;
}

const cookieList = () => favoritesFromCookie(document.cookie);

function stub(services: ReturnType<typeof fakeServices>, cookieHeader: string | null) {
  return createRoutesStub([
    {
      id: "favorites",
      path: "/favorites",
      Component: Favorites as unknown as ComponentType,
      HydrateFallback: () => null,
      loader: (args) =>
        loader({
          ...args,
          request: new Request(args.request.url, {
            headers: cookieHeader === null ? {} : { cookie: cookieHeader },
          }),
          context: { services },
        } as unknown as Route.LoaderArgs),
    },
  ]);
}

/** /favorites as the browser renders it, the loader reading `cookieHeader`. */
function renderFavorites(services: ReturnType<typeof fakeServices>, cookieHeader: string | null) {
  const Stub = stub(services, cookieHeader);
  return render(<Stub initialEntries={["/favorites"]} />);
}

const heading = () => screen.findByRole("heading", { level: 1, name: "Mis favoritos" });
/** A card's name (its heading's link: a product card also names its seller). */
const card = (name: string) => screen.findByText(name, { selector: "h3 a" });
const names = () => [...document.querySelectorAll("article h3")].map((h) => h.textContent);

afterEach(() => {
  window.localStorage.clear();
  document.cookie = `${FAVORITES_COOKIE}=; Path=/; Max-Age=0`;
  vi.unstubAllGlobals();
});

describe("/favorites painted by the server (issue 27)", () => {
  it("shows the loader's list without a request when storage holds the same", async () => {
    const list = [product("pupusa-revuelta"), merchant("pupuseria-la-ceiba")];
    saved(list);
    const fetch = stubFetch({});
    const services = fakeServices([ceiba], [revuelta]);
    renderFavorites(services, document.cookie);
    await heading();
    expect(await card("Pupusería La Ceiba")).toBeTruthy();
    expect(names()).toEqual(["Pupusería La Ceiba", "Pupusa revuelta"]);
    expect(services.merchants.listPublicBySlugs).toHaveBeenCalledWith(["pupuseria-la-ceiba"]);
    expect(services.products.listPublicBySlugs).toHaveBeenCalledWith(["pupusa-revuelta"]);
    // Given time for an effect to ask: nothing is fetched.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("drops those the server found gone, from storage and the cookie, still without a request", async () => {
    saved([product("ya-no-existe"), product("pupusa-revuelta")]);
    const fetch = stubFetch({});
    renderFavorites(fakeServices([], [revuelta]), document.cookie);
    expect(await card("Pupusa revuelta")).toBeTruthy();
    await waitFor(() => expect(readFavorites()).toEqual([product("pupusa-revuelta")]));
    expect(cookieList()).toEqual([product("pupusa-revuelta")]);
    expect(names()).toEqual(["Pupusa revuelta"]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("takes a removed heart off at once, without a request", async () => {
    saved([product("pupusa-revuelta"), product("horchata-de-morro")]);
    const fetch = stubFetch({});
    renderFavorites(fakeServices([], [revuelta, horchata]), document.cookie);
    expect(await card("Horchata de morro")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Quitar Pupusa revuelta de favoritos" }));
    await waitFor(() => expect(names()).toEqual(["Horchata de morro"]));
    expect(cookieList()).toEqual([product("horchata-de-morro")]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("fetches every favourite, as before, when storage holds one the server did not read", async () => {
    // The cookie the page was rendered with; another tab saved La Ceiba since.
    saved([product("pupusa-revuelta")]);
    const cookieHeader = document.cookie;
    saved([merchant("pupuseria-la-ceiba"), product("pupusa-revuelta")]);
    const fetch = stubFetch({
      "GET /api/merchants/pupuseria-la-ceiba": () => jsonResponse(ceiba),
      "GET /api/products/pupusa-revuelta": () => jsonResponse(revuelta),
    });
    renderFavorites(fakeServices([ceiba], [revuelta]), cookieHeader);
    expect(await card("Pupusería La Ceiba")).toBeTruthy();
    expect(names()).toEqual(["Pupusería La Ceiba", "Pupusa revuelta"]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("fetches as before when the list is too long for the cookie ('*')", async () => {
    saved([product("pupusa-revuelta")], { cookie: false });
    const services = fakeServices([], [revuelta]);
    const fetch = stubFetch({
      "GET /api/products/pupusa-revuelta": () => jsonResponse(revuelta),
    });
    renderFavorites(services, `${FAVORITES_COOKIE}=*`);
    expect(await card("Pupusa revuelta")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(services.products.listPublicBySlugs).not.toHaveBeenCalled();
    // Without JavaScript this list cannot show: the page says so.
    expect(document.querySelector("noscript")).not.toBeNull();
  });

  it("fetches as before when the server could not read the list", async () => {
    saved([product("pupusa-revuelta")]);
    const fetch = stubFetch({
      "GET /api/products/pupusa-revuelta": () => jsonResponse(revuelta),
    });
    renderFavorites(fakeServices([], [revuelta], true), document.cookie);
    expect(await card("Pupusa revuelta")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("shows the empty state with no cookie and nothing saved, and fetches nothing", async () => {
    const fetch = stubFetch({});
    const services = fakeServices([ceiba], [revuelta]);
    renderFavorites(services, null);
    expect(await screen.findByText("Aún no tienes favoritos")).toBeTruthy();
    expect(document.querySelector("noscript")).toBeNull();
    expect(services.products.listPublicBySlugs).toHaveBeenCalledWith([]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("writes the cookie of favourites saved before it existed, and shows them", async () => {
    saved([product("pupusa-revuelta")], { cookie: false });
    const fetch = stubFetch({
      "GET /api/products/pupusa-revuelta": () => jsonResponse(revuelta),
    });
    renderFavorites(fakeServices([], [revuelta]), null);
    expect(await card("Pupusa revuelta")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(cookieList()).toEqual([product("pupusa-revuelta")]);
  });
});

describe("/favorites hydrated", () => {
  it("hydrates the server's markup unchanged and asks for nothing", async () => {
    const list = [merchant("pupuseria-la-ceiba"), product("pupusa-revuelta")];
    const services = fakeServices([ceiba], [revuelta]);
    const cookieHeader = `${FAVORITES_COOKIE}=${encodeFavorites(list)}`;
    const loaderData = await loader({
      request: new Request("http://tiangue.test/favorites", { headers: { cookie: cookieHeader } }),
      context: { services },
    } as unknown as Route.LoaderArgs);
    const Stub = stub(services, cookieHeader);
    const page = (
      <Stub
        initialEntries={["/favorites"]}
        hydrationData={{ loaderData: { favorites: loaderData } }}
      />
    );

    // The server's HTML: the list itself, no stand-ins and no 'enable JavaScript'.
    const html = renderToString(page);
    expect(html).toContain("Pupusería La Ceiba");
    expect(html).toContain("Pupusa revuelta");
    expect(html).not.toContain("Activa JavaScript");

    saved(list);
    const fetch = stubFetch({});
    const hydrated = await hydrateServerRender(page);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(hydrated.mismatches()).toEqual([]);
    expect(names()).toEqual(["Pupusería La Ceiba", "Pupusa revuelta"]);
    expect(fetch).not.toHaveBeenCalled();
    hydrated.unmount();
  });
});

describe("the favourites cookie follows storage (app/lib/favorites.ts)", () => {
  it("is written by every change, in the list's order, and removed with the last favourite", () => {
    const written = vi.spyOn(Document.prototype, "cookie", "set");
    toggleFavorite(product("pupusa-revuelta"));
    toggleFavorite(merchant("pupuseria-la-ceiba"));
    expect(cookieList()).toEqual([merchant("pupuseria-la-ceiba"), product("pupusa-revuelta")]);
    expect(written).toHaveBeenLastCalledWith(
      `${FAVORITES_COOKIE}=m:pupuseria-la-ceiba|p:pupusa-revuelta; Path=/; Max-Age=31536000; SameSite=Lax`,
    );
    dropFavorites([merchant("pupuseria-la-ceiba")]);
    expect(cookieList()).toEqual([product("pupusa-revuelta")]);
    toggleFavorite(product("pupusa-revuelta"));
    expect(cookieList()).toBeNull();
    expect(document.cookie).not.toContain(FAVORITES_COOKIE);
    written.mockRestore();
  });

  it("says '*' when the list is too long for a cookie", () => {
    for (let i = 0; i < 150; i++) toggleFavorite(product(`producto-de-nombre-largo-${i}`));
    expect(readFavorites()).toHaveLength(150);
    expect(cookieList()).toBe("too-many");
  });

  it("is written from storage by syncFavoritesCookie, for favourites saved before it", () => {
    saved([product("pupusa-revuelta")], { cookie: false });
    expect(cookieList()).toBeNull();
    syncFavoritesCookie();
    expect(cookieList()).toEqual([product("pupusa-revuelta")]);
    window.localStorage.setItem(FAVORITES_KEY, "[]");
    syncFavoritesCookie();
    expect(cookieList()).toBeNull();
  });
});
