import { render, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { aPublicMerchant } from "../../test/merchants";
import Merchants, { loader, meta } from "./merchants";
import type { Route } from "./+types/merchants";

/** A merchants service holding `total` public merchants, answering pages like the real one. */
function fakeServices(total: number) {
  const all = Array.from({ length: total }, (_, i) => aPublicMerchant(i + 1, { productCount: 2 }));
  const listPublic = vi.fn(
    async (_filter: { department?: string }, page: { limit: number; offset: number }) => ({
      items: all.slice(page.offset, page.offset + page.limit),
      total,
    }),
  );
  return { listPublic, services: { merchants: { listPublic } } };
}

function renderMerchants(url: string, total: number) {
  const fake = fakeServices(total);
  const Stub = createRoutesStub([
    {
      path: "/merchants",
      Component: Merchants as unknown as ComponentType,
      HydrateFallback: () => null,
      loader: (args) =>
        loader({ ...args, context: { services: fake.services } } as unknown as Route.LoaderArgs),
    },
  ]);
  render(<Stub initialEntries={[url]} />);
  return fake;
}

const cards = () => screen.getAllByRole("article");

describe("/merchants loader", () => {
  it("asks the service for the page of ?page (30 a page) and the department", async () => {
    const fake = renderMerchants("/merchants?department=La+Libertad&page=3", 100);
    await screen.findByRole("heading", { level: 1, name: "Comercios en La Libertad" });
    expect(fake.listPublic).toHaveBeenCalledWith(
      { department: "La Libertad" },
      { limit: 30, offset: 60 },
    );
  });

  it("reads a missing or bad ?page as the first page", async () => {
    const fake = renderMerchants("/merchants?page=abc", 10);
    await screen.findByRole("heading", { level: 1, name: "Comercios" });
    expect(fake.listPublic).toHaveBeenCalledWith(
      { department: undefined },
      { limit: 30, offset: 0 },
    );
  });
});

describe("/merchants page", () => {
  it("shows one page of merchants, the total count and links to the other pages", async () => {
    renderMerchants("/merchants?department=San+Salvador&page=2", 95);
    expect(await screen.findByText("95 comercios")).toBeTruthy();
    expect(cards()).toHaveLength(30);
    expect(within(cards()[0]).getByRole("link").textContent).toBe("Comercio 31");

    const nav = screen.getByRole("navigation", { name: "Paginación" });
    expect(within(nav).getByText("Página 2 de 4")).toBeTruthy();
    // Plain links (no JavaScript needed) that keep the department.
    expect(
      within(nav)
        .getByRole("link", { name: /Anterior/ })
        .getAttribute("href"),
    ).toBe("/merchants?department=San+Salvador");
    expect(
      within(nav)
        .getByRole("link", { name: /Siguiente/ })
        .getAttribute("href"),
    ).toBe("/merchants?department=San+Salvador&page=3");
    expect(within(nav).getByRole("link", { name: "Página 4" }).getAttribute("href")).toBe(
      "/merchants?department=San+Salvador&page=4",
    );
  });

  it("shows the last page's remainder without a next link", async () => {
    renderMerchants("/merchants?page=4", 95);
    expect(await screen.findByText("95 comercios")).toBeTruthy();
    expect(cards()).toHaveLength(5);
    const nav = screen.getByRole("navigation", { name: "Paginación" });
    expect(within(nav).queryByRole("link", { name: /Siguiente/ })).toBeNull();
    expect(
      within(nav)
        .getByRole("link", { name: /Anterior/ })
        .getAttribute("href"),
    ).toBe("/merchants?page=3");
  });

  it("has no page links when everything fits in one page", async () => {
    renderMerchants("/merchants", 30);
    expect(await screen.findByText("30 comercios")).toBeTruthy();
    expect(cards()).toHaveLength(30);
    expect(screen.queryByRole("navigation", { name: "Paginación" })).toBeNull();
  });

  it("offers the first page when ?page is past the end", async () => {
    renderMerchants("/merchants?page=9", 40);
    expect(await screen.findByText("40 comercios")).toBeTruthy();
    expect(screen.queryAllByRole("article")).toHaveLength(0);
    expect(
      screen.getByText("Esta página no tiene comercios. Vuelve a la primera página."),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ir a la primera página" }).getAttribute("href")).toBe(
      "/merchants",
    );
  });

  it("keeps the empty state of a department without merchants", async () => {
    renderMerchants("/merchants?department=Moraz%C3%A1n", 0);
    expect(
      await screen.findByText(
        "Aún no hay comercios en Morazán. Prueba con otro departamento o registra el tuyo.",
      ),
    ).toBeTruthy();
  });
});

describe("/merchants meta", () => {
  const matches = [{ loaderData: { publicUrl: "https://tiangue.sv" } }];
  const tags = (loaderData: { department: string; page: number }) => {
    const list = meta({ loaderData, matches } as unknown as Route.MetaArgs);
    const canonical = list.find((t) => "rel" in t && t.rel === "canonical") as { href: string };
    const title = list.find((t) => "title" in t) as { title: string };
    return { canonical: canonical.href, title: title.title };
  };

  it("keeps the first page's canonical and title", () => {
    expect(tags({ department: "", page: 1 })).toEqual({
      canonical: "https://tiangue.sv/merchants",
      title: "Comercios | Tiangue",
    });
    expect(tags({ department: "La Libertad", page: 1 }).canonical).toBe(
      "https://tiangue.sv/merchants?department=La%20Libertad",
    );
  });

  it("gives page 2 and later their own canonical (with ?page) and title", () => {
    expect(tags({ department: "", page: 2 })).toEqual({
      canonical: "https://tiangue.sv/merchants?page=2",
      title: "Comercios (página 2) | Tiangue",
    });
    expect(tags({ department: "La Libertad", page: 3 }).canonical).toBe(
      "https://tiangue.sv/merchants?department=La%20Libertad&page=3",
    );
  });
});
