import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { MUNICIPALITY_COOKIE } from "../../../shared/delivery";
import { shopperFilterOf } from "../../lib/shopper-filter";
import { ShopperFilters } from "./shopper-filters";

/** /merchants as the page renders the filters: from its URL, keeping the department. */
function Page() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  return (
    <>
      <ShopperFilters
        open={params.get("open") ?? undefined}
        zone={params.get("zone") || undefined}
        hiddenFields={{ department: params.get("department") ?? undefined }}
      />
      <p data-testid="where">{location.pathname + location.search}</p>
    </>
  );
}

function renderAt(url: string) {
  const Stub = createRoutesStub([{ path: "/merchants", Component: Page }]);
  return render(<Stub initialEntries={[url]} />);
}

const where = () => screen.getByTestId("where").textContent;

function forgetCookie() {
  document.cookie = `${MUNICIPALITY_COOKIE}=; Path=/; Max-Age=0`;
}

afterEach(forgetCookie);

describe("ShopperFilters (issues 12 and 36)", () => {
  it("shows the URL's choices: 'Abierto ahora' ticked and the zone, with places suggested", async () => {
    renderAt("/merchants?open=now&zone=Soyapango");
    const open = (await screen.findByLabelText("Abierto ahora")) as HTMLInputElement;
    expect(open.checked).toBe(true);
    const field = screen.getByLabelText("Entrega en mi zona") as HTMLInputElement;
    expect(field.value).toBe("Soyapango");
    // The 44 municipalities and 262 districts as the field's suggestions.
    const options = [...(field.list?.options ?? [])];
    expect(options).toHaveLength(44 + 262);
    const soyapango = options.find((o) => o.value === "Soyapango");
    expect(soyapango?.label).toBe("Distrito de San Salvador Este");
    expect(options.some((o) => o.value === "El Rosario (La Paz Centro)")).toBe(true);
  });

  it("'Abierto ahora' applies at once, keeping the department", async () => {
    renderAt("/merchants?department=San+Miguel");
    const open = (await screen.findByLabelText("Abierto ahora")) as HTMLInputElement;
    expect(open.checked).toBe(false);
    fireEvent.click(open);
    await waitFor(() => expect(where()).toBe("/merchants?department=San+Miguel&zone=&open=now"));
    expect((screen.getByLabelText("Abierto ahora") as HTMLInputElement).checked).toBe(true);
    // Unticked again: the filter goes.
    fireEvent.click(screen.getByLabelText("Abierto ahora"));
    await waitFor(() => expect(where()).toBe("/merchants?department=San+Miguel&zone="));
  });

  it("'Entrega en mi zona' applies a suggested place and is remembered in a cookie the server reads", async () => {
    renderAt("/merchants");
    const field = await screen.findByLabelText("Entrega en mi zona");
    // Typing part of a name applies nothing yet.
    fireEvent.input(field, { target: { value: "Soya" } });
    expect(where()).toBe("/merchants");
    fireEvent.input(field, { target: { value: "Santa Tecla" } });
    await waitFor(() => expect(where()).toBe("/merchants?zone=Santa+Tecla"));
    expect(document.cookie).toContain(`${MUNICIPALITY_COOKIE}=Santa%20Tecla`);

    // The next visit's first render: a plain /merchants with that cookie is filtered.
    const next = new Request("http://tiangue.test/merchants", {
      headers: { cookie: document.cookie },
    });
    expect(shopperFilterOf(next, {})).toEqual({ open: undefined, zone: "Santa Tecla" });
    // An explicit `zone=` (any) wins over the cookie, and so does a `municipality=` of before.
    const any = new Request("http://tiangue.test/merchants?zone=", {
      headers: { cookie: document.cookie },
    });
    expect(shopperFilterOf(any, {}).zone).toBeUndefined();
    const before = new Request("http://tiangue.test/merchants?municipality=La+Paz+Este", {
      headers: { cookie: document.cookie },
    });
    expect(shopperFilterOf(before, { municipality: "La Paz Este" }).zone).toBe("La Paz Este");

    // Emptied, it forgets it.
    fireEvent.input(screen.getByLabelText("Entrega en mi zona"), { target: { value: "" } });
    await waitFor(() => expect(where()).toBe("/merchants?zone="));
    expect(document.cookie).not.toContain(`${MUNICIPALITY_COOKIE}=`);
  });

  it("hides its 'Aplicar' button once JavaScript runs", async () => {
    renderAt("/merchants");
    await screen.findByLabelText("Abierto ahora");
    expect(screen.queryByRole("button", { name: "Aplicar" })).toBeNull();
  });

  it("without JavaScript is a GET form to the same page, with its button", () => {
    const Stub = createRoutesStub([{ path: "/merchants", Component: Page }]);
    const html = renderToString(
      <Stub initialEntries={["/merchants?department=San+Miguel&open=now"]} />,
    );
    const doc = new DOMParser().parseFromString(html, "text/html");
    const form = doc.querySelector("form[role=search]") as HTMLFormElement;
    expect(form.getAttribute("method")).toBe("get");
    expect(new URL(form.action, "http://tiangue.test").pathname).toBe("/merchants");
    const button = [...form.querySelectorAll("button")].find((b) => b.textContent === "Aplicar");
    expect(button?.getAttribute("type")).toBe("submit");
    // What the browser sends when the button is pressed: the department kept, the box ticked.
    const open = form.querySelector<HTMLInputElement>("input[name=open]")!;
    expect(open.type).toBe("checkbox");
    expect(open.value).toBe("now");
    expect(open.hasAttribute("checked")).toBe(true);
    const sent = new URLSearchParams(
      [...new FormData(form).entries()].map(([k, v]) => [k, String(v)]),
    );
    expect(sent.toString()).toBe("department=San+Miguel&zone=&open=now");
  });
});
