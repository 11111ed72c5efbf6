import { withDemoStock, type PlannedProduct } from "./stock";
import { isMunicipalityOf, municipalitiesOf, type Department } from "../../shared/el-salvador";
import { centsToPrice, priceToCents } from "../../shared/money";
import { DEFAULT_REGISTRATION_HOURS, scheduleToJson, scheduleToText } from "../../shared/schedule";
import { merchantSlug, productSlug, stripAccents, withSuffix } from "../../shared/slug";
import { facebookUrl, instagramUrl, tiktokUrl } from "../../shared/social";
import { ILLUSTRATIONS_PER_CATEGORY } from "./artwork";
import { DEMO_CATEGORIES, type DemoCategorySlug } from "./data/categories";
import { DEMO_MERCHANTS, SCHEDULES, type DemoMerchant } from "./data/merchants";
import { DEMO_MENUS } from "./data/products";
import { withPlaceTerms } from "./places";
import {
  FAVOURITE_MERCHANTS,
  MERCHANT_COMMENTS,
  PRODUCT_COMMENTS,
  REVIEWERS,
  SENTIMENT_RATINGS,
  type Sentiment,
} from "./data/reviews";
import { demoBannerUrl, demoLogoUrl, demoProductImageUrl } from "./images";
import { createRandom, type Random } from "./random";
import type { DeliveryArea, Fulfillment } from "../../shared/delivery";
import type { AccountType, PaymentMethod } from "../../shared/order-life";

/**
 * The whole demo catalogue as plain rows, computed from the data tables and a seeded
 * generator: no database, no clock, so every start (and every screenshot) is the same.
 */

/** The demo's "today": dates are spread over the months before it. */
export const DEMO_NOW = new Date("2026-11-02T18:00:00Z");
const SEED = 503;
export const DEMO_PRODUCT_TOTAL = 250;
export const DEMO_APPROVED_REVIEWS = 120;
export const DEMO_PENDING_REVIEWS = 15;

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number, random: Random) =>
  new Date(DEMO_NOW.getTime() - days * DAY - random.int(0, 10 * 60) * 60 * 1000);

export interface PlannedCategory {
  name: string;
  slug: DemoCategorySlug;
  icon: string;
  hue: number;
  imageUrl: string;
}

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

export type ReviewTarget = { merchant: number } | { product: number };

export interface PlannedReview {
  target: ReviewTarget;
  values: {
    userId: string;
    userName: string;
    userEmail: string;
    rating: number;
    comment: string;
    isApproved: boolean;
    createdAt: Date;
    updatedAt: Date;
  };
}

export interface PlannedOrder {
  customerName: string;
  customerEmail: string;
  customerPhone?: string;
  sessionId?: string;
  paymentId?: string;
  status: "pending" | "paid" | "cancelled";
  items: { product: number; quantity: number }[];
  createdAt: Date;
}

export interface DemoPlan {
  categories: PlannedCategory[];
  merchants: PlannedMerchant[];
  products: PlannedProduct[];
  reviews: PlannedReview[];
  orders: PlannedOrder[];
}

/** Landline prefixes by region: 22 the capital, 23 the centre, 24 the west, 26 the east. */
const AREA_CODE: Record<Department, string> = {
  Ahuachapán: "24",
  "Santa Ana": "24",
  Sonsonate: "24",
  Chalatenango: "23",
  "La Libertad": "22",
  "San Salvador": "22",
  Cuscatlán: "23",
  "La Paz": "23",
  Cabañas: "23",
  "San Vicente": "23",
  Usulután: "26",
  "San Miguel": "26",
  Morazán: "26",
  "La Unión": "26",
};

const digits = (random: Random, n: number) =>
  Array.from({ length: n }, () => random.int(0, 9)).join("");
const landline = (random: Random, department: Department) =>
  `+503 ${AREA_CODE[department]}${digits(random, 2)}-${digits(random, 4)}`;
const mobile = (random: Random) =>
  `+503 ${random.chance(0.7) ? "7" : "6"}${digits(random, 3)}-${digits(random, 4)}`;

/** "Hamacas y Tejidos Nahuizalco" → "hamacasytejidosnahuizalco". */
const compact = (slug: string) => slug.replace(/-/g, "");

function uniqueSlug(base: string, taken: Set<string>): string {
  let n = 1;
  while (taken.has(withSuffix(base, n))) n++;
  const slug = withSuffix(base, n);
  taken.add(slug);
  return slug;
}

