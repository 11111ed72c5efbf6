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
        municipality={params.get("municipality") || undefined}
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

describe("ShopperFilters (issue 12)", () => {
  it("shows the URL's choices: 'Abierto ahora' ticked and the municipality chosen", async () => {
    renderAt("/merchants?open=now&municipality=San+Miguel+Centro");
    const open = (await screen.findByLabelText("Abierto ahora")) as HTMLInputElement;
    expect(open.checked).toBe(true);
    const select = screen.getByLabelText("Entrega a mi municipio") as HTMLSelectElement;
    expect(select.value).toBe("San Miguel Centro");
    // 'Cualquier municipio' and the 44 municipalities, grouped by the 14 departments.
    expect(select.querySelectorAll("option")).toHaveLength(45);
    expect(select.querySelectorAll("optgroup")).toHaveLength(14);
    expect(select.querySelector("option")!.textContent).toBe("Cualquier municipio");
  });

  it("'Abierto ahora' applies at once, keeping the department", async () => {
    renderAt("/merchants?department=San+Miguel");
    const open = (await screen.findByLabelText("Abierto ahora")) as HTMLInputElement;
    expect(open.checked).toBe(false);
    fireEvent.click(open);
    await waitFor(() =>
      expect(where()).toBe("/merchants?department=San+Miguel&municipality=&open=now"),
    );
    expect((screen.getByLabelText("Abierto ahora") as HTMLInputElement).checked).toBe(true);
    // Unticked again: the filter goes.
    fireEvent.click(screen.getByLabelText("Abierto ahora"));
    await waitFor(() => expect(where()).toBe("/merchants?department=San+Miguel&municipality="));
  });

  it("'Entrega a mi municipio' filters and is remembered in a cookie the server reads", async () => {
    renderAt("/merchants");
    fireEvent.change(await screen.findByLabelText("Entrega a mi municipio"), {
      target: { value: "San Miguel Centro" },
    });
    await waitFor(() => expect(where()).toBe("/merchants?municipality=San+Miguel+Centro"));
    expect(document.cookie).toContain(`${MUNICIPALITY_COOKIE}=San%20Miguel%20Centro`);

    // The next visit's first render: a plain /merchants with that cookie is filtered.
    const next = new Request("http://tiangue.test/merchants", {
      headers: { cookie: document.cookie },
    });
    expect(shopperFilterOf(next, {})).toEqual({
      open: undefined,
      municipality: "San Miguel Centro",
    });
    // An explicit `municipality=` (any) wins over the cookie.
    const any = new Request("http://tiangue.test/merchants?municipality=", {
      headers: { cookie: document.cookie },
    });
    expect(shopperFilterOf(any, {}).municipality).toBeUndefined();

    // 'Cualquier municipio' forgets it.
    fireEvent.change(screen.getByLabelText("Entrega a mi municipio"), { target: { value: "" } });
    await waitFor(() => expect(where()).toBe("/merchants?municipality="));
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
    expect(sent.toString()).toBe("department=San+Miguel&municipality=&open=now");
  });
});
