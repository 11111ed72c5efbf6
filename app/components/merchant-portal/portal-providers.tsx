import { type ReactNode, useMemo } from "react";
import { portalUrl, useCreatePortalProduct, useUpdatePortalProduct } from "../../lib/merchant-api";
import { UploadEndpointContext } from "../../lib/upload";
import { ProductSaveContext, type ProductSaveHooks } from "../admin/product-form";

/**
 * Points the admin's image inputs and product form at this merchant's portal routes, so
 * the portal reuses them unchanged: uploads go to /api/merchant/{id}/images and product
 * saves to /api/merchant/{id}/products.
 */
export function PortalProviders({
  merchantId,
  children,
}: {
  merchantId: number;
  children: ReactNode;
}) {
  const saves = useMemo<ProductSaveHooks>(
    () => ({
      useCreate: () => useCreatePortalProduct(merchantId),
      useUpdate: () => useUpdatePortalProduct(merchantId),
    }),
    [merchantId],
  );
  return (
    <UploadEndpointContext.Provider value={portalUrl(merchantId, "/images")}>
      <ProductSaveContext.Provider value={saves}>{children}</ProductSaveContext.Provider>
    </UploadEndpointContext.Provider>
  );
}
