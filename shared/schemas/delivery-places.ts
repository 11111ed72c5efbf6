import { z } from "zod";
import { DISTRICTS } from "../districts";
import { ALL_MUNICIPALITIES } from "../delivery";
import { findPlaces, type Place } from "../places";
import { parsePrice } from "../money";

/**
 * Issue 36's merchant fields of where and for how much it delivers: the places of its list
 * (municipalities and districts alike), its fees by place and its minimum order. Optional on
 * every merchant write, like the rest of merchantOperationsSchema.
 */

export const DELIVERY_PLACE_MESSAGE = "Municipio o distrito de entrega desconocido";
export const DELIVERY_FEES_MESSAGE = "Indica cada lugar con su costo de envío (ej: 2.00)";
export const DELIVERY_FEE_PLACE_MESSAGE = "Lugar desconocido: elige un municipio o un distrito";
export const DELIVERY_FEE_AMOUNT_MESSAGE = "Ingresa un costo de envío válido (ej: 2.50)";
export const DELIVERY_FEES_REPEATED_MESSAGE = "Cada lugar solo puede tener un costo de envío";
export const MINIMUM_ORDER_MESSAGE = "Ingresa un pedido mínimo válido (ej: 10.00)";
/** 400 of a fee for a place outside the merchant's delivery area. */
export const feeNotServedMessage = (place: string) =>
  `No entregas en ${place}: agrégalo a tus lugares de entrega o quita su costo`;

/** Every municipality and district once: the longest list a merchant can give. */
export const PLACES_MAX = ALL_MUNICIPALITIES.length + DISTRICTS.length;

/** 'Hay 3 distritos llamados El Rosario: elige uno, como El Rosario (La Paz Centro)'. */
export function sharedNameMessage(places: readonly Place[]): string {
  const first = places[0];
  const name = first.kind === "district" ? first.district : first.label;
  return `Hay ${places.length} distritos llamados ${name}: elige uno, como ${first.label}`;
}

/**
 * One place by its label, accents and case aside ('soyapango' → 'Soyapango'); a name several
 * districts share asks which one.
 */
export function placeField(message: string) {
  return z.string({ error: message }).transform((value, ctx) => {
    const found = findPlaces(value);
    if (found.length === 1) return found[0].label;
    ctx.addIssue({
      code: "custom",
      message: found.length > 1 ? sharedNameMessage(found) : message,
      input: value,
    });
    return z.NEVER;
  });
}

/** `deliveryMunicipalities`: municipalities and districts alike, each once. */
export const deliveryPlacesField = z
  .array(placeField(DELIVERY_PLACE_MESSAGE), { error: DELIVERY_PLACE_MESSAGE })
  .max(PLACES_MAX, DELIVERY_PLACE_MESSAGE)
  .transform((names) => [...new Set(names)])
  .optional();

/** Money as exact text: whole dollars and at most two decimals ("2", "2.5", "2.50"), ≥ 0. */
const EXACT_AMOUNT = /^\d{1,8}(?:\.\d{1,2})?$/;

/** An amount of money given exactly (a third decimal is refused, not rounded), as "2.50". */
function exactAmount(value: unknown): string | null {
  const text =
    typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  return EXACT_AMOUNT.test(text) ? parsePrice(text) : null;
}

const feeAmount = z.unknown().transform((value, ctx) => {
  const amount = exactAmount(value);
  if (amount === null) {
    ctx.addIssue({ code: "custom", message: DELIVERY_FEE_AMOUNT_MESSAGE, input: value });
    return z.NEVER;
  }
  return amount;
});

/**
 * `deliveryFees: [{place, fee}]`, fees that override the general one for a municipality or
 * a district; the list given replaces the stored one ([] or null: none).
 */
export const deliveryFeesField = z
  .array(
    z.object(
      { place: placeField(DELIVERY_FEE_PLACE_MESSAGE), fee: feeAmount },
      { error: DELIVERY_FEES_MESSAGE },
    ),
    { error: DELIVERY_FEES_MESSAGE },
  )
  .max(PLACES_MAX, DELIVERY_FEES_MESSAGE)
  .superRefine((fees, ctx) => {
    const seen = new Set<string>();
    fees.forEach((fee, index) => {
      if (seen.has(fee.place)) {
        ctx.addIssue({
          code: "custom",
          message: DELIVERY_FEES_REPEATED_MESSAGE,
          path: [index, "place"],
          input: fee.place,
        });
      }
      seen.add(fee.place);
    });
  })
  .nullish()
  .transform((fees) => (fees === undefined ? undefined : (fees ?? [])));

/** `minimumOrder`: exact decimal text ("10.00"); null, empty or "0" mean none. */
export const minimumOrderField = z
  .unknown()
  .transform((value, ctx) => {
    if (value === null || (typeof value === "string" && value.trim() === "")) return null;
    const amount = exactAmount(value);
    if (amount === null) {
      ctx.addIssue({ code: "custom", message: MINIMUM_ORDER_MESSAGE, input: value });
      return z.NEVER;
    }
    return /^0+\.00$/.test(amount) ? null : amount;
  })
  .optional();
