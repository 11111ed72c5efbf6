import type { ReactNode } from "react";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * 'Eliminar' confirmation of one list item: open while `target` is set, can't be dismissed
 * while deleting, and closes once the request settles.
 */
export function ConfirmDeleteDialog({
  target,
  onClose,
  remove,
  title,
  description,
}: {
  target: { id: number } | null;
  onClose: () => void;
  /** The delete mutation, called with the item's id. */
  remove: { isPending: boolean; mutate: (id: number, options: { onSettled: () => void }) => void };
  title: string;
  description: ReactNode;
}) {
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title={title}
      description={description}
      confirmLabel={remove.isPending ? "Eliminando..." : "Eliminar"}
      destructive
      pending={remove.isPending}
      onConfirm={() => target && remove.mutate(target.id, { onSettled: onClose })}
    />
  );
}
