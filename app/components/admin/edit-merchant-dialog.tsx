import type { AdminMerchantDto } from "../../../shared/api-types";
import { useAdminCategories } from "../../lib/admin-categories-api";
import { useUpdateMerchant } from "../../lib/admin-merchants-api";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { WIDE_DIALOG } from "./dialog-layout";
import { MerchantForm } from "./merchant-form";

/** 'Editar Comercio': every field but the slug; approval has its own action. */
export function EditMerchantDialog({
  merchant,
  onOpenChange,
}: {
  /** The merchant being edited; null keeps the dialog closed. */
  merchant: AdminMerchantDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const categories = useAdminCategories();
  const update = useUpdateMerchant();
  return (
    <Dialog open={merchant !== null} onOpenChange={onOpenChange}>
      <DialogContent className={WIDE_DIALOG}>
        <DialogHeader>
          <DialogTitle>Editar Comercio</DialogTitle>
          <DialogDescription>
            {merchant?.name}. Los campos marcados con * son obligatorios.
          </DialogDescription>
        </DialogHeader>
        {merchant && (
          <MerchantForm
            key={merchant.id}
            mode="edit"
            merchant={merchant}
            categories={categories.data ?? []}
            onCancel={() => onOpenChange(false)}
            onSubmit={async (payload) => {
              await update.mutateAsync({ id: merchant.id, payload });
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
