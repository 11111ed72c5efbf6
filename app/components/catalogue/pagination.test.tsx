import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { pageCount, pageItems, pageSearch, Pagination } from "./pagination";

describe("pagination helpers", () => {
  it("counts pages of 60, at least one", () => {
    expect(pageCount(0, 60)).toBe(1);
    expect(pageCount(60, 60)).toBe(1);
    expect(pageCount(61, 60)).toBe(2);
  });

  it("shows first, last and neighbours, with gaps", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 5)).toEqual([1, 2, "…", 5]);
    expect(pageItems(10, 20)).toEqual([1, "…", 9, 10, 11, "…", 20]);
    // A gap of a single page shows that page instead of "…".
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("keeps other parameters and drops page 1", () => {
    expect(pageSearch("department=La+Paz&page=3", 4)).toBe("?department=La+Paz&page=4");
    expect(pageSearch("department=La+Paz&page=3", 1)).toBe("?department=La+Paz");
  });
});

function renderPagination(props: { page: number; total: number; search?: string }) {
  const Stub = createRoutesStub([
    {
      path: "/products",
      Component: () => (
        <Pagination
          page={props.page}
          total={props.total}
          pageSize={60}
          search={props.search ?? ""}
        />
      ),
    },
  ]);
  return render(<Stub initialEntries={["/products"]} />);
}

describe("Pagination", () => {
  it("renders nothing for a single page", () => {
    const { container } = renderPagination({ page: 1, total: 60 });
    expect(container.querySelector("nav")).toBeNull();
  });

  it("links to the previous and next pages and marks the current one", () => {
    renderPagination({ page: 2, total: 200, search: "department=Santa+Ana" });
    expect(screen.getByText("Página 2 de 4")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Anterior/ }).getAttribute("href")).toBe(
      "/products?department=Santa+Ana",
    );
    expect(screen.getByRole("link", { name: /Siguiente/ }).getAttribute("href")).toBe(
      "/products?department=Santa+Ana&page=3",
    );
    expect(screen.getByRole("link", { name: "Página 2" }).getAttribute("aria-current")).toBe(
      "page",
    );
  });

  it("has no previous link on the first page nor next link on the last", () => {
    renderPagination({ page: 4, total: 200 });
    expect(screen.queryByRole("link", { name: /Siguiente/ })).toBeNull();
    expect(screen.getByRole("link", { name: /Anterior/ })).toBeTruthy();
  });
});
