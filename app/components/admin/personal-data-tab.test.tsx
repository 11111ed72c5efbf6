import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PersonalDataRequestDto } from "../../../shared/contracts/personal-data";
import { PERSONAL_DATA_PHONE_MESSAGE } from "../../../shared/personal-data";
import { dismissToast } from "../../lib/toast";
import { listPage, stubLists } from "../../test/list-stub";
import { jsonResponse, renderAdmin } from "../../test/test-utils";
import { PersonalDataTab } from "./personal-data-tab";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const ENTRY: PersonalDataRequestDto = {
  id: 1,
  action: "erase",
  key: { kind: "email", value: "ana@ejemplo.sv" },
  actor: "admin",
  rows: 9,
  counts: { orders: 2, reviews: 1, notices: 5, consents: 1 },
  createdAt: "2026-12-01T16:00:00.000Z",
};

describe("'Datos personales' (issue 37)", () => {
  it("lists the recent requests with who, what and how many rows", async () => {
    stubLists({ "GET /api/admin/personal-data/requests": () => listPage([ENTRY], 1) });
    renderAdmin(<PersonalDataTab />);
    const card = (await screen.findByText("ana@ejemplo.sv")).closest("div")!.parentElement!;
    expect(within(card).getByText("Eliminación")).toBeTruthy();
    expect(card.textContent).toContain("por admin");
    expect(card.textContent).toContain("9 filas (2 pedidos, 1 reseña, 5 avisos, 1 consentimiento)");
  });

  it("refuses a phone that is none before asking, and erases by phone after the confirmation", async () => {
    const api = stubLists({
      "GET /api/admin/personal-data/requests": () => listPage([]),
      "POST /api/admin/personal-data/erase": () =>
        jsonResponse({ orders: 1, reviews: 0, notices: 3, consents: 1 }),
    });
    renderAdmin(<PersonalDataTab />);
    fireEvent.change(screen.getByLabelText("Buscar por"), { target: { value: "phone" } });
    const input = screen.getByLabelText("Teléfono");
    fireEvent.change(input, { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Eliminar datos" }));
    expect((await screen.findByRole("alert")).textContent).toBe(PERSONAL_DATA_PHONE_MESSAGE);
    expect(api.bodies("POST /api/admin/personal-data/erase")).toEqual([]);

    fireEvent.change(input, { target: { value: "7000-1234" } });
    fireEvent.click(screen.getByRole("button", { name: "Eliminar datos" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("Datos eliminados");
    expect(dialog.textContent).toContain("No se puede deshacer");
    fireEvent.click(within(dialog).getByRole("button", { name: "Eliminar datos" }));
    await waitFor(() =>
      expect(api.bodies("POST /api/admin/personal-data/erase")).toEqual([{ phone: "7000-1234" }]),
    );
    expect((await screen.findByRole("status")).textContent).toContain(
      "1 pedido, 0 reseñas, 3 avisos, 1 consentimiento",
    );
  });

  it("downloads the export as the file the server names", async () => {
    const api = stubLists({
      "GET /api/admin/personal-data/requests": () => listPage([]),
      "GET /api/admin/personal-data": () =>
        new Response(JSON.stringify({ orders: [] }), {
          status: 200,
          headers: {
            "content-type": "application/json",
            "content-disposition": 'attachment; filename="datos-personales-ana-2026-12-03.json"',
          },
        }),
    });
    const created = vi.fn(() => "blob:datos");
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderAdmin(<PersonalDataTab />);
    fireEvent.change(screen.getByLabelText("Correo"), { target: { value: "ana@ejemplo.sv" } });
    fireEvent.click(screen.getByRole("button", { name: "Exportar (JSON)" }));
    await waitFor(() => expect(clicked).toEqual(["datos-personales-ana-2026-12-03.json"]));
    expect(api.urls("/api/admin/personal-data")).toEqual([
      "/api/admin/personal-data?email=ana%40ejemplo.sv",
    ]);
    click.mockRestore();
  });
});
