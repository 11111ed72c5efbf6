/**
 * The mailbox an address reaches, for the caps that count e-mails per person (issue 37, M1):
 * letter case never matters, a plus-tag (`ana+1@…`) reaches the same mailbox at every provider
 * that has them (and a `+` is never a real part of a Salvadoran shopper's address), and Gmail
 * ignores dots in its local part and answers for googlemail.com as for gmail.com.
 *
 * Only for counting: the message still goes to the address as typed.
 */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

export function mailboxOf(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}
