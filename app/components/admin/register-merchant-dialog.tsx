import { useAdminCategories } from "../../lib/admin-categories-api";
import { useCreateMerchant } from "../../lib/admin-merchants-api";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { WIDE_DIALOG } from "./dialog-layout";
import { MerchantForm } from "./merchant-form";

/** 'Registrar Nuevo Comercio': the merchant form with 'Publicar inmediatamente' (default on). */
export function RegisterMerchantDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const categories = useAdminCategories();
  const create = useCreateMerchant();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={WIDE_DIALOG}>
        <DialogHeader>
          <DialogTitle>Registrar Nuevo Comercio</DialogTitle>
          <DialogDescription>Los campos marcados con * son obligatorios.</DialogDescription>
        </DialogHeader>
        <MerchantForm
          mode="create"
          categories={categories.data ?? []}
          onCancel={() => onOpenChange(false)}
          onSubmit={async (payload) => {
            await create.mutateAsync(payload);
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
