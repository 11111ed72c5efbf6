import { act, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SearchResultDto } from "../../../shared/api-types";
import { SearchBox } from "./search-box";

function result(
  merchants: number,
  products: number,
  totals?: Partial<SearchResultDto>,
): SearchResultDto {
  return {
    merchants: Array.from({ length: merchants }, (_, i) => ({
      id: i + 1,
      slug: `comercio-${i + 1}`,
      name: `Comercio ${i + 1}`,
      address: "San Salvador",
    })),
    products: Array.from({ length: products }, (_, i) => ({
      id: i + 1,
      slug: `producto-${i + 1}`,
      name: `Producto ${i + 1}`,
      imageUrl: "/images/default-product.webp",
      price: "2.50",
    })),
    merchantTotal: totals?.merchantTotal ?? merchants,
    productTotal: totals?.productTotal ?? products,
  };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderBox() {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <SearchBox /> },
    { path: "/search", Component: Where },
    { path: "/merchants/:slug", Component: Where },
    { path: "/products/:slug", Component: Where },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return screen.getByRole("combobox");
}

let fetchMock: ReturnType<typeof vi.fn>;
function answer(data: SearchResultDto) {
  fetchMock.mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify(data), { status: 200 })),
  );
}

/** Lets resolved fetches reach React state. */
async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

