import { isMunicipalityOf, municipalitiesOf, type Department } from "../../shared/el-salvador";
import type { DeliveryArea, Fulfillment } from "../../shared/delivery";
import type { AccountType, PaymentMethod } from "../../shared/order-life";
import { DEFAULT_REGISTRATION_HOURS, scheduleToJson, scheduleToText } from "../../shared/schedule";
import { merchantSlug } from "../../shared/slug";
import { facebookUrl, instagramUrl, tiktokUrl } from "../../shared/social";
import { DEMO_CATEGORIES, type DemoCategorySlug } from "./data/categories";
import { SCHEDULES, type DemoMerchant } from "./data/merchants";
import { demoBannerUrl, demoLogoUrl } from "./images";
import { withPlaceTerms } from "./places";
import { daysAgo, landline, mobile, SEED, uniqueSlug } from "./plan-common";
import type { Random } from "./random";

/** The demo's merchants: their rows, contacts, hours and delivery and payment terms. */

export interface PlannedMerchant {
  category: DemoCategorySlug;
  hue: number;
  /** Lays out the banner's pictograms. */
  artSeed: number;
  values: {
    name: string;
    slug: string;
    description: string;
    imageUrl: string;
    logoUrl: string;
    address: string;
    department: Department;
    municipality: string;
    /** Issue 36: the district its address names, its fees by place and its minimum order. */
    district: string | null;
    deliveryFees: { place: string; fee: string }[];
    minimumOrder: string | null;
    phone: string;
    whatsapp: string | null;
    email: string;
    approved: boolean;
    rejectionReason: string | null;
    schedule: string;
    facebook: string | null;
    instagram: string | null;
    tiktok: string | null;
    website: string | null;
    fulfillment: Fulfillment;
    deliveryArea: DeliveryArea | null;
    deliveryMunicipalities: string[];
    deliveryNote: string | null;
    deliveryFee: string | null;
    freeDeliveryFrom: string | null;
    paymentMethods: PaymentMethod[];
    bankName: string | null;
    accountHolder: string | null;
    accountNumber: string | null;
    accountType: AccountType | null;
    createdAt: Date;
    updatedAt: Date;
  };
}

type DemoTerms = Pick<
  PlannedMerchant["values"],
  | "fulfillment"
  | "deliveryArea"
  | "deliveryMunicipalities"
  | "deliveryNote"
  | "deliveryFee"
  | "freeDeliveryFrom"
  | "paymentMethods"
  | "bankName"
  | "accountHolder"
  | "accountNumber"
  | "accountType"
>;

/** A demo shop's account for transfers (issue 25): plausible, and plainly not a real one. */
const demoBank = (name: string, index: number) => ({
  bankName: ["Banco Agrícola", "Banco Cuscatlán", "Banco de América Central"][index % 3],
  accountHolder: name,
  accountNumber: `000-${String(100000 + index * 7919).slice(-6)}-0`,
  accountType: (index % 2 === 0 ? "Ahorro" : "Corriente") as AccountType,
});
const NO_BANK = { bankName: null, accountHolder: null, accountNumber: null, accountType: null };

/**
 * Plausible delivery for a demo shop (issue 12), from its kind and place, without drawing
 * from the seeded random numbers (so the rest of the demo stays as it was): food and
 * pharmacies deliver nearby, shops to their department or the country, beach places not.
 */
