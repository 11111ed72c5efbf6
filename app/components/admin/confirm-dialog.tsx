import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "../ui/button";

export interface ConfirmDialogProps {
  open: boolean;
  /** Called with false when the person cancels (button, Escape). */
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** The caller closes the dialog when it is done (e.g. after the request). */
  onConfirm: () => void;
  pending?: boolean;
  /** Extra content between the description and the buttons (e.g. a text field). */
  children?: ReactNode;
}

/** An accessible confirmation (Radix AlertDialog): focus starts on 'Cancelar', Escape cancels. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancelar",
  destructive = false,
  onConfirm,
  pending = false,
  children,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg bg-white p-5 shadow-xl sm:p-6">
          <AlertDialog.Title className="text-lg font-semibold text-stone-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="text-sm text-stone-700">{description}</div>
          </AlertDialog.Description>
          {/* A form, so Enter in a field of `children` confirms too. */}
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (!pending) onConfirm();
            }}
          >
            {children}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button variant="outline" disabled={pending}>
                  {cancelLabel}
                </Button>
              </AlertDialog.Cancel>
              <Button
                type="submit"
                variant={destructive ? "destructive" : "default"}
                disabled={pending}
              >
                {confirmLabel}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
