import { centsToPrice, priceToCents } from "../../shared/money";
import { productSlug } from "../../shared/slug";
import { ILLUSTRATIONS_PER_CATEGORY } from "./artwork";
import { DEMO_MERCHANTS } from "./data/merchants";
import { DEMO_MENUS } from "./data/products";
import { demoProductImageUrl } from "./images";
import { DAY, daysAgo, DEMO_NOW, uniqueSlug } from "./plan-common";
import type { PlannedMerchant } from "./plan-merchants";
import type { Random } from "./random";
import type { PlannedProduct } from "./stock";

/** The demo's products: each approved merchant's part of its menu, priced and pictured. */

export const DEMO_PRODUCT_TOTAL = 250;

/** A shared item costs a little more or less at another shop: ±8 %, to the quarter. */
function localPrice(price: string, random: Random, shared: boolean): string {
  const cents = priceToCents(price)!;
  if (!shared || cents < 500 || cents >= 10_000) return price;
  const varied = Math.round((cents * (0.92 + random.next() * 0.16)) / 25) * 25;
  return centsToPrice(varied);
}

export function planProducts(merchants: PlannedMerchant[], random: Random): PlannedProduct[] {
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
