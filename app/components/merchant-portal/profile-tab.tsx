import { usePortalMerchant, useUpdatePortalMerchant } from "../../lib/merchant-api";
import { ListError, ListLoading } from "../admin/list-states";
import { Card } from "../ui/card";
import { ProfileForm } from "./profile-form";

/** 'Mi comercio': loads the merchant as stored and edits it. */
export function ProfileTab({ merchantId }: { merchantId: number }) {
  const merchant = usePortalMerchant(merchantId);
  const update = useUpdatePortalMerchant(merchantId);
  if (merchant.isPending) return <ListLoading rows={2} />;
  if (merchant.isError) return <ListError />;
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-4 text-lg font-semibold text-stone-900">Mi comercio</h2>
      <ProfileForm
        key={merchant.data.id}
        merchant={merchant.data}
        onSubmit={(payload) => update.mutateAsync(payload)}
      />
    </Card>
  );
}
