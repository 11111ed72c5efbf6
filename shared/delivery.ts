import { cookieValue } from "./cookies";
import { DEPARTMENTS } from "./el-salvador";
import { centsToPrice, formatPrice, priceToCents } from "./money";
import { districtLabel, findZone, PLACES } from "./places";
import { stripAccents } from "./slug";

/** How a merchant serves its customers (issue 12). */
export const FULFILLMENTS = ["delivery", "pickup", "both"] as const;
export type Fulfillment = (typeof FULFILLMENTS)[number];

export const FULFILLMENT_LABELS: Record<Fulfillment, string> = {
  delivery: "Entrega a domicilio",
  pickup: "Recoger en tienda",
  both: "Entrega a domicilio y recoger en tienda",
};

/** Where it delivers: its own department, a list of municipalities, or the whole country. */
export const DELIVERY_AREAS = ["department", "municipalities", "country"] as const;
export type DeliveryArea = (typeof DELIVERY_AREAS)[number];

export const DELIVERY_AREA_LABELS: Record<DeliveryArea, string> = {
  department: "Todo su departamento",
  municipalities: "Municipios seleccionados",
  country: "Todo El Salvador",
};

/** The longest delivery note ('Envío $2.50 en San Salvador Centro'). */
export const DELIVERY_NOTE_MAX = 200;

/**
 * The cookie that remembers the shopper's zone ('Entrega en mi zona', issue 36: a
 * municipality or a district's label; before it, 'Entrega a mi municipio', a municipality).
 */
export const MUNICIPALITY_COOKIE = "tiangue_municipio";
export const MUNICIPALITY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const UNKNOWN_MUNICIPALITY = "Municipio desconocido";

export interface DeliveryFacts {
  department: string | null;
  municipality: string | null;
  fulfillment: Fulfillment | null;
  deliveryArea: DeliveryArea | null;
  deliveryMunicipalities: readonly string[];
}

export const ALL_MUNICIPALITIES: readonly { name: string; department: string }[] =
  DEPARTMENTS.flatMap((d) => d.municipalities.map((name) => ({ name, department: d.name })));

const fold = (text: string) => stripAccents(text).trim().toLowerCase().replace(/\s+/g, " ");

/** The 44 by their folded names, made on first use: a page request looks one up (issue 27). */
let byFoldedName: Map<string, { name: string; department: string }> | undefined;

/** 'san salvador centro' → 'San Salvador Centro' and its department; undefined if not one of the 44. */
export function findMunicipality(text: string): { name: string; department: string } | undefined {
  byFoldedName ??= new Map(ALL_MUNICIPALITIES.map((m) => [fold(m.name), m]));
  return byFoldedName.get(fold(text));
}

/** The cookie values the site itself writes (app/lib/shopper-filter.ts): one per place. */
let byCookieValue: Map<string, string> | undefined;

/**
 * The zone a Cookie header remembers ('Entrega en mi zona'): the first MUNICIPALITY_COOKIE's
 * value, as its label (a municipality, a district's label, or a shared district name);
 * undefined when there is none, or when it is malformed or names no place (a page then shows
 * every zone). Pages read it in their loaders, and the page cache keys a page by it
 * (server/http/web-app.ts): one reading for both, so a kept page is always the one its key
 * names, and no value outside the fixed places can make a key.
 */
export function rememberedZone(header: string | null | undefined): string | undefined {
  const raw = cookieValue(header, MUNICIPALITY_COOKIE);
  if (!raw) return undefined;
  byCookieValue ??= new Map(PLACES.map((p) => [encodeURIComponent(p.label), p.label]));
  const known = byCookieValue.get(raw);
  if (known !== undefined) return known;
  try {
    return findZone(decodeURIComponent(raw))?.label;
  } catch {
    // Not percent-encoding (e.g. a lone "%"): no zone.
    return undefined;
  }
}

