import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "../../lib/toast";
import { listPage, stubLists } from "../../test/list-stub";
import { aCategory, aMerchant, jsonResponse, renderAdmin } from "../../test/test-utils";
import { MerchantsTab } from "./merchants-tab";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe("'Comercios': the approved merchants without legal identity (issue 37)", () => {
  const complete = aMerchant({
    id: 1,
    name: "Panadería Ñandú",
    status: "approved",
    legalName: "Panificadora Ñandú, S.A. de C.V.",
    taxId: "0614-150585-101-5",
  });
  const lacking = aMerchant({ id: 2, name: "Café El Volcán", status: "approved" });
  const pending = aMerchant({ id: 3, name: "Tienda Nueva", status: "pending", approved: false });

  it("badges them, and lists only them on the server when asked", async () => {
    const stub = stubLists({
      "GET /api/admin/merchants": (url) =>
        url.searchParams.get("legal") === "missing"
          ? listPage([lacking], 1)
          : listPage([complete, lacking, pending], 3),
      "GET /api/admin/categories": () => jsonResponse([aCategory()]),
    });
    const { user } = renderAdmin(<MerchantsTab />);
    await screen.findByRole("heading", { name: "Comercios (3)" });
    const card = (name: string) => screen.getByRole("article", { name });
    expect(within(card("Café El Volcán")).queryByText("Sin datos legales")).toBeTruthy();
    expect(within(card("Panadería Ñandú")).queryByText("Sin datos legales")).toBeNull();
    // A pending application is not selling yet: no badge.
    expect(within(card("Tienda Nueva")).queryByText("Sin datos legales")).toBeNull();

    await user.click(screen.getByLabelText("Solo aprobados sin datos legales"));
    await waitFor(() =>
      expect(stub.urls("/api/admin/merchants").at(-1)).toBe(
        "/api/admin/merchants?limit=20&offset=0&legal=missing",
      ),
    );
    expect(await screen.findByRole("heading", { name: "Comercios (1)" })).toBeTruthy();
  });
});
