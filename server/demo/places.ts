import { findDistrictOf } from "../../shared/districts";
import type { PlaceFee } from "../../shared/delivery";

/**
 * Issue 36 in the demo: each shop's district, read from the old name its address ends with
 * ('…, Santa Tecla'), and a few shops that deliver to chosen districts, charge by place and
 * take orders from a minimum, so the first `npm start` shows them. Nothing here draws from
 * the seeded random numbers: the rest of the demo stays as it was.
 */

/** The district an address names last, when it is one of the municipality's. */
export function demoDistrict(municipality: string, address: string): string | null {
  const last = address.split(",").at(-1)?.trim() ?? "";
  return findDistrictOf(municipality, last)?.name ?? null;
}

interface DemoPlaceTerms {
  deliveryMunicipalities?: string[];
  deliveryFees?: PlaceFee[];
  minimumOrder?: string | null;
}

/** By the shop's name: what it sets beside the general terms of its kind (plan.ts). */
const PLACE_TERMS: Readonly<Record<string, DemoPlaceTerms>> = {
  // A bakery in Ilopango: its own district and Soyapango cheaper, the capital dearer.
  "Panadería Santa Lucía": {
    deliveryMunicipalities: ["Ilopango", "Soyapango", "San Martín", "San Salvador Centro"],
    deliveryFees: [
      { place: "Ilopango", fee: "1.00" },
      { place: "Soyapango", fee: "2.00" },
      { place: "San Salvador Centro", fee: "3.50" },
    ],
    minimumOrder: "5.00",
  },
  // Famous pupusas of Olocuilta: by the dozen.
  "Pupusería Doña Tere": { minimumOrder: "8.00" },
  // A café on the Boquerón road delivers down to Santa Tecla and Antiguo Cuscatlán only.
  "Café El Boquerón": {
    deliveryMunicipalities: ["Santa Tecla", "Antiguo Cuscatlán", "Nuevo Cuscatlán"],
    deliveryFees: [{ place: "Santa Tecla", fee: "1.50" }],
    minimumOrder: "10.00",
  },
};

/**
 * A shop's terms of its kind with issue 36's: its district, and its places, fees and
 * minimum when it sets them (the places only for a shop that delivers).
 */
export function withPlaceTerms<T extends { fulfillment: string | null }>(
  shop: { name: string; address: string },
  municipality: string,
  terms: T,
) {
  const own = PLACE_TERMS[shop.name] ?? {};
  const delivers = terms.fulfillment === "delivery" || terms.fulfillment === "both";
  return {
    ...terms,
    district: demoDistrict(municipality, shop.address),
    deliveryFees: [] as PlaceFee[],
    minimumOrder: own.minimumOrder ?? null,
    ...(delivers && own.deliveryMunicipalities
      ? {
          deliveryArea: "municipalities" as const,
          deliveryMunicipalities: own.deliveryMunicipalities,
          deliveryFees: own.deliveryFees ?? [],
        }
      : {}),
  };
}
