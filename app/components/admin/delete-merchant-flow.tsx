import { useId, useState } from "react";
import { DELETE_CONFIRM_WORD } from "../../../shared/limits";
import { useDeleteMerchant } from "../../lib/admin-merchants-api";
import { toast } from "../../lib/toast";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { ConfirmDialog } from "./confirm-dialog";

type Step = "warning" | "final" | "type";

function cancelled() {
  toast({ title: "Eliminación cancelada", description: "El comercio no ha sido eliminado" });
}

/**
 * Spec §5: deleting a merchant takes three confirmations, a warning, a final confirm and
 * typing exactly ELIMINAR; anything else cancels. Mount it with the merchant to delete.
 */
export function DeleteMerchantFlow({
  merchant,
  onClose,
}: {
  merchant: { id: number; name: string; productCount?: number };
  onClose: () => void;
}) {
  const id = useId();
  const [step, setStep] = useState<Step>("warning");
  const [word, setWord] = useState("");
  const remove = useDeleteMerchant();

  const cancel = (open: boolean) => {
    if (open || remove.isPending) return;
    cancelled();
    onClose();
  };

  const confirmWord = () => {
    if (word.trim() !== DELETE_CONFIRM_WORD) {
      cancelled();
      onClose();
      return;
    }
    remove.mutate(merchant.id, { onSettled: onClose });
  };

  return (
    <>
      <ConfirmDialog
        open={step === "warning"}
        onOpenChange={cancel}
        title="¿Eliminar comercio?"
        description={
          <p>
            Vas a eliminar <strong>{merchant.name}</strong>. También se eliminarán todos sus
            productos y reseñas.
          </p>
        }
        confirmLabel="Continuar"
        destructive
        onConfirm={() => setStep("final")}
      />
      <ConfirmDialog
        open={step === "final"}
        onOpenChange={cancel}
        title="Confirmación final"
        description={
          <p>
            Esta acción es permanente y no se puede deshacer. ¿Seguro que quieres eliminar{" "}
            <strong>{merchant.name}</strong>?
          </p>
        }
        confirmLabel="Sí, eliminar"
        destructive
        onConfirm={() => setStep("type")}
      />
      <ConfirmDialog
        open={step === "type"}
        onOpenChange={cancel}
        title="Escribe ELIMINAR para confirmar"
        description={
          <p>
            Para eliminar <strong>{merchant.name}</strong> de forma permanente, escribe{" "}
            <strong>{DELETE_CONFIRM_WORD}</strong> en mayúsculas.
          </p>
        }
        confirmLabel={remove.isPending ? "Eliminando..." : "Eliminar comercio"}
        destructive
        pending={remove.isPending}
        onConfirm={confirmWord}
      >
        <div>
          <Label htmlFor={`${id}-word`}>Palabra de confirmación</Label>
          <Input
            id={`${id}-word`}
            className="mt-1"
            value={word}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(event) => setWord(event.target.value)}
          />
        </div>
      </ConfirmDialog>
    </>
  );
}
