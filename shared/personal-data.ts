import { phoneDigits, SALVADOR_COUNTRY_CODE } from "./phone";

/**
 * A person's data, on request and in time (issue 37): the words and the keys the admin's
 * 'Datos personales', its API and the retention purge share.
 */

/** What a shopper's name, e-mail, address, reference and note become once erased. */
export const ERASED_TEXT = "Datos eliminados";
/** The author an erased review shows. */
export const ERASED_REVIEW_AUTHOR = "Cliente";
/** Why a notice to an erased person was never sent (its `lastError`). */
export const ERASED_NOTICE_REASON = "Cancelado: los datos personales del cliente se eliminaron";

export const PERSONAL_DATA_KEY_MESSAGE = "Indica el correo o el teléfono de la persona, uno solo";
export const PERSONAL_DATA_EMAIL_MESSAGE = "Ingresa un correo electrónico válido";
export const PERSONAL_DATA_PHONE_MESSAGE =
  "Ingresa un teléfono de El Salvador (7000-0000) o uno internacional con + y su código de país";

/** What the export says of the data the server does not hold. */
export const PERSONAL_DATA_NOTES = [
  "Los favoritos y el carrito se guardan solo en el navegador de la persona (almacenamiento local y cookies propias): no están en el servidor y no se incluyen.",
  "Las bajas de WhatsApp (BAJA) se conservan aunque se borren los datos: son lo que impide volver a escribirle a ese número.",
  "Los montos, las líneas, las fechas y la contabilidad de los comercios se conservan; solo se borran los datos que identifican a la persona.",
  "Los datos de un comercio (su ficha pública y su correo de acceso) se corrigen desde su ficha en el panel; esta herramienta no los borra.",
] as const;

export const PERSONAL_DATA_ACTIONS = ["export", "erase", "retention"] as const;
export type PersonalDataAction = (typeof PERSONAL_DATA_ACTIONS)[number];

export const PERSONAL_DATA_ACTION_LABELS: Record<PersonalDataAction, string> = {
  export: "Exportación",
  erase: "Eliminación",
  retention: "Conservación vencida",
};

export type PersonalDataKey = { kind: "email"; value: string } | { kind: "phone"; value: string };

/** An e-mail as it is compared: trimmed and lower-case (addresses are stored as typed). */
export const emailKey = (value: string) => value.trim().toLowerCase();

/**
 * A phone as it is compared, in E.164 ('+50377777777'), read the way shared/phone.ts reads a
 * Salvadoran number: '7777-7777', '7777 7777', '+503 7777-7777', '50377777777'. A landline
 * (2…) counts too: an order's phone may be one. Another country's number needs its '+'. Null
 * when it cannot be a phone.
 */
export function phoneKey(raw: string): string | null {
  const text = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  const digits = phoneDigits(text);
  if (/^[267]\d{7}$/.test(digits)) return `+${SALVADOR_COUNTRY_CODE}${digits}`;
  if (/^503[267]\d{7}$/.test(digits)) return `+${digits}`;
  if (text.startsWith("+") && /^[1-9]\d{7,14}$/.test(digits)) return `+${digits}`;
  return null;
}

/** A key for a file name: 'datos-ana-ejemplo-sv' or 'datos-50377777777'. */
export function exportFileName(key: PersonalDataKey, date: string): string {
  const safe = key.value.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return `datos-personales-${safe || "persona"}-${date}.json`;
}
