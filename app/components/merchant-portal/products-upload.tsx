import { FileUp } from "lucide-react";
import { useMemo, useState } from "react";
import { usePortalBulkUpload, usePortalMerchant } from "../../lib/merchant-api";
import { CatalogUploadContext, CatalogUploadDialog } from "../admin/catalog-upload-dialog";
import { Button } from "../ui/button";

/**
 * 'Subir catálogo CSV' in the portal's 'Productos' tab (issue 11): the admin's dialog, with
 * its preview and rules, sent to /api/merchant/{id}/bulk-upload-products for this merchant
 * only (no merchant select).
 */
export function ProductsUpload({ merchantId }: { merchantId: number }) {
  const merchant = usePortalMerchant(merchantId);
  const [open, setOpen] = useState(false);
  const upload = useMemo(
    () => ({ useUpload: () => usePortalBulkUpload(merchantId) }),
    [merchantId],
  );
  if (!merchant.data) return null;
  return (
    <CatalogUploadContext.Provider value={upload}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <FileUp aria-hidden />
        Subir catálogo CSV
      </Button>
      <CatalogUploadDialog
        open={open}
        onOpenChange={setOpen}
        merchants={[merchant.data]}
        merchantId={merchantId}
        merchantFixed
      />
    </CatalogUploadContext.Provider>
  );
}
