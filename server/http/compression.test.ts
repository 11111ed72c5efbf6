import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductDto } from "../../shared/api-types";
import { insertCategory, insertMerchant, insertProduct } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { brotliWindowBits, compressBody, matchesEtag, negotiateEncoding } from "./compression";

describe("compression and validators of API answers", () => {
  let t: TestApp;
  let categoryId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.services.cache.enableForTests();
    const category = await insertCategory(t.db);
    categoryId = category.id;
    const merchant = await insertMerchant(t.db, { categoryId });
    // Enough products for a list well over the 1 KB threshold.
    for (let i = 0; i < 6; i++) {
      await insertProduct(t.db, { merchantId: merchant.id, categoryId });
    }
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });

  it("answers brotli when accepted, with Vary, and the same JSON", async () => {
    const plain = await get("/api/products");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const expected: ProductDto[] = plain.json();
    expect(expected).toHaveLength(6);

    const res = await get("/api/products", { "accept-encoding": "gzip, deflate, br" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(expected);
  });

  it("answers gzip to clients without brotli", async () => {
    const res = await get("/api/products", { "accept-encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toHaveLength(6);
  });

  it("leaves answers alone when no encoding is acceptable or the body is small", async () => {
    const refused = await get("/api/products", { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.json()).toHaveLength(6);

    const small = await get("/api/nada", { "accept-encoding": "br" });
    expect(small.statusCode).toBe(404);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toEqual({ message: "Ruta no encontrada", code: "not_found" });
  });

  it("tags public catalogue reads and answers 304 while they are unchanged", async () => {
    const first = await get("/api/products");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers["cache-control"]).toBe("no-cache");

    const again = await get("/api/products", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    // A write changes the answer, and with it the tag.
    const created = await t.asAdmin({
      method: "POST",
      url: "/api/products",
      payload: {
        name: "Horchata de morro",
        description: "Bebida tradicional.",
        price: "1.25",
        merchantId: first.json<ProductDto[]>()[0].merchantId,
        categoryId,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const changed = await get("/api/products", { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.headers["x-total-count"]).toBe("7");
  });

  it("counts the total header in the tag: same items, other total, other tag", async () => {
    const other = await insertCategory(t.db);
    const [{ merchantId }] = (await get("/api/products")).json<ProductDto[]>();
    await insertProduct(t.db, {
      merchantId,
      categoryId: other.id,
      createdAt: new Date("2100-01-01T00:00:00Z"),
    });
    await t.asAdmin({
      method: "POST",
      url: "/api/admin/categories",
      payload: { name: "Otra", slug: "otra" },
    });

    const all = await get("/api/products?limit=1");
    const inOther = await get(`/api/products?limit=1&categoryId=${other.id}`);
    expect(all.body).toBe(inOther.body);
    expect(all.headers["x-total-count"]).not.toBe(inOther.headers["x-total-count"]);
    expect(all.headers.etag).not.toBe(inOther.headers.etag);
  });

  it("never tags or lets caches keep administration answers", async () => {
    const res = await t.asAdmin({ method: "GET", url: "/api/admin/categories" });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("negotiates encodings and compares tags as HTTP says", () => {
    expect(negotiateEncoding("gzip, br")).toBe("br");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("identity")).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(matchesEtag('"a", W/"b"', 'W/"b"')).toBe(true);
    expect(matchesEtag('"b"', 'W/"b"')).toBe(true);
    expect(matchesEtag("*", 'W/"b"')).toBe(true);
    expect(matchesEtag('"c"', 'W/"b"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"b"')).toBe(false);
  });
});

/** The window a brotli stream declares in its first bits (RFC 7932, section 9.1). */
function declaredWindowBits(stream: Buffer): number {
  const first = stream[0];
  if ((first & 1) === 0) return 16;
  const n = (first >> 1) & 7;
  if (n !== 0) return 17 + n;
  const m = (first >> 4) & 7;
  return m === 0 ? 17 : 8 + m;
}

describe("brotli's window", () => {
  it("is the smallest that holds the whole body, 16 to 22 bits", () => {
    expect(brotliWindowBits(0)).toBe(16);
    expect(brotliWindowBits(2 ** 16 - 16)).toBe(16);
    expect(brotliWindowBits(2 ** 16)).toBe(17);
    expect(brotliWindowBits(150_000)).toBe(18);
    expect(brotliWindowBits(2 ** 22)).toBe(22);
    expect(brotliWindowBits(50_000_000)).toBe(22);
  });

  it("makes a page no larger than brotli's default window does", async () => {
    // A merchant page's shape: ~150 KB of cards that differ by a name and a number.
    const cards = Array.from(
      { length: 450 },
      (_, i) =>
        `<li><article class="group relative flex h-full flex-col rounded-lg border"><h3><a href="/products/producto-${i * 7919}">Producto ${i}</a></h3><span class="font-bold">$${(i * 1.37).toFixed(2)}</span><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2l3.09 6.26 6.91 1.01-5 4.87 1.18 6.88-6.18-3.25-6.18 3.25 1.18-6.88-5-4.87 6.91-1.01z"></path></svg></article></li>`,
    );
    const page = Buffer.from(`<!DOCTYPE html><html><body><ul>${cards.join("")}</ul></body></html>`);
    expect(page.length).toBeGreaterThan(2 ** 17);

    const sent = await compressBody("br", page);
    expect(declaredWindowBits(sent)).toBe(18);
    expect(brotliDecompressSync(sent).equals(page)).toBe(true);
    const withDefaultWindow = brotliCompressSync(page, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: page.length,
      },
    });
    expect(declaredWindowBits(withDefaultWindow)).toBe(22);
    expect(sent.length).toBeLessThanOrEqual(withDefaultWindow.length);
  });
});
