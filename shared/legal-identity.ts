/*
 * A merchant's legal identity as pages, receipts and e-mails show it (issue 37). Apart from
 * the validator (tax-id.ts), so the pages that only show it do not load the forms' rules.
 */

/** 'NIT' or 'DUI', as the number is labelled where it is shown. */
export function taxIdLabel(value: string): "NIT" | "DUI" {
  return value.replace(/\D/g, "").length === 9 ? "DUI" : "NIT";
}

/** A merchant's legal identity, as the pages, receipts and e-mails show it. */
export interface LegalIdentity {
  legalName: string | null;
  taxId: string | null;
}

/** 'NIT 0614-150585-101-5' / 'DUI 04567890-3', or null when not given. */
export function taxIdLine(taxId: string | null): string | null {
  return taxId ? `${taxIdLabel(taxId)} ${taxId}` : null;
}

/** What a page, receipt or e-mail says of a merchant without its legal identity. */
export const LEGAL_IDENTITY_MISSING = "El comercio aún no registró su razón social ni su NIT.";
