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

/** 'san salvador centro' → 'San Salvador Centro' and its department; undefined if not one of the 44. */
export function findMunicipality(text: string): { name: string; department: string } | undefined {
  const key = fold(text);
  return ALL_MUNICIPALITIES.find((m) => fold(m.name) === key);
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
