import { describe, expect, it } from "vitest";
import { isDistrictOf } from "../../shared/districts";
import { deliversTo, type DeliveryFacts } from "../../shared/delivery";
import { findPlace } from "../../shared/places";
import { buildDemoPlan } from "./plan";
import { demoDistrict } from "./places";

describe("the demo's districts, fees by place and minimum orders (issue 36)", () => {
  const merchants = buildDemoPlan().merchants.map((m) => m.values);
  const byName = (name: string) => merchants.find((m) => m.name === name)!;

  it("reads each shop's district from the old name its address ends with", () => {
    expect(demoDistrict("La Libertad Sur", "Carretera al Boquerón km 12, Santa Tecla")).toBe(
      "Santa Tecla",
    );
    expect(demoDistrict("San Salvador Centro", "Calle Arce 1, Soyapango")).toBeNull();
    expect(byName("Café El Boquerón").district).toBe("Santa Tecla");
    expect(byName("Panadería Santa Lucía").district).toBe("Ilopango");
    const inSoyapango = merchants.filter((m) => m.district === "Soyapango");
    expect(inSoyapango.length).toBeGreaterThan(0);
    // Every district stored is one of its municipality's.
    for (const m of merchants.filter((m) => m.district)) {
      expect(isDistrictOf(m.municipality!, m.district!), m.name).toBe(true);
    }
    expect(merchants.filter((m) => m.district).length).toBeGreaterThan(merchants.length / 2);
  });

  it("has a shop with fees by place and a minimum order, each fee for a place it serves", () => {
    const bakery = byName("Panadería Santa Lucía");
    expect(bakery.minimumOrder).toBe("5.00");
    expect(bakery.deliveryFees).toEqual([
      { place: "Ilopango", fee: "1.00" },
      { place: "Soyapango", fee: "2.00" },
      { place: "San Salvador Centro", fee: "3.50" },
    ]);
    for (const m of merchants) {
      for (const { place } of m.deliveryFees ?? []) {
        const found = findPlace(place)!;
        const district = found.kind === "district" ? found.district : null;
        expect(deliversTo(m as DeliveryFacts, found.municipality, district), place).toBe(true);
      }
    }
    expect(byName("Pupusería Doña Tere").minimumOrder).toBe("8.00");
  });
});