function type(input: HTMLElement, value: string) {
  act(() => {
    fireEvent.change(input, { target: { value } });
  });
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

const listbox = () => screen.getByRole("listbox", { hidden: true });

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  answer(result(0, 0));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("SearchBox opening", () => {
  it("stays closed with 2 characters and opens with 3", () => {
    const input = renderBox();
    type(input, "pu");
    expect(input?.getAttribute("aria-expanded")).toBe("false");
    expect(listbox()).toHaveProperty("hidden", true);
    type(input, "pup");
    expect(input?.getAttribute("aria-expanded")).toBe("true");
    expect(listbox()).toHaveProperty("hidden", false);
  });

  it("does not count surrounding spaces", () => {
    const input = renderBox();
    type(input, "  pu  ");
    expect(input?.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes again when the text gets short", () => {
    const input = renderBox();
    type(input, "pupu");
    type(input, "pu");
    expect(input?.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("SearchBox loading flag", () => {
  it("lasts 300 ms after typing, then one request runs for the last text", async () => {
    answer(result(1, 1));
    const input = renderBox();
    type(input, "pup");
    advance(100);
    type(input, "pupu");
    expect(listbox()?.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByText("Buscando…")).toBeTruthy();
    advance(299);
    expect(listbox()?.getAttribute("aria-busy")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
    advance(1);
    expect(listbox()?.getAttribute("aria-busy")).toBe("false");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toBe("/api/search?q=pupu");
    await flush();
    expect(screen.getByText("Comercio 1")).toBeTruthy();
    expect(screen.queryByText("Buscando…")).toBeNull();
  });

  it("cancels a request that is still running when the text changes", async () => {
    let firstSignal: AbortSignal | undefined;
    fetchMock.mockImplementationOnce((_url: string, init: RequestInit) => {
      firstSignal = init.signal ?? undefined;
      return new Promise(() => {});
    });
    const input = renderBox();
    type(input, "pan");
    advance(300);
    expect(firstSignal?.aborted).toBe(false);
    type(input, "pana");
    expect(firstSignal?.aborted).toBe(true);
  });
});

describe("SearchBox blur and focus", () => {
  async function openWithResults() {
    answer(result(1, 0));
    const input = renderBox();
    act(() => input.focus());
    type(input, "cafe");
    advance(300);
    await flush();
    return input;
  }

  it("closes 200 ms after blur, not before", async () => {
    const input = await openWithResults();
    act(() => input.blur());
    advance(199);
    expect(input?.getAttribute("aria-expanded")).toBe("true");
    advance(1);
    expect(input?.getAttribute("aria-expanded")).toBe("false");
  });

  it("stays open when focus comes back within 200 ms", async () => {
    const input = await openWithResults();
    act(() => input.blur());
    advance(150);
    act(() => input.focus());
    advance(500);
    expect(input?.getAttribute("aria-expanded")).toBe("true");
  });

  it("reopens on focus while the text is still longer than 2 characters", async () => {
    const input = await openWithResults();
    act(() => input.blur());
    advance(200);
    expect(input?.getAttribute("aria-expanded")).toBe("false");
    act(() => input.focus());
    expect(input?.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText("Comercio 1")).toBeTruthy();
  });

  it("does not reopen on focus with 2 characters", async () => {
    const input = await openWithResults();
    type(input, "ca");
    act(() => input.blur());
    advance(200);
    act(() => input.focus());
    expect(input?.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("SearchBox results", () => {
  async function search(data: SearchResultDto, text = "pupusa") {
    answer(data);
    const input = renderBox();
    type(input, text);
    advance(300);
    await flush();
    return input;
  }

  it("shows at most 3 merchants and 4 products, then the +N lines", async () => {
    await search(result(5, 9, { merchantTotal: 12, productTotal: 20 }));
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    expect(options.filter((t) => t?.startsWith("Comercio "))).toHaveLength(3);
    expect(options.filter((t) => t?.startsWith("Producto "))).toHaveLength(4);
    expect(screen.getByText("+9 comercios más")).toBeTruthy();
    expect(screen.getByText("+16 productos más")).toBeTruthy();
    expect(screen.getByText("+9 comercios más").closest("a")?.getAttribute("href")).toBe(
      "/search?q=pupusa",
    );
  });

  it("shows no +N line when everything fits", async () => {
    await search(result(2, 3));
    expect(screen.queryByText(/más$/)).toBeNull();
    expect(screen.getAllByRole("option")).toHaveLength(5);
  });

  it("writes the singular for one more", async () => {
    await search(result(4, 5));
    expect(screen.getByText("+1 comercio más")).toBeTruthy();
    expect(screen.getByText("+1 producto más")).toBeTruthy();
  });

  it("says 'Sin resultados' with the typed query", async () => {
    await search(result(0, 0), "xyzabc");
    expect(screen.getByText("Sin resultados")).toBeTruthy();
    expect(screen.getByText('No encontramos resultados para "xyzabc"')).toBeTruthy();
    expect(screen.queryAllByRole("option")).toHaveLength(0);
  });

  it("links merchants and products to their pages", async () => {
    await search(result(1, 1));
    expect(screen.getByText("Comercio 1").closest("a")?.getAttribute("href")).toBe(
      "/merchants/comercio-1",
    );
    expect(screen.getByText("Producto 1").closest("a")?.getAttribute("href")).toBe(
      "/products/producto-1",
    );
  });
});

describe("SearchBox keyboard", () => {
  async function ready() {
    answer(result(2, 1));
    const input = renderBox();
    act(() => input.focus());
    type(input, "tienda");
    advance(300);
    await flush();
    return input;
  }

  it("moves through the options with the arrows (wrapping) and marks the active one", async () => {
    const input = await ready();
    const options = screen.getAllByRole("option");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input?.getAttribute("aria-activedescendant")).toBe(options[0].id);
    expect(options[0]?.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input?.getAttribute("aria-activedescendant")).toBe(options[2].id);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input?.getAttribute("aria-activedescendant")).toBe(options[0].id);
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(input?.getAttribute("aria-activedescendant")).toBe(options[2].id);
  });

  it("Escape closes the list", async () => {
    const input = await ready();
    fireEvent.keyDown(input, { key: "Escape" });
    expect(input?.getAttribute("aria-expanded")).toBe("false");
  });

  it("Enter on an active option opens it", async () => {
    const input = await ready();
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    act(() => {
      fireEvent.keyDown(input, { key: "Enter" });
    });
    await flush();
    expect(screen.getByTestId("where").textContent).toBe("/merchants/comercio-2");
  });

  it("Enter without an active option opens the results page", async () => {
    const input = await ready();
    act(() => {
      fireEvent.submit(input.closest("form")!);
    });
    await flush();
    expect(screen.getByTestId("where").textContent).toBe("/search?q=tienda");
  });
});
