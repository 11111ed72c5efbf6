import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { LazyConfirmDialog } from "./lazy-confirm-dialog";

// Counts the loads of the dialog's module (Radix AlertDialog): the factory runs on its first import.
const dialogModule = vi.hoisted(() => ({ loads: 0 }));
vi.mock("./confirm-dialog", async (importOriginal) => {
  dialogModule.loads += 1;
  return importOriginal();
});

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Cancelar pedido
      </button>
      <LazyConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="¿Cancelar el pedido ES-2026-000001?"
        description={<p>Esta acción no se puede deshacer.</p>}
        confirmLabel="Sí, cancelar pedido"
        cancelLabel="No, mantenerlo"
        destructive
        onConfirm={onConfirm}
      />
    </>
  );
}

describe("LazyConfirmDialog", () => {
  it("loads the dialog only when first opened, then behaves as ConfirmDialog", async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const user = userEvent.setup({ delay: null });
    // Closed: nothing rendered, nothing loaded.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(dialogModule.loads).toBe(0);

    await user.click(screen.getByRole("button", { name: "Cancelar pedido" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialogModule.loads).toBe(1);
    expect(dialog.textContent).toContain("¿Cancelar el pedido ES-2026-000001?");
    expect(dialog.textContent).toContain("Esta acción no se puede deshacer.");
    // Focus starts on the cancel button; Escape cancels.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole("button", { name: "No, mantenerlo" }),
      ),
    );
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());

    // Open again: 'No, mantenerlo' closes it without confirming.
    await user.click(screen.getByRole("button", { name: "Cancelar pedido" }));
    await user.click(await screen.findByRole("button", { name: "No, mantenerlo" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();

    // And 'Sí, cancelar pedido' confirms.
    await user.click(screen.getByRole("button", { name: "Cancelar pedido" }));
    await user.click(await screen.findByRole("button", { name: "Sí, cancelar pedido" }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(dialogModule.loads).toBe(1);
  });
});
