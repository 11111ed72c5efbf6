import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "../../lib/toast";
import { DeleteMerchantFlow } from "./delete-merchant-flow";
import { jsonResponse, renderAdmin, stubFetch } from "../../test/test-utils";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const MERCHANT = { id: 7, name: "Pupusería La Ceiba" };

function setup() {
  const fetch = stubFetch({ "DELETE /api/admin/merchants/7": () => jsonResponse(null, 204) });
  const onClose = vi.fn();
  const view = renderAdmin(<DeleteMerchantFlow merchant={MERCHANT} onClose={onClose} />);
  return { ...view, fetch, onClose };
}

async function passTwoConfirmations(user: ReturnType<typeof setup>["user"]) {
  expect(screen.getByRole("alertdialog", { name: "¿Eliminar comercio?" })).toBeTruthy();
  await user.click(screen.getByRole("button", { name: "Continuar" }));
  expect(screen.getByRole("alertdialog", { name: "Confirmación final" })).toBeTruthy();
  await user.click(screen.getByRole("button", { name: "Sí, eliminar" }));
  expect(screen.getByRole("alertdialog", { name: "Escribe ELIMINAR para confirmar" })).toBeTruthy();
}

describe("DeleteMerchantFlow", () => {
  it.each(["eliminar", "ELIMINA", "", "BORRAR"])(
    "cancels when the typed word is %j instead of ELIMINAR",
    async (word) => {
      const { user, fetch, onClose } = setup();
      await passTwoConfirmations(user);
      if (word) await user.type(screen.getByLabelText("Palabra de confirmación"), word);
      await user.click(screen.getByRole("button", { name: "Eliminar comercio" }));

      expect(screen.getByText("Eliminación cancelada")).toBeTruthy();
      expect(screen.getByText("El comercio no ha sido eliminado")).toBeTruthy();
      expect(fetch).not.toHaveBeenCalled();
      expect(onClose).toHaveBeenCalled();
    },
  );

  it("cancels at the first warning without deleting", async () => {
    const { user, fetch, onClose } = setup();
    await user.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(screen.getByText("Eliminación cancelada")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it("cancels at the final confirmation without deleting", async () => {
    const { user, fetch } = setup();
    await user.click(screen.getByRole("button", { name: "Continuar" }));
    await user.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(screen.getByText("Eliminación cancelada")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("deletes after the two confirmations and ELIMINAR typed exactly", async () => {
    const { user, fetch, onClose } = setup();
    await passTwoConfirmations(user);
    await user.type(screen.getByLabelText("Palabra de confirmación"), "ELIMINAR{Enter}");

    await waitFor(() => expect(screen.getByText("Comercio eliminado")).toBeTruthy());
    expect(screen.getByText(/permanentemente/)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe("/api/admin/merchants/7");
    expect(onClose).toHaveBeenCalled();
  });

  it("says so when the server could not delete", async () => {
    stubFetch({ "DELETE /api/admin/merchants/7": () => jsonResponse({ message: "x" }, 500) });
    const { user } = renderAdmin(<DeleteMerchantFlow merchant={MERCHANT} onClose={() => {}} />);
    await passTwoConfirmations(user);
    await user.type(screen.getByLabelText("Palabra de confirmación"), "ELIMINAR");
    await user.click(screen.getByRole("button", { name: "Eliminar comercio" }));
    await waitFor(() => expect(screen.getByText("No se pudo eliminar el comercio")).toBeTruthy());
  });
});
