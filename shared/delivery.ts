import { cookieValue } from "./cookies";
import { DEPARTMENTS } from "./el-salvador";
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

/** The cookie that remembers the shopper's municipality ('Entrega a mi municipio'). */
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

/** The cookie values the site itself writes (app/lib/shopper-filter.ts): one per municipality. */
let byCookieValue: Map<string, string> | undefined;

/**
 * The municipality a Cookie header remembers ('Entrega a mi municipio'): the first
 * MUNICIPALITY_COOKIE's value, by its proper name; undefined when there is none, or when it
 * is malformed or not one of the 44 (a page then shows every municipality). Pages read it in
 * their loaders, and the page cache keys a page by it (server/http/web-app.ts): one reading
 * for both, so a kept page is always the one its key names.
 */
export function rememberedMunicipality(header: string | null | undefined): string | undefined {
  const raw = cookieValue(header, MUNICIPALITY_COOKIE);
  if (!raw) return undefined;
  byCookieValue ??= new Map(ALL_MUNICIPALITIES.map((m) => [encodeURIComponent(m.name), m.name]));
  const known = byCookieValue.get(raw);
  if (known !== undefined) return known;
  try {
    return findMunicipality(decodeURIComponent(raw))?.name;
  } catch {
    // Not percent-encoding (e.g. a lone "%"): no municipality.
    return undefined;
  }
}

export function offersDelivery(fulfillment: Fulfillment | null): boolean {
  return fulfillment === "delivery" || fulfillment === "both";
}

/** Delivers to that municipality (one of the 44, by its proper name). */
export function deliversTo(merchant: DeliveryFacts, municipality: string): boolean {
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
      return merchant.deliveryMunicipalities.includes(municipality);
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
