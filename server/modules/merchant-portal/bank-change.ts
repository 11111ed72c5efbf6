import type { Queryable } from "../../../db/client";
import { formatLongDateTime } from "../../../shared/dates";
import type { ServiceDeps } from "../../service-deps";
import { renderEmail, type RenderedEmail } from "../mail/mail.service";
import * as repo from "./merchant-portal.repository";

/**
 * Issue 37 L5: a change of a merchant's bank details (where shoppers send transfers) is
 * e-mailed to its sign-in address, in the change's transaction, so a stolen session or a
 * mistake cannot redirect payments unnoticed. Orders already placed keep the details their
 * checkout showed (orders.bank_details).
 */
export interface BankFields {
  bankName: string | null;
  accountHolder: string | null;
  accountNumber: string | null;
  accountType: string | null;
}

/** The merchant row before and after the change, as the merchants service's hook gives them. */
export type BankBefore = BankFields & { email: string };
export type BankAfter = BankFields & { id: number; name: string; updatedAt: Date };

const LABELS: Record<keyof BankFields, string> = {
  bankName: "Banco",
  accountHolder: "Titular",
  accountNumber: "Número de cuenta",
  accountType: "Tipo de cuenta",
};

/** '•••• 1012': only the last four characters of an account number are ever e-mailed. */
export function maskAccountNumber(value: string | null): string {
  if (!value) return "(sin datos)";
  const plain = value.replace(/[\s-]/g, "");
  return `•••• ${plain.slice(-4)}`;
}

const shown = (key: keyof BankFields, value: string | null) =>
  key === "accountNumber" ? maskAccountNumber(value) : value?.trim() || "(sin datos)";

/** The rows 'Banco: A → B' of what changed; empty when nothing did. */
export function bankChanges(before: BankFields, after: BankFields): [string, string][] {
  return (Object.keys(LABELS) as (keyof BankFields)[])
    .filter((key) => (before[key] ?? "").trim() !== (after[key] ?? "").trim())
    .map((key) => [LABELS[key], `${shown(key, before[key])} → ${shown(key, after[key])}`]);
}

export function bankDetailsChangedEmail(input: {
  publicUrl: string;
  merchantName: string;
  changes: [string, string][];
  at: Date;
}): RenderedEmail {
  return renderEmail({
    subject: "Cambiaron los datos bancarios de tu comercio en Tiangue",
    heading: `Cambiaron los datos bancarios de ${input.merchantName}`,
    blocks: [
      `El ${formatLongDateTime(input.at)} (hora de El Salvador) cambiaron los datos de la cuenta a la que tus clientes te transfieren:`,
      { rows: input.changes },
      "Los pedidos hechos antes del cambio siguen mostrando la cuenta que tenían; los nuevos muestran la nueva.",
      "Si no hiciste este cambio, entra al portal ahora, corrige los datos y escríbenos: alguien podría estar desviando los pagos de tus clientes.",
      { button: { label: "Entrar a Tiangue", url: `${input.publicUrl}/merchant/login` } },
    ],
    footer: "Recibes este correo porque es el correo de acceso de un comercio en Tiangue.",
  });
}

/**
 * Queues the notice when the bank details differ, to the sign-in address as it stood before
 * the change (a contact e-mail changed in the same request is not the sign-in one yet).
 */
export async function noticeBankChange(
  deps: Pick<ServiceDeps, "config" | "mail">,
  tx: Queryable,
  before: BankBefore,
  row: BankAfter,
): Promise<boolean> {
  const changes = bankChanges(before, row);
  if (changes.length === 0) return false;
  const stored = await repo.findSignInEmail(tx, row.id);
  const to = stored?.custom ? stored.email : before.email;
  await deps.mail.enqueue(tx, {
    kind: "merchant.bank-details-changed",
    dedupeKey: `bank-details-changed:${row.id}:${row.updatedAt.getTime()}`,
    to,
    ...bankDetailsChangedEmail({
      publicUrl: deps.config.publicUrl,
      merchantName: row.name,
      changes,
      at: row.updatedAt,
    }),
  });
  return true;
}