function demoDelivery(
  data: Pick<DemoMerchant, "schedule" | "department" | "name">,
  municipality: string,
  index: number,
): DemoTerms {
  if (data.schedule === "playa") {
    return {
      fulfillment: "pickup",
      deliveryArea: null,
      deliveryMunicipalities: [],
      deliveryNote: null,
      deliveryFee: null,
      freeDeliveryFrom: null,
      paymentMethods: ["cash", "card"],
      ...NO_BANK,
    };
  }
  if (["pupuseria", "comedor", "panaderia", "cafe", "farmacia"].includes(data.schedule)) {
    const neighbours = municipalitiesOf(data.department).filter((m) => m !== municipality);
    // Issue 25: the fee the note used to state is now a field, free from $20.
    return {
      fulfillment: "both",
      deliveryArea: "municipalities",
      deliveryMunicipalities: [municipality, ...neighbours.slice(0, 1)],
      deliveryNote: null,
      deliveryFee: index % 2 === 0 ? "1.50" : "2.50",
      freeDeliveryFrom: "20.00",
      paymentMethods:
        index % 4 === 0 ? ["cash", "transfer", "whatsapp"] : ["cash", "card", "whatsapp"],
      ...(index % 4 === 0 ? demoBank(data.name, index) : NO_BANK),
    };
  }
  return index % 3 === 0
    ? {
        fulfillment: "delivery",
        deliveryArea: "country",
        deliveryMunicipalities: [],
        deliveryNote: "Envíos a todo el país por encomienda",
        deliveryFee: "4.00",
        freeDeliveryFrom: "60.00",
        paymentMethods: ["transfer", "card", "whatsapp"],
        ...demoBank(data.name, index),
      }
    : {
        fulfillment: "both",
        deliveryArea: "department",
        deliveryMunicipalities: [],
        deliveryNote: null,
        deliveryFee: "3.00",
        freeDeliveryFrom: null,
        paymentMethods: ["cash", "card", "whatsapp"],
        ...NO_BANK,
      };
}

/** "Hamacas y Tejidos Nahuizalco" → "hamacasytejidosnahuizalco". */
const compact = (slug: string) => slug.replace(/-/g, "");

export function planMerchant(
  data: DemoMerchant,
  index: number,
  random: Random,
  takenSlugs: Set<string>,
): PlannedMerchant {
  const municipality = `${data.department} ${data.area}`;
  if (!isMunicipalityOf(data.department, municipality)) {
    throw new Error(`Municipio desconocido en los datos de demostración: ${municipality}`);
  }
  const category = DEMO_CATEGORIES.find((c) => c.slug === data.category)!;
  const slug = uniqueSlug(merchantSlug(data.name), takenSlugs);
  const domain = data.domain ?? `${compact(slug)}.com.sv`;
  const whatsapp = data.noWhatsapp ? null : mobile(random);
  // Small shops often give their mobile as the only phone.
  const phone = whatsapp && random.chance(0.3) ? whatsapp : landline(random, data.department);
  const week = data.schedule === "registro" ? DEFAULT_REGISTRATION_HOURS : SCHEDULES[data.schedule];
  const createdAt =
    data.status === "pending"
      ? daysAgo(random.int(1, 6), random)
      : data.status === "rejected"
        ? daysAgo(12, random)
        : daysAgo(random.int(45, 320), random);
  return {
    category: data.category,
    hue: (category.hue + random.int(-14, 14) + 360) % 360,
    artSeed: SEED * 1000 + index,
    values: {
      name: data.name,
      slug,
      description: data.description,
      imageUrl: demoBannerUrl(slug),
      logoUrl: demoLogoUrl(slug),
      address: data.address,
      department: data.department,
      municipality,
      phone,
      whatsapp,
      email: `${random.pick(["contacto", "ventas", "hola", "info"])}@${domain}`,
      approved: data.status === undefined,
      rejectionReason: data.status === "rejected" ? (data.rejectionReason ?? null) : null,
      schedule: data.textSchedule ? scheduleToText(week) : scheduleToJson(week),
      facebook: data.facebook ? facebookUrl(data.facebook) : null,
      instagram: data.instagram ? instagramUrl(data.instagram) : null,
      tiktok: data.tiktok ? tiktokUrl(data.tiktok) : null,
      website: data.web ? `https://www.${domain}` : null,
      ...withPlaceTerms(data, municipality, demoDelivery(data, municipality, index)),
      createdAt,
      updatedAt: createdAt,
    },
  };
}
