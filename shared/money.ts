/** Largest price numeric(10,2) holds. */
export const MAX_PRICE = "99999999.99";
const MAX_CENTS = 9_999_999_999;
// Totals may pass MAX_PRICE; 13 integer digits still keep cents exact in a double.
const MAX_INTEGER_DIGITS = 13;

/**
 * Reads a decimal string as integer cents, rounding half up past the second decimal;
 * null when it isn't a plain non-negative decimal.
 */
function textToCents(text: string): number | null {
  // A comma is a decimal separator only as '12,5' or '12,50': '1,234' could be thousands.
  const normalized = /^\d+,\d{1,2}$/.test(text) ? text.replace(",", ".") : text;
  const match = /^(\d*)(?:\.(\d*))?$/.exec(normalized);
  if (!match || !/\d/.test(normalized)) return null;
  const whole = match[1].replace(/^0+(?=\d)/, "");
  if (whole.length > MAX_INTEGER_DIGITS) return null;
  const fraction = (match[2] ?? "").padEnd(3, "0");
  const roundUp = fraction[2] >= "5" ? 1 : 0;
  return Number(whole || "0") * 100 + Number(fraction.slice(0, 2)) + roundUp;
}

function readCents(input: unknown): number | null {
  let text: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input) || input < 0) return null;
    text = String(input);
  } else if (typeof input === "string") {
    text = input.trim().replace(/^\$\s*/, "");
  } else {
    return null;
  }
  return textToCents(text);
}

/** Integer cents of a price; null for anything that isn't a valid price. */
export function priceToCents(input: unknown): number | null {
  const cents = readCents(input);
  return cents !== null && cents <= MAX_CENTS ? cents : null;
}

export function centsToPrice(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * A price as the database and API carry it ("12.50"), from a number or text
 * ('12', ' 12.5 ', '12,50', '$12.50'); null when invalid, negative or above MAX_PRICE.
 */
export function parsePrice(input: unknown): string | null {
  const cents = priceToCents(input);
  return cents === null ? null : centsToPrice(cents);
}

/** Cents of a price or a total (which may pass MAX_PRICE); throws when unreadable. */
function requireCents(price: string): number {
  const cents = readCents(price);
  if (cents === null) throw new RangeError(`Precio inválido: ${price}`);
  return cents;
}

/** '$12.50', for prices and totals; text that isn't an amount is shown as it is. */
export function formatPrice(price: string | number): string {
  const cents = readCents(price);
  return `$${cents === null ? price : centsToPrice(cents)}`;
}

/** Exact line total in cents arithmetic: multiplyPrice("0.10", 3) → "0.30". */
export function multiplyPrice(price: string, quantity: number): string {
  if (!Number.isInteger(quantity) || quantity < 0)
    throw new RangeError(`Cantidad inválida: ${quantity}`);
  return centsToPrice(requireCents(price) * quantity);
}

/** Exact sum in cents arithmetic: sumPrices(["0.10", "0.20"]) → "0.30". */
export function sumPrices(prices: readonly string[]): string {
  return centsToPrice(prices.reduce((total, price) => total + requireCents(price), 0));
}
