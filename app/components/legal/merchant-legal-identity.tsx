import { LEGAL_IDENTITY_MISSING, taxIdLine } from "../../../shared/legal-identity";

/**
 * Issue 37, 'Datos del comercio': who sells, as the consumer law asks an online shop to say
 * (razón social or the owner's name, and the NIT or DUI). Without them, it says so.
 */
export function MerchantLegalIdentity({
  legalName,
  taxId,
  title = "Datos del comercio",
  className = "",
}: {
  legalName: string | null;
  taxId: string | null;
  title?: string;
  className?: string;
}) {
  const line = taxIdLine(taxId);
  return (
    <section aria-label={title} className={className}>
      <h3 className="text-sm font-semibold text-stone-900">{title}</h3>
      {legalName || line ? (
        <dl className="mt-1 text-sm text-stone-700">
          {legalName && (
            <div>
              <dt className="inline">Razón social: </dt>
              <dd className="inline">{legalName}</dd>
            </div>
          )}
          {line && (
            <div>
              <dt className="inline">{line.slice(0, 3)}: </dt>
              <dd className="inline">{line.slice(4)}</dd>
            </div>
          )}
        </dl>
      ) : (
        <p className="mt-1 text-sm text-stone-500">{LEGAL_IDENTITY_MISSING}</p>
      )}
    </section>
  );
}
