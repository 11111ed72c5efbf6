import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMunicipalityOf, DEPARTMENT_NAMES } from "../../shared/el-salvador";
import { PHONE_PATTERN, isSalvadoranMobile } from "../../shared/phone";
import { parseSchedule } from "../../shared/schedule";
import { openTestDatabase } from "../test/test-database";
import type { DatabaseHandle } from "../../db/client";
import { buildDemoPlan } from "./plan";
import { seedDemoCatalogue } from "./seed";

/** Rows of a raw query on either driver (pg answers {rows}, PGlite an array or {rows}). */
async function query<T>(handle: DatabaseHandle, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await handle.db.execute(statement)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

const num = (value: unknown) => Number(value);

describe("demo catalogue", () => {
  let handle: DatabaseHandle;
  let uploadsDir: string;
  let summary: string | undefined;
  let seconds = 0;

  beforeAll(async () => {
    handle = await openTestDatabase();
    uploadsDir = mkdtempSync(join(tmpdir(), "tiangue-demo-"));
    const started = Date.now();
    summary = (await seedDemoCatalogue(handle.db, { uploadsDir }))?.summary;
    seconds = (Date.now() - started) / 1000;
  }, 120_000);
  afterAll(async () => {
    await handle.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  it("reports what it created", () => {
    expect(summary).toBe(
      "14 categorías, 44 comercios (40 aprobados), 250 productos, 135 reseñas (15 por moderar), 12 pedidos",
    );
    // Budget: well under the 15 s it may take on two cores.
    expect(seconds).toBeLessThan(30);
  });

  it("creates at least 12 categories with emoji icons and pictures", async () => {
    const rows = await query<{ name: string; icon: string; image_url: string }>(
      handle,
      sql`select name, icon, image_url from categories`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const row of rows) {
      expect(row.icon).toMatch(/\p{Extended_Pictographic}/u);
      expect(row.image_url).toMatch(/^\/uploads\/demo\/.+\.webp$/);
    }
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(["Comida típica", "Panaderías", "Café", "Artesanías"]),
    );
  });

  it("creates 40 approved merchants across all 14 departments, with valid contact data", async () => {
    const rows = await query<{
      department: string;
      municipality: string;
      phone: string;
      whatsapp: string | null;
      email: string;
      schedule: string;
      address: string;
    }>(
      handle,
      sql`select department, municipality, phone, whatsapp, email, schedule, address
          from merchants where approved and is_active`,
    );
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.department))).toEqual(new Set(DEPARTMENT_NAMES));
    for (const row of rows) {
      expect(isMunicipalityOf(row.department, row.municipality), row.municipality).toBe(true);
      expect(row.phone).toMatch(PHONE_PATTERN);
      expect(row.phone).toMatch(/^\+503 [267]/);
      if (row.whatsapp) {
        expect(row.whatsapp).toMatch(PHONE_PATTERN);
        expect(isSalvadoranMobile(row.whatsapp)).toBe(true);
      }
      expect(row.email).toMatch(/^[a-z]+@[a-z0-9.-]+\.[a-z]{2,}$/);
      expect(parseSchedule(row.schedule), row.schedule).not.toBeNull();
      expect(row.address.length).toBeGreaterThan(10);
    }
    // Both stored schedule shapes appear: JSON from the admin forms, lines from the public form.
    expect(rows.some((r) => r.schedule.startsWith("{"))).toBe(true);
    expect(rows.some((r) => r.schedule.startsWith("Lunes: "))).toBe(true);
    expect(rows.some((r) => parseSchedule(r.schedule)?.monday?.closed)).toBe(true);
    // Issue 36: shops that close at lunch, in the JSON and in the registration's lines.
    expect(rows.some((r) => r.schedule.includes('"ranges"'))).toBe(true);
    expect(rows.some((r) => r.schedule.includes("Lunes: 07:00 - 12:00, 13:00 - 17:00"))).toBe(true);
  });

  it("leaves three applications pending and one rejected", async () => {
    const rows = await query<{ approved: boolean; rejection_reason: string | null }>(
      handle,
      sql`select approved, rejection_reason from merchants where not approved`,
    );
    expect(rows.filter((r) => r.rejection_reason === null)).toHaveLength(3);
    expect(rows.filter((r) => r.rejection_reason !== null)).toHaveLength(1);
    const [{ n }] = await query<{ n: number }>(
      handle,
      sql`select count(*)::int as n from products p join merchants m on m.id = p.merchant_id
          where not m.approved`,
    );
    expect(num(n)).toBe(0);
  });

  it("creates 250 products with realistic prices and 1–3 pictures each", async () => {
    const rows = await query<{
      price: string;
      image_url: string;
      images: string[];
      description: string;
      slug: string;
    }>(handle, sql`select price, image_url, images, description, slug from products`);
    expect(rows).toHaveLength(250);
    const prices = rows.map((r) => Number(r.price));
    expect(Math.min(...prices)).toBe(0.25);
    expect(Math.max(...prices)).toBe(450);
    for (const row of rows) {
      expect(row.price).toMatch(/^\d+\.\d{2}$/);
      expect(row.images.length).toBeGreaterThanOrEqual(1);
      expect(row.images.length).toBeLessThanOrEqual(3);
      expect(new Set(row.images).size).toBe(row.images.length);
      expect(row.image_url).toBe(row.images[0]);
    }
    expect(rows.some((r) => r.description.includes("\n"))).toBe(true);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(250);
  });

  it("shows issue 36: a sold-out product, a counted one, and a shirt in S/M/L with M sold out", async () => {
    const rows = await query<{
      name: string;
      stock: number | null;
      sold_out: boolean;
      in_stock: boolean;
      price: string;
    }>(
      handle,
      sql`select name, stock, sold_out, in_stock, price::text as price from products
          where name in ('Vestido de fiesta', 'Blusa de algodón para dama', 'Camisa formal para caballero')
          order by name`,
    );
    expect(rows.map((r) => [r.name, r.stock, r.sold_out, r.in_stock])).toEqual([
      ["Blusa de algodón para dama", 5, false, true],
      ["Camisa formal para caballero", null, false, true],
      ["Vestido de fiesta", null, true, false],
    ]);
    const sizes = await query<{ name: string; stock: number | null; price: string }>(
      handle,
      sql`select v.name, v.stock, v.price::text as price from product_variants v
          join products p on p.id = v.product_id
          where p.name = 'Camisa formal para caballero' order by v.position`,
    );
    expect(sizes).toEqual([
      { name: "S", stock: null, price: "18.00" },
      { name: "M", stock: 0, price: "18.00" },
      { name: "L", stock: 4, price: "19.50" },
    ]);
    expect(rows[1].price).toBe("18.00");
  });

  it("writes every referenced picture as a small WebP", async () => {
    const urls = await query<{ url: string }>(
      handle,
      sql`select image_url as url from categories
          union select image_url from merchants union select logo_url from merchants
          union select unnest(images) from products`,
    );
    expect(urls.length).toBeGreaterThan(100);
    for (const { url } of urls) {
      const file = join(uploadsDir, url.replace(/^\/uploads\//, ""));
      expect(existsSync(file), url).toBe(true);
    }
    const folder = join(uploadsDir, "demo");
    const files = readdirSync(folder);
    for (const name of files) {
      expect(statSync(join(folder, name)).size, name).toBeLessThan(60 * 1024);
    }
    // Smaller widths sit beside each banner, named like uploads ('-800.webp' next to '-1200.webp').
    const banner = files.find((f) => f.startsWith("banner-") && f.endsWith("-1200.webp"))!;
    const smaller = banner.replace("-1200.webp", "-800.webp");
    expect(files).toContain(smaller);
    const meta = await sharp(readFileSync(join(folder, banner))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1200, 400]);
    const logo = files.find((f) => f.startsWith("logo-"))!;
    expect((await sharp(readFileSync(join(folder, logo))).metadata()).width).toBe(256);
  });

  it("adds about 120 approved and 15 pending reviews over merchants and products", async () => {
    const [row] = await query<Record<string, number>>(
      handle,
      sql`select
        count(*) filter (where is_approved)::int as approved,
        count(*) filter (where not is_approved)::int as pending,
        count(*) filter (where merchant_id is not null)::int as on_merchants,
        count(*) filter (where product_id is not null)::int as on_products,
        count(*) filter (where rating <= 2)::int as low,
        count(distinct user_name)::int as people
        from reviews`,
    );
    expect(num(row.approved)).toBe(120);
    expect(num(row.pending)).toBe(15);
    expect(num(row.on_merchants)).toBeGreaterThan(30);
    expect(num(row.on_products)).toBeGreaterThan(30);
    expect(num(row.low)).toBeGreaterThan(0);
    expect(num(row.people)).toBeGreaterThan(15);
  });

  it("creates orders in every status, priced from the products", async () => {
    const rows = await query<{
      status: string;
      total_amount: string;
      computed: string;
      number: string;
    }>(
      handle,
      sql`select o.status, o.total_amount, o.order_number as number,
            (select sum(i.price * i.quantity) from order_items i where i.order_id = o.id)::numeric(10,2)::text as computed
          from orders o`,
    );
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["pending", "paid", "cancelled"]));
    for (const row of rows) {
      expect(row.total_amount).toBe(row.computed);
      expect(row.number).toMatch(/^ES-\d{4}-\d{6}$/);
    }
  });

  it("stores counts and ratings that match fresh aggregates", async () => {
    const productDrift = await query<{ id: number }>(
      handle,
      sql`select p.id from products p
          left join lateral (
            select coalesce(round(avg(r.rating)::numeric, 1), 0) as rating, count(r.id)::int as n
            from reviews r where r.product_id = p.id and r.is_approved) s on true
          where p.rating <> s.rating or p.review_count <> s.n`,
    );
    expect(productDrift).toEqual([]);

    const merchantDrift = await query<{ id: number }>(
      handle,
      sql`select m.id from merchants m
          where m.rating <> coalesce((select round(avg(r.rating)::numeric, 1) from reviews r
                                      where r.merchant_id = m.id and r.is_approved), 0)
             or m.review_count <> (select count(*) from reviews r
                                   where r.merchant_id = m.id and r.is_approved)
             or m.product_count <> (select count(*) from products p
                                    where p.merchant_id = m.id and p.is_active)`,
    );
    expect(merchantDrift).toEqual([]);

    const categoryDrift = await query<{ id: number }>(
      handle,
      sql`select c.id from categories c
          where c.merchant_count <> (select count(*) from merchants m
                                     where m.category_id = c.id and m.approved and m.is_active)
             or c.product_count <> (select count(*) from products p join merchants m on m.id = p.merchant_id
                                    where p.category_id = c.id and p.is_active and m.approved and m.is_active)`,
    );
    expect(categoryDrift).toEqual([]);

    // And the aggregates are not all zero: the featured lists have something to show.
    const [stats] = await query<{ rated: number; counted: number }>(
      handle,
      sql`select (select count(*)::int from merchants where rating > 0) as rated,
                 (select sum(merchant_count)::int from categories) as counted`,
    );
    expect(num(stats.rated)).toBeGreaterThan(10);
    expect(num(stats.counted)).toBe(40);
  });

  it("does nothing the second time", async () => {
    const before = await query<{ n: number }>(
      handle,
      sql`select (select count(*) from categories) + (select count(*) from merchants)
               + (select count(*) from products) + (select count(*) from reviews)
               + (select count(*) from orders) as n`,
    );
    expect(await seedDemoCatalogue(handle.db, { uploadsDir })).toBeNull();
    const after = await query<{ n: number }>(
      handle,
      sql`select (select count(*) from categories) + (select count(*) from merchants)
               + (select count(*) from products) + (select count(*) from reviews)
               + (select count(*) from orders) as n`,
    );
    expect(num(after[0].n)).toBe(num(before[0].n));
  });

  it("is deterministic", () => {
    expect(JSON.stringify(buildDemoPlan())).toBe(JSON.stringify(buildDemoPlan()));
  });
});