function planMerchant(
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

/** A shared item costs a little more or less at another shop: ±8 %, to the quarter. */
function localPrice(price: string, random: Random, shared: boolean): string {
  const cents = priceToCents(price)!;
  if (!shared || cents < 500 || cents >= 10_000) return price;
  const varied = Math.round((cents * (0.92 + random.next() * 0.16)) / 25) * 25;
  return centsToPrice(varied);
}

function planProducts(merchants: PlannedMerchant[], random: Random): PlannedProduct[] {
  const approved = DEMO_MERCHANTS.map((data, index) => ({ data, index })).filter(
    ({ index }) => merchants[index].values.approved,
  );
  // 250 products: six per approved merchant, seven for the first ones.
  const extra = DEMO_PRODUCT_TOTAL - approved.length * 6;
  const takenSlugs = new Set<string>();
  const products: PlannedProduct[] = [];

  approved.forEach(({ data, index }, order) => {
    const menu = DEMO_MENUS[data.menu];
    const sharing = approved.filter((m) => m.data.menu === data.menu);
    const position = sharing.findIndex((m) => m.index === index);
    const count = order < extra ? 7 : 6;
    if (count > menu.length)
      throw new Error(`El menú ${data.menu} tiene menos de ${count} productos`);
    const start = Math.round((position * menu.length) / sharing.length);
    const merchant = merchants[index];
    for (let i = 0; i < count; i++) {
      const [name, price, description] = menu[(start + i) % menu.length];
      const looks = random.shuffle([...Array(ILLUSTRATIONS_PER_CATEGORY).keys()]);
      const images = looks
        .slice(0, random.int(1, 3))
        .map((look) => demoProductImageUrl(data.category, look));
      const ageDays = (DEMO_NOW.getTime() - merchant.values.createdAt.getTime()) / DAY;
      const createdAt = daysAgo(random.int(2, Math.max(3, Math.floor(ageDays) - 1)), random);
      products.push({
        merchant: index,
        category: data.category,
        values: {
          name,
          slug: uniqueSlug(productSlug(name), takenSlugs),
          description,
          price: localPrice(price, random, position > 0),
          imageUrl: images[0],
          images,
          createdAt,
          updatedAt: createdAt,
        },
      });
    }
  });
  return products;
}

function reviewer(random: Random) {
  const name = random.pick(REVIEWERS);
  const words = stripAccents(name).toLowerCase().split(" ");
  return { name, email: `${words[0]}.${words[words.length - 1]}@example.com` };
}

/** Most reviews are happy; a shop's `bias` (0–1) moves the odds. */
function sentiment(random: Random, bias: number): Sentiment {
  const weights: [Sentiment, number][] = [
    ["great", 0.3 + 0.45 * bias],
    ["good", 0.3],
    ["mixed", 0.05 + 0.2 * (1 - bias)],
    ["bad", 0.02 + 0.1 * (1 - bias)],
  ];
  let roll = random.next() * weights.reduce((sum, [, w]) => sum + w, 0);
  for (const [name, weight] of weights) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return "great";
}

/** Categories whose products lead the "popular products" of the home page. */
const SHOWCASE: ReadonlySet<DemoCategorySlug> = new Set([
  "comida-tipica",
  "panaderias",
  "cafe",
  "artesanias",
]);

function planReviews(
  merchants: PlannedMerchant[],
  products: PlannedProduct[],
  random: Random,
): PlannedReview[] {
  const approvedMerchants = merchants
    .map((merchant, index) => ({ merchant, index }))
    .filter(({ merchant }) => merchant.values.approved);
  const favouriteShops = new Set(
    approvedMerchants
      .filter(({ merchant }) => FAVOURITE_MERCHANTS.includes(merchant.values.name))
      .map(({ index }) => index),
  );
  // How well a shop is liked, 0–1; the favourites are loved by everyone.
  const bias = new Map(
    approvedMerchants.map(({ index }) => [
      index,
      favouriteShops.has(index) ? 1 : random.next() * 0.75,
    ]),
  );
  // Well-liked shops get talked about more: a few have many reviews, some have none.
  const merchantWeights = approvedMerchants.map(({ index }) =>
    favouriteShops.has(index) ? 2.5 : 0.1 + 2 * bias.get(index)! ** 2,
  );
  // Product reviews gather on a few favourites, led by food and crafts, so
  // "popular products" means something.
  const favourites = [...products.keys()]
    .map((i) => ({ i, score: random.next() + (SHOWCASE.has(products[i].category) ? 0.6 : 0) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, 28)
    .map(({ i }) => i);
  const favouriteWeights = favourites.map((_, rank) => 1 / Math.pow(rank + 1, 0.8));

  const reviews: PlannedReview[] = [];
  const seen = new Set<string>();
  const total = DEMO_APPROVED_REVIEWS + DEMO_PENDING_REVIEWS;
  while (reviews.length < total) {
    const isApproved = reviews.length < DEMO_APPROVED_REVIEWS;
    const onMerchant = random.chance(0.5);
    const target: ReviewTarget = onMerchant
      ? { merchant: random.weighted(approvedMerchants, merchantWeights).index }
      : {
          product: isApproved
            ? random.weighted(favourites, favouriteWeights)
            : random.int(0, products.length - 1),
        };
    const merchantIndex =
      "merchant" in target ? target.merchant : products[target.product].merchant;
    const person = reviewer(random);
    // One review per person and target.
    const key = `${JSON.stringify(target)}:${person.email}`;
    if (seen.has(key)) continue;
    seen.add(key);

    // The favourites earned their place: their reviews lean happy.
    const rank = "product" in target ? favourites.indexOf(target.product) : -1;
    const leaning = rank >= 0 && rank < 8 ? 0.9 : (bias.get(merchantIndex) ?? 0.5);
    const loved = "merchant" in target && favouriteShops.has(target.merchant);
    const mood = loved ? "great" : sentiment(random, leaning);
    const comments = onMerchant ? MERCHANT_COMMENTS : PRODUCT_COMMENTS;
    const targetCreated =
      "merchant" in target
        ? merchants[target.merchant].values.createdAt
        : products[target.product].values.createdAt;
    const maxAge = Math.max(
      1,
      Math.floor((DEMO_NOW.getTime() - targetCreated.getTime()) / DAY) - 1,
    );
    const createdAt = isApproved
      ? daysAgo(random.int(1, Math.min(maxAge, 180)), random)
      : daysAgo(random.int(0, Math.min(maxAge, 4)), random);
    reviews.push({
      target,
      values: {
        userId: `user-${createdAt.getTime()}`,
        userName: person.name,
        userEmail: person.email,
        rating: random.pick(SENTIMENT_RATINGS[mood]),
        comment: random.pick(comments[mood]),
        isApproved,
        createdAt,
        updatedAt: createdAt,
      },
    });
  }
  return reviews;
}

const ORDER_STATUSES = [
  "paid",
  "paid",
  "pending",
  "paid",
  "cancelled",
  "paid",
  "pending",
  "paid",
  "pending",
  "cancelled",
  "paid",
  "pending",
] as const;

function planOrders(products: PlannedProduct[], random: Random): PlannedOrder[] {
  return ORDER_STATUSES.map((status, n) => {
    const person = reviewer(random);
    // Mostly one shop per order, as WhatsApp orders go.
    const merchant = products[random.int(0, products.length - 1)].merchant;
    const ofMerchant = [...products.keys()].filter((i) => products[i].merchant === merchant);
    const lines = random.shuffle(ofMerchant).slice(0, random.int(1, 3));
    const createdAt = daysAgo(40 - n * 3 - random.int(0, 2), random);
    return {
      customerName: person.name,
      customerEmail: person.email,
      customerPhone: random.chance(0.75) ? mobile(random) : undefined,
      sessionId: `session-${createdAt.getTime()}-${digits(random, 6)}`,
      paymentId:
        status === "pending"
          ? undefined
          : `wompi-${createdAt.getTime().toString(36)}${digits(random, 4)}`,
      status,
      items: lines.map((product) => {
        const cheap = priceToCents(products[product].values.price)! < 200;
        return { product, quantity: cheap ? random.int(3, 12) : random.int(1, 3) };
      }),
      createdAt,
    };
  });
}

export function buildDemoPlan(): DemoPlan {
  const random = createRandom(SEED);
  const categories = DEMO_CATEGORIES.map((c) => ({
    ...c,
    imageUrl: demoProductImageUrl(c.slug, 0),
  }));
  const merchantSlugs = new Set<string>();
  const merchants = DEMO_MERCHANTS.map((data, index) =>
    planMerchant(data, index, random, merchantSlugs),
  );
  const products = withDemoStock(planProducts(merchants, random));
  const reviews = planReviews(merchants, products, random);
  const orders = planOrders(products, random);
  return { categories, merchants, products, reviews, orders };
}
