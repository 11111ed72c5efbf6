import { useId, useState } from "react";
import { REJECT_REASON_MAX } from "../../../shared/limits";
import { REJECT_REASON_MESSAGE } from "../../../shared/schemas/reject";
import { useRejectMerchant } from "../../lib/admin-merchants-api";
import { Button } from "../ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../ui/dialog";
import { FieldError } from "../ui/field-error";
import { Label } from "../ui/label";
import { Textarea } from "../ui/textarea";

/** 'Rechazar Comercio': a reason is required, so the button stays disabled while it is empty. */
export function RejectDialog({
  merchant,
  onOpenChange,
}: {
  merchant: { id: number; name: string } | null;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const reject = useRejectMerchant();
  const empty = reason.trim() === "";

  const close = (open: boolean) => {
    if (open) return;
    setReason("");
    setTouched(false);
    onOpenChange(false);
  };

  return (
    <Dialog open={merchant !== null} onOpenChange={close}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setTouched(true);
            if (empty || !merchant || reject.isPending) return;
            reject.mutate(
              { id: merchant.id, reason: reason.trim() },
              { onSuccess: () => close(false) },
            );
          }}
        >
          <DialogHeader>
            <DialogTitle>Rechazar Comercio</DialogTitle>
            <DialogDescription>
              Indica por qué se rechaza la solicitud de {merchant?.name}.
            </DialogDescription>
          </DialogHeader>
          <div>
            <Label htmlFor={`${id}-reason`}>Razón del rechazo</Label>
            <Textarea
              id={`${id}-reason`}
              className="mt-1"
              rows={4}
              maxLength={REJECT_REASON_MAX}
              value={reason}
              aria-required
              aria-invalid={touched && empty ? true : undefined}
              aria-describedby={`${id}-reason-message`}
              onChange={(event) => setReason(event.target.value)}
              onBlur={() => setTouched(true)}
              placeholder="Ej.: la información de contacto no se pudo verificar"
            />
            {touched && empty ? (
              <FieldError id={`${id}-reason-message`}>{REJECT_REASON_MESSAGE}</FieldError>
            ) : (
              <p id={`${id}-reason-message`} className="mt-1 text-xs text-stone-600">
                {REJECT_REASON_MESSAGE}.
              </p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)} disabled={reject.isPending}>
              Cancelar
            </Button>
            <Button type="submit" variant="destructive" disabled={empty || reject.isPending}>
              {reject.isPending ? "Rechazando..." : "Rechazar"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