export function offersDelivery(fulfillment: Fulfillment | null): boolean {
  return fulfillment === "delivery" || fulfillment === "both";
}

/**
 * Delivers to that municipality (one of the 44, by its proper name) or, given, to that
 * district of it (its name): a list holding the whole municipality delivers to each of
 * its districts, one holding a district to that district alone.
 */
export function deliversTo(
  merchant: DeliveryFacts,
  municipality: string,
  district?: string | null,
): boolean {
  if (!offersDelivery(merchant.fulfillment)) return false;
  switch (merchant.deliveryArea) {
    case "country":
      return true;
    case "department":
      return (
        merchant.department !== null &&
        findMunicipality(municipality)?.department === merchant.department
      );
    case "municipalities":
      return (
        merchant.deliveryMunicipalities.includes(municipality) ||
        (!!district &&
          merchant.deliveryMunicipalities.includes(districtLabel(municipality, district)))
      );
    default:
      return false;
  }
}

/** Located there or delivering there: what `?municipality=` means. */
export function servesMunicipality(merchant: DeliveryFacts, municipality: string): boolean {
  return merchant.municipality === municipality || deliversTo(merchant, municipality);
}

/** 'Entrega en: todo San Salvador' and the like, for the merchant page; null without delivery. */
export function describeDeliveryArea(merchant: DeliveryFacts): string | null {
  if (!offersDelivery(merchant.fulfillment)) return null;
  switch (merchant.deliveryArea) {
    case "country":
      return "Entrega en todo El Salvador";
    case "department":
      return merchant.department ? `Entrega en todo ${merchant.department}` : null;
    case "municipalities":
      return merchant.deliveryMunicipalities.length > 0
        ? `Entrega en ${merchant.deliveryMunicipalities.join(", ")}`
        : null;
    default:
      return null;
  }
}

/** Issue 36: a fee for one place (a municipality or a district's label), over the general fee. */
export interface PlaceFee {
  place: string;
  fee: string;
}

/**
 * The fee a merchant charges for delivering there: its district's, else its municipality's,
 * else the general one (null: 'Envío por coordinar').
 */
export function placeFeeFor(
  merchant: { deliveryFee: string | null; deliveryFees?: readonly PlaceFee[] },
  address: { municipality: string; district?: string | null } | null | undefined,
): string | null {
  const fees = merchant.deliveryFees ?? [];
  if (address && fees.length > 0) {
    const district = address.district
      ? districtLabel(address.municipality, address.district)
      : null;
    const found =
      (district && fees.find((f) => f.place === district)) ||
      fees.find((f) => f.place === address.municipality);
    if (found) return found.fee;
  }
  return merchant.deliveryFee;
}

/** '$2.00 en Soyapango, $3.50 en Ilopango', for the merchant page; null without fees by place. */
export function describePlaceFees(fees: readonly PlaceFee[]): string | null {
  if (fees.length === 0) return null;
  return fees.map((f) => `${formatPrice(f.fee)} en ${f.place}`).join(", ");
}

/** What is missing for a merchant's minimum order ("2.50"), or null when the subtotal reaches it. */
export function minimumOrderShortfall(
  minimumOrder: string | null,
  subtotal: string,
): string | null {
  if (minimumOrder === null) return null;
  const missing = (priceToCents(minimumOrder) ?? 0) - (priceToCents(subtotal) ?? 0);
  return missing > 0 ? centsToPrice(missing) : null;
}

/** The cart's note: 'Te faltan $2.50 para el pedido mínimo de $10.00'. */
export const minimumOrderMissingMessage = (missing: string, minimum: string) =>
  `Te faltan ${formatPrice(missing)} para el pedido mínimo de ${formatPrice(minimum)}`;

/** The checkout's 409: 'El pedido mínimo de Pupusería Doña Tere es $10.00'. */
export const minimumOrderMessage = (merchantName: string, minimum: string) =>
  `El pedido mínimo de ${merchantName} es ${formatPrice(minimum)}`;
