import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ORDER_LOOKUP_MESSAGE } from "../../../shared/order-life";
import { LOOKUP_EMAIL_MESSAGE, ORDER_NUMBER_MESSAGE } from "../../../shared/schemas/order-life";
import routes from "../../routes";
import { jsonResponse, stubFetch } from "../../test/test-utils";
import OrderLookup, { meta } from "./order-lookup";
import type { Route } from "./+types/order-lookup";

afterEach(() => vi.unstubAllGlobals());

function showLookup() {
  // No QueryClientProvider: the page does without TanStack Query (issue 27).
  render(
    <MemoryRouter>
      <OrderLookup />
    </MemoryRouter>,
  );
  return userEvent.setup({ delay: null });
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (label: RegExp) =>
  document.getElementById(field(label).getAttribute("aria-describedby") ?? "")?.textContent;

describe("/orders/buscar", () => {
  it("is listed before /orders/:orderNumber, and never indexed", () => {
    type Entry = { path?: string; children?: Entry[] };
    // In the order React Router reads them, nested layouts (routes/with-queries.tsx) included.
    const flat = (entries: Entry[]): Entry[] =>
      entries.flatMap((entry) => [entry, ...flat(entry.children ?? [])]);
    const paths = flat(routes as Entry[]).map((route) => route.path);
    expect(paths.indexOf("orders/buscar")).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf("orders/buscar")).toBeLessThan(paths.indexOf("orders/:orderNumber"));
    expect(meta({} as Route.MetaArgs)).toContainEqual({
      name: "robots",
      content: "noindex, nofollow",
    });
  });

  it("checks the fields with the shared schema and sends nothing", async () => {
    const fetch = stubFetch({});
    const user = showLookup();
    await user.type(field(/^Número de pedido/), "123");
    await user.click(screen.getByRole("button", { name: "Buscar mi pedido" }));
    await waitFor(() => expect(errorOf(/^Número de pedido/)).toBe(ORDER_NUMBER_MESSAGE));
    expect(errorOf(/^Correo electrónico/)).toBe(LOOKUP_EMAIL_MESSAGE);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("focuses the first invalid field, and each message follows its field's typing", async () => {
    const fetch = stubFetch({});
    const user = showLookup();
    await user.type(field(/^Correo electrónico/), "ana@correo");
    await user.click(screen.getByRole("button", { name: "Buscar mi pedido" }));
    await waitFor(() => expect(errorOf(/^Número de pedido/)).toBe(ORDER_NUMBER_MESSAGE));
    expect(document.activeElement).toBe(field(/^Número de pedido/));
    expect(field(/^Número de pedido/).getAttribute("aria-invalid")).toBe("true");

    await user.type(field(/^Número de pedido/), "es-2026-000123");
    await waitFor(() => expect(field(/^Número de pedido/).getAttribute("aria-invalid")).toBeNull());
    expect(errorOf(/^Número de pedido/)).toBe("Ej.: ES-2026-000123");
    expect(errorOf(/^Correo electrónico/)).toBe(LOOKUP_EMAIL_MESSAGE);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("posts the number (upper case) and e-mail, and shows the 202's message", async () => {
    const sent: unknown[] = [];
    stubFetch({
      "POST /api/orders/lookup": (body) => {
        sent.push(body);
        return jsonResponse({ message: ORDER_LOOKUP_MESSAGE }, 202);
      },
    });
    const user = showLookup();
    await user.type(field(/^Número de pedido/), " es-2026-000123 ");
    await user.type(field(/^Correo electrónico/), "ana@correo.sv");
    await user.click(screen.getByRole("button", { name: "Buscar mi pedido" }));
    expect((await screen.findByTestId("lookup-sent")).textContent).toBe(ORDER_LOOKUP_MESSAGE);
    expect(sent).toEqual([{ orderNumber: "ES-2026-000123", email: "ana@correo.sv" }]);
  });

  it("says to wait when rate limited", async () => {
    stubFetch({
      "POST /api/orders/lookup": () =>
        jsonResponse({ message: "Too Many Requests", code: "rate_limited" }, 429),
    });
    const user = showLookup();
    await user.type(field(/^Número de pedido/), "ES-2026-000123");
    await user.type(field(/^Correo electrónico/), "ana@correo.sv");
    await user.click(screen.getByRole("button", { name: "Buscar mi pedido" }));
    expect((await screen.findByTestId("lookup-error")).textContent).toBe(
      "Demasiados intentos. Espera un momento e intenta de nuevo.",
    );
  });
});
