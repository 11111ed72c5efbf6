import type { z } from "zod";
import {
  LEGAL_NAME_MAX,
  LEGAL_NAME_MESSAGE,
  LEGAL_NAME_NEEDED_MESSAGE,
  readTaxId,
  TAX_ID_MESSAGE,
  TAX_ID_NEEDED_MESSAGE,
} from "../tax-id";
import { textField, tooLong, whenValid } from "./fields";

/**
 * Issue 37: a merchant's legal identity, asked by the registration, the portal's profile and
 * the admin forms, optional on the API (spec §7's payloads have neither). Left out: the
 * stored value stays (an edit through the spec's payload never erases it); null or empty:
 * removed; given: a name and a NIT or DUI (its check digit verified).
 */
export const legalNameField = textField(LEGAL_NAME_MESSAGE)
  .trim()
  .max(LEGAL_NAME_MAX, tooLong(LEGAL_NAME_MAX))
  .nullish();

export const taxIdField = textField(TAX_ID_MESSAGE)
  .trim()
  .max(40, TAX_ID_MESSAGE)
  .superRefine((value, ctx) => {
    if (value === "") return;
    const reading = readTaxId(value);
    if (!reading.ok) ctx.addIssue({ code: "custom", message: reading.message, input: value });
  })
  .nullish();

export const legalIdentityFields = { legalName: legalNameField, taxId: taxIdField };

type LegalInput = { legalName?: string | null; taxId?: string | null };

/** Both or neither, when both are sent: a NIT without its holder's name says nothing. */
function checkLegalPair(data: LegalInput, ctx: z.RefinementCtx) {
  if (data.legalName === undefined || data.taxId === undefined) return;
  const hasName = Boolean(data.legalName);
  const hasTaxId = Boolean(data.taxId);
  if (hasName && !hasTaxId) {
    ctx.addIssue({ code: "custom", message: TAX_ID_NEEDED_MESSAGE, path: ["taxId"], input: "" });
  } else if (hasTaxId && !hasName) {
    ctx.addIssue({
      code: "custom",
      message: LEGAL_NAME_NEEDED_MESSAGE,
      path: ["legalName"],
      input: "",
    });
  }
}

export const legalIdentityCheck = [checkLegalPair, whenValid("legalName", "taxId")] as const;

/**
 * As stored: undefined stays undefined (keep what is stored), empty becomes null, and the
 * number takes its written form (`06141505851015` → `0614-150585-101-5`).
 */
export function normalizeLegalIdentity(data: LegalInput): {
  legalName: string | null | undefined;
  taxId: string | null | undefined;
} {
  const taxId = data.taxId ? readTaxId(data.taxId) : null;
  return {
    legalName: data.legalName === undefined ? undefined : data.legalName || null,
    taxId: data.taxId === undefined ? undefined : taxId?.ok ? taxId.value : null,
  };
}
