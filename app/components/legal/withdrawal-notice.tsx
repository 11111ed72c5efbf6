import {
  WITHDRAWAL_EXCLUSIONS,
  WITHDRAWAL_TEXT,
  WITHDRAWAL_TITLE,
} from "../../../shared/consumer-rights";

/**
 * Issue 37: the right of withdrawal of a distance purchase, in the words of
 * shared/consumer-rights.ts (the terms, every order page and the receipt show the same).
 */
export function WithdrawalNotice({
  headingLevel = 2,
  className = "",
}: {
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="derecho-de-retracto" className={className}>
      <Heading id="derecho-de-retracto" className="font-semibold text-stone-900">
        {WITHDRAWAL_TITLE}
      </Heading>
      <p className="mt-1 text-sm text-stone-700">{WITHDRAWAL_TEXT}</p>
      <p className="mt-1 text-sm text-stone-700">{WITHDRAWAL_EXCLUSIONS}</p>
    </section>
  );
}
