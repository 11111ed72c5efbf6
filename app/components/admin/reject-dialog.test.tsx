import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "../../lib/toast";
import { RejectDialog } from "./reject-dialog";
import { jsonResponse, renderAdmin, stubFetch } from "../../test/test-utils";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const reasonField = () => screen.getByLabelText("Razón del rechazo");
const rejectButton = () => screen.getByRole("button", { name: "Rechazar" });

describe("RejectDialog", () => {
  it("keeps 'Rechazar' disabled while the reason is empty or blank", async () => {
    const fetch = stubFetch({});
    const { user } = renderAdmin(
      <RejectDialog merchant={{ id: 7, name: "La Ceiba" }} onOpenChange={() => {}} />,
    );
    expect(screen.getByRole("dialog", { name: "Rechazar Comercio" })).toBeTruthy();
    expect(rejectButton()).toHaveProperty("disabled", true);

    await user.type(reasonField(), "   ");
    expect(rejectButton()).toHaveProperty("disabled", true);
    await user.tab();
    expect(screen.getByRole("alert").textContent).toBe(
      "Por favor proporciona una razón para el rechazo",
    );

    await user.type(reasonField(), "Datos falsos");
    expect(rejectButton()).toHaveProperty("disabled", false);
    await user.clear(reasonField());
    expect(rejectButton()).toHaveProperty("disabled", true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends the trimmed reason, confirms and closes", async () => {
    const fetch = stubFetch({
      "POST /api/admin/merchants/7/reject": (body) => jsonResponse({ id: 7, body }),
    });
    const onOpenChange = vi.fn();
    const { user } = renderAdmin(
      <RejectDialog merchant={{ id: 7, name: "La Ceiba" }} onOpenChange={onOpenChange} />,
    );
    await user.type(reasonField(), "  No se pudo verificar  ");
    await user.click(rejectButton());

    await waitFor(() => expect(screen.getByText("Comercio rechazado")).toBeTruthy());
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({
      reason: "No se pudo verificar",
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the server's message, or the fallback, when rejecting fails", async () => {
    stubFetch({ "POST /api/admin/merchants/7/reject": () => jsonResponse({}, 500) });
    const onOpenChange = vi.fn();
    const { user } = renderAdmin(
      <RejectDialog merchant={{ id: 7, name: "La Ceiba" }} onOpenChange={onOpenChange} />,
    );
    await user.type(reasonField(), "Duplicado");
    await user.click(rejectButton());
    await waitFor(() => expect(screen.getByText("Error al rechazar el comercio")).toBeTruthy());
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
