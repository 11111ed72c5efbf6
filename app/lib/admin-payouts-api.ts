import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MerchantBalanceDto, PayoutDto } from "../../shared/api-types";
import type { PayoutInput } from "../../shared/schemas/order-life";
import { formatPrice } from "../../shared/money";
import { ADMIN_KEYS } from "./admin-api";
import { apiRequest } from "./api";
import { invalidateLists, serverMessage, toastFailure } from "./back-office-api";
import { toast } from "./toast";

// Issue 25. (Every notice, e-mails included, is admin-notices-api.ts: issue 35's 'Avisos'.)

/** The balances as a CSV download (issue 25). */
export const ADMIN_PAYOUTS_CSV_URL = `${ADMIN_KEYS.payouts}?format=csv`;

/** What Tiangue owes each merchant for its delivered card orders, and what it paid. */
export const useAdminPayouts = () =>
  useQuery<MerchantBalanceDto[]>({ queryKey: [ADMIN_KEYS.payouts] });

/** 'Registrar pago': a payout to one merchant (409 when it passes the balance). */
export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ merchantId, ...payout }: { merchantId: number } & PayoutInput) =>
      apiRequest<PayoutDto>("POST", `/api/admin/merchants/${merchantId}/payouts`, payout),
    onSuccess: (payout) => {
      toast({
        title: "Pago registrado",
        description: `${formatPrice(payout.amount)} · ${payout.reference}`,
      });
      return invalidateLists(queryClient, [ADMIN_KEYS.payouts]);
    },
    onError: (error) => toastFailure("Error", serverMessage(error, "No se pudo registrar el pago")),
  });
}
