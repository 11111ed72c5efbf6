import { sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { merchants, orders } from "../../../db/schema/index";

/**
 * Issue 37 L5: keeps on a transfer order its merchant's bank details as they are now, in the
 * checkout's transaction, so the order page keeps showing the account the shopper was given
 * whatever the merchant changes later. Nothing is kept when the details are incomplete.
 */
export async function copyBankDetails(tx: Queryable, orderId: number): Promise<void> {
  await tx.execute(sql`
    update ${orders} set bank_details = jsonb_build_object(
        'bankName', m.bank_name, 'accountHolder', m.account_holder,
        'accountNumber', m.account_number, 'accountType', coalesce(m.account_type, 'Ahorro'))
      from ${merchants} m
     where ${orders.id} = ${orderId} and m.id = ${orders.merchantId}
       and m.bank_name is not null and m.account_holder is not null and m.account_number is not null`);
}
