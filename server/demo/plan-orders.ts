import { priceToCents } from "../../shared/money";
import { daysAgo, digits, mobile, reviewer } from "./plan-common";
import type { Random } from "./random";
import type { PlannedProduct } from "./stock";

/** The demo's orders: a dozen, paid, pending or cancelled, mostly of one shop each. */

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

export function planOrders(products: PlannedProduct[], random: Random): PlannedOrder[] {
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
