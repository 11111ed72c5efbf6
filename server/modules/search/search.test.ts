import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants, products } from "../../../db/schema/index";
import type { SearchResultDto } from "../../../shared/api-types";
import { DEFAULT_PRODUCT_IMAGE, SEARCH_MAX_RESULTS } from "../../../shared/limits";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { similarWords } from "./similar-words.repository";
import { DEPARTMENT_MESSAGE, namePattern, searchTerms } from "./search.service";

describe("GET /api/search", () => {
  let t: TestApp;
  const seen = { products: new Map<string, number>(), merchants: new Map<string, number>() };

  beforeAll(async () => {
    t = await createTestApp();
    const food = await insertCategory(t.db, { name: "Comida", slug: "comida" });
    const m = async (name: string, values: Record<string, unknown> = {}) => {
      const row = await insertMerchant(t.db, { categoryId: food.id, name, ...values });
      seen.merchants.set(name, row.id);
      return row;
    };
    const p = async (merchantId: number, name: string, values: Record<string, unknown> = {}) => {
      const row = await insertProduct(t.db, { merchantId, categoryId: food.id, name, ...values });
      seen.products.set(name, row.id);
      return row;
    };

    const pupuseria = await m("Pupusería La Esperanza", {
      address: "Calle a Olocuilta, km 22",
      department: "La Paz",
      municipality: "La Paz Centro",
    });
    const cafe = await m("Café El Volcán", {
      description: "Tostadores de café de altura en Apaneca.",
      department: "Ahuachapán",
      municipality: "Ahuachapán Sur",
    });
    await m("Ferretería El Bolcán");
    await m("Librería Olocuilta", {
      description: "Libros y útiles escolares.",
      address: "Avenida Central, Olocuilta",
    });
    const hiddenPending = await m("Pupusería Escondida", { approved: false });
    const hiddenInactive = await m("Pupusería Cerrada", { isActive: false });

    await p(pupuseria.id, "Pupusas revueltas", {
      price: "0.75",
      imageUrl: "/uploads/pupusas.webp",
    });
    await p(pupuseria.id, "Curtido casero", {
      description: "El acompañante perfecto de las pupusas.",
    });
    await p(cafe.id, "Café molido de altura", { price: "8.50" });
    await p(pupuseria.id, "Pupusas de loroco ocultas", { isActive: false });
    await p(hiddenPending.id, "Pupusas secretas");
    await p(hiddenInactive.id, "Pupusas de la cerrada");
  });
  afterAll(() => t.close());

  async function search(query: string): Promise<SearchResultDto> {
    const res = await t.app.inject({ method: "GET", url: `/api/search?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json();
  }
  const q = (text: string) => search(`q=${encodeURIComponent(text)}`);
  const names = (list: { name: string }[]) => list.map((item) => item.name);

  it("answers the SearchResultDto shape with public items only", async () => {
    const result = await q("pupusas");
    expect(Object.keys(result).sort()).toEqual([
      "merchantTotal",
      "merchants",
      "productTotal",
      "products",
    ]);
    expect(names(result.products)).toEqual(["Pupusas revueltas", "Curtido casero"]);
    expect(result.productTotal).toBe(2);
    expect(result.products[0]).toEqual({
      id: seen.products.get("Pupusas revueltas"),
      slug: expect.any(String),
      name: "Pupusas revueltas",
      imageUrl: "/uploads/pupusas.webp",
      price: "0.75",
    });
    const merchants = (await q("pupuseria")).merchants;
    expect(merchants).toEqual([
      {
        id: seen.merchants.get("Pupusería La Esperanza"),
        slug: expect.any(String),
        name: "Pupusería La Esperanza",
        address: "Calle a Olocuilta, km 22",
      },
    ]);
  });

  it("is case- and accent-insensitive", async () => {
    for (const text of ["cafe", "CAFÉ", "Cafe"]) {
      const result = await q(text);
      expect(names(result.merchants)).toEqual(["Café El Volcán"]);
      expect(names(result.products)).toEqual(["Café molido de altura"]);
    }
    expect(names((await q("pupuseria")).merchants)).toEqual(["Pupusería La Esperanza"]);
    expect(names((await q("PUPUSERÍA")).merchants)).toEqual(["Pupusería La Esperanza"]);
  });

  it("matches Spanish word forms", async () => {
    expect(names((await q("pupusa")).products)).toContain("Pupusas revueltas");
    expect(names((await q("revuelta")).products)).toEqual(["Pupusas revueltas"]);
  });

  it("matches prefixes while typing", async () => {
    expect(names((await q("pupu")).merchants)).toEqual(["Pupusería La Esperanza"]);
    expect(names((await q("pupusas revu")).products)).toEqual(["Pupusas revueltas"]);
  });

  it("tolerates one typo in longer words", async () => {
    expect(names((await q("pupuserua")).merchants)).toEqual(["Pupusería La Esperanza"]);
    expect(names((await q("revueltsa")).products)).toEqual(["Pupusas revueltas"]);
    expect(names((await q("volcna")).merchants)).toEqual(["Café El Volcán"]);
  });

  it("ranks name matches above description and address matches", async () => {
    expect(names((await q("pupusas")).products)).toEqual(["Pupusas revueltas", "Curtido casero"]);
    // "Olocuilta" is the name of one merchant and in the other's address.
    expect(names((await q("olocuilta")).merchants)).toEqual([
      "Librería Olocuilta",
      "Pupusería La Esperanza",
    ]);
    expect(names((await q("altura")).merchants)).toEqual(["Café El Volcán"]);
  });

  it("answers empty lists for queries of 2 characters or fewer, and without q", async () => {
    const empty = { products: [], merchants: [], productTotal: 0, merchantTotal: 0 };
    for (const text of ["", "pu", "  pu  ", "é"]) expect(await q(text)).toEqual(empty);
    expect(await search("")).toEqual(empty);
    expect(await q("pup")).not.toEqual(empty);
  });

  it("never lets query syntax through", async () => {
    for (const text of [
      "de la",
      "pupu's & | ! :* (",
      "'; drop table products; --",
      "<->",
      "a:*A & !b",
      "!!!",
      "ñ".repeat(300),
    ]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/search?q=${encodeURIComponent(text)}`,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(names((await q("¡pupusas!")).products)[0]).toBe("Pupusas revueltas");
    expect(searchTerms("  Pupusería's  & café:*  ")).toEqual({
      tsquery: "pupuseria & cafe:*",
      nameQuery: "pupuseria:A & cafe:*A",
      text: "pupuseria cafe",
      phrase: "pupuseria s cafe",
      namePattern: namePattern(["pupuseria", "s", "cafe"]),
      namePrefix: "pupuseria s cafe",
      department: undefined,
    });
    expect(searchTerms("¿?")).toBeNull();
    expect(await t.db.$count(products)).toBeGreaterThan(0);
  });

  it("ignores one-letter words after the first, and words after the eighth", async () => {
    expect(searchTerms("Pan y café")).toMatchObject({
      tsquery: "pan & cafe:*",
      text: "pan cafe",
      // The whole-name comparison still reads every word as typed.
      phrase: "pan y cafe",
    });
    // What is left must still have a query's 3 letters: never the prefix "a:*".
    expect(searchTerms("a b c d e f g h i j k l m n o p")).toBeNull();
    expect(searchTerms("p..")).toBeNull();
    expect(searchTerms("pa.")).toBeNull();
    expect(searchTerms("pa t")).toBeNull();
    expect(searchTerms("pan t")?.tsquery).toBe("pan:*");
    expect(searchTerms("x pupusas")?.tsquery).toBe("x & pupusas:*");
    const many = "uno dos tres cuatro cinco seis siete ocho nueve diez";
    expect(searchTerms(many)?.tsquery).toBe(
      "uno & dos & tres & cuatro & cinco & seis & siete & ocho:*",
    );
    // Hundreds of one-letter words: nothing to search for.
    const letters = "p ".repeat(2000);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/search?q=${encodeURIComponent(letters)}`,
    });
    expect(res.json()).toEqual({ products: [], merchants: [], productTotal: 0, merchantTotal: 0 });
    expect(names((await q("pupusas r")).products)).toEqual(names((await q("pupusas")).products));
  });

  it("is rate limited per address: 120 a minute", async () => {
    const get = (remoteAddress: string) =>
      t.app.inject({ method: "GET", url: "/api/search?q=pupusas", remoteAddress });
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await get("10.77.0.1")).statusCode);
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    const refused = await get("10.77.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: "Demasiadas solicitudes. Intenta de nuevo en un momento.",
      code: "rate_limited",
    });
    // Another address is not affected.
    expect((await get("10.77.0.2")).statusCode).toBe(200);
  });

  it("filters by the merchant's department", async () => {
    const inLaPaz = await search(`q=pupusas&department=${encodeURIComponent("La Paz")}`);
    expect(names(inLaPaz.products)).toEqual(["Pupusas revueltas", "Curtido casero"]);
    const elsewhere = await search(`q=pupus&department=${encodeURIComponent("Ahuachapán")}`);
    expect(elsewhere).toEqual({ products: [], merchants: [], productTotal: 0, merchantTotal: 0 });
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/search?q=pupusas&department=Narnia",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: DEPARTMENT_MESSAGE, code: "bad_request" });
  });

  it("returns at most 20 of each, the totals counting every match", async () => {
    const category = await insertCategory(t.db);
    const merchants: { id: number }[] = [];
    for (let i = 0; i < 22; i++) {
      merchants.push(
        await insertMerchant(t.db, { categoryId: category.id, name: `Tamalería ${i}` }),
      );
    }
    await t.db.insert(products).values(
      Array.from({ length: 25 }, (_, i) => ({
        name: `Tamales de gallina ${i}`,
        slug: `tamales-de-gallina-${i}`,
        description: "Tamales.",
        price: "1.00",
        imageUrl: DEFAULT_PRODUCT_IMAGE,
        merchantId: merchants[0].id,
        categoryId: category.id,
      })),
    );
    const result = await q("tamal");
    expect(result.products).toHaveLength(SEARCH_MAX_RESULTS);
    expect(result.merchants).toHaveLength(SEARCH_MAX_RESULTS);
    expect(result.productTotal).toBe(25);
    expect(result.merchantTotal).toBe(22);
  });

  it("adds typo matches after full-text ones, counting each item once", async () => {
    // Full text finds "Volcán"; only the typo pass ("bolcan" is a word of a name) finds "Bolcán".
    const result = await q("volcan");
    expect(names(result.merchants)).toEqual(["Café El Volcán", "Ferretería El Bolcán"]);
    expect(result.merchantTotal).toBe(2);
  });

  it("is callable from page loaders through the service", async () => {
    const result = await t.app.services.search.search("café", { department: "Ahuachapán" });
    expect(names(result.merchants)).toEqual(["Café El Volcán"]);
    expect(await t.app.services.search.search("ca")).toEqual({
      products: [],
      merchants: [],
      productTotal: 0,
      merchantTotal: 0,
    });
  });
});

describe("best match first", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const category = await insertCategory(t.db);
    const merchant = (name: string, description = "Un comercio de San Salvador.") =>
      insertMerchant(t.db, { categoryId: category.id, name, description });
    // Inserted worst first, and the weaker names' descriptions repeat the word (a higher
    // ts_rank): neither the id, the rank nor the alphabet gives the expected order.
    await merchant("Nescafé Express");
    const shop = await merchant("Tienda Rosita", "Vendemos café de altura.");
    await merchant("Antojitos y Café");
    await merchant("Panadería y Café Don Juan", "Café, café y más café.");
    await merchant("Café La Cumbre", "Café de altura, café de Apaneca.");
    await merchant("Café");
    const product = (name: string, description = "Hecho en El Salvador.") =>
      insertProduct(t.db, { merchantId: shop.id, categoryId: category.id, name, description });
    await product("Nescafé clásico");
    await product("Galletas de avena", "Para acompañar el café.");
    await product("Pan con café");
    await product("Bolsa de café", "Café de altura, café de Apaneca, café tostado.");
    await product("Café molido", "Café molido de Apaneca: café de altura.");
    await product("Café");
  });
  afterAll(() => t.close());

  const q = async (text: string): Promise<SearchResultDto> => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/search?q=${encodeURIComponent(text)}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const names = (list: { name: string }[]) => list.map((item) => item.name);

  it("puts the exact name first, then names that start with the query, then the rest", async () => {
    for (const text of ["café", "CAFE", "  Cafe! "]) {
      const result = await q(text);
      // Exact, prefix, the word elsewhere in the name, only in the description, and last the
      // typo pass ("nescafe" is one of the name words close to "cafe").
      expect(names(result.products)).toEqual([
        "Café",
        "Café molido",
        "Bolsa de café",
        "Pan con café",
        "Galletas de avena",
        "Nescafé clásico",
      ]);
      expect(names(result.merchants)).toEqual([
        "Café",
        "Café La Cumbre",
        "Panadería y Café Don Juan",
        "Antojitos y Café",
        "Tienda Rosita",
        "Nescafé Express",
      ]);
      expect(result.productTotal).toBe(6);
      expect(result.merchantTotal).toBe(6);
    }
  });

  it("compares whole names, word by word", async () => {
    expect(names((await q("cafe molido")).products)).toEqual(["Café molido"]);
    expect(names((await q("pan con café")).products)).toEqual(["Pan con café"]);
    // Names that merely start with the query's letters are prefix matches, ordered by rank.
    expect(names((await q("caf")).products).slice(0, 3)).toEqual([
      "Café molido",
      "Café",
      "Bolsa de café",
    ]);
  });

  it("reads names whatever their case, accents and punctuation", () => {
    // What the pattern matches, as the query's tier reads it: all, a start, or nothing.
    const tier = (words: string[], name: string) => {
      const found = new RegExp(namePattern(words)).exec(name)?.[0];
      return found === undefined ? "none" : found === name ? "exact" : "start";
    };
    for (const name of ["Café", "CAFÉ", "¡Café!", " cafe ", "Cafè"]) {
      expect(tier(["cafe"], name)).toBe("exact");
    }
    expect(tier(["cafe"], "Café molido")).toBe("start");
    expect(tier(["cafe"], "Cafés")).toBe("start");
    expect(tier(["cafe"], "Café, molido")).toBe("start");
    expect(tier(["cafe"], "Pan con café")).toBe("none");
    expect(tier(["cafe"], "Nescafé")).toBe("none");
    expect(tier(["pan", "con", "cafe"], "Pan, con café.")).toBe("exact");
    expect(tier(["nandu"], "Ñandú")).toBe("exact");
  });

  it("orders typo matches by the same rule: names before descriptions", async () => {
    // "cafee" matches no word form: every result comes from its correction "cafe".
    const found = names((await q("cafee")).products);
    expect(found.slice(0, -1).sort()).toEqual([
      "Bolsa de café",
      "Café",
      "Café molido",
      "Pan con café",
    ]);
    expect(found.at(-1)).toBe("Galletas de avena");
  });
});

describe("search at catalogue scale", () => {
  let t: TestApp;
  let merchantId: number;
  let otherMerchantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const category = await insertCategory(t.db);
    merchantId = (
      await insertMerchant(t.db, { categoryId: category.id, name: "Chilatería Doña Rosa" })
    ).id;
    otherMerchantId = (
      await insertMerchant(t.db, { categoryId: category.id, name: "Comedor Los Amates" })
    ).id;
    await insertProduct(t.db, {
      merchantId,
      categoryId: category.id,
      name: "Chilate con nuégados",
    });
    await insertProduct(t.db, { merchantId, categoryId: category.id, name: "Parrilla de barro" });
    await insertProduct(t.db, { merchantId, categoryId: category.id, name: "Atol de elote" });
    await t.db.insert(products).values(
      Array.from({ length: 21 }, (_, i) => ({
        name: `Quesadilla salvadoreña ${i}`,
        slug: `quesadilla-salvadorena-${i}`,
        description: "Horneada.",
        price: "1.50",
        imageUrl: DEFAULT_PRODUCT_IMAGE,
        merchantId: otherMerchantId,
        categoryId: category.id,
      })),
    );
    await insertProduct(t.db, {
      merchantId: otherMerchantId,
      categoryId: category.id,
      name: "Qesadilla de arroz",
    });
  });
  afterAll(() => t.close());

  const q = async (text: string): Promise<SearchResultDto> => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/search?q=${encodeURIComponent(text)}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const productNames = async (text: string) => (await q(text)).products.map((p) => p.name);

  it("follows every change of a merchant's or a product's visibility", async () => {
    expect(await productNames("chilate")).toEqual(["Chilate con nuégados"]);
    const setMerchant = (values: { approved?: boolean; isActive?: boolean }) =>
      t.db.update(merchants).set(values).where(eq(merchants.id, merchantId));

    await setMerchant({ approved: false });
    expect(await q("chilate")).toMatchObject({ products: [], productTotal: 0 });
    await setMerchant({ approved: true, isActive: false });
    expect(await productNames("chilate")).toEqual([]);
    await setMerchant({ isActive: true });
    expect(await productNames("chilate")).toEqual(["Chilate con nuégados"]);

    const chilate = products.name;
    await t.db.update(products).set({ isActive: false }).where(eq(chilate, "Chilate con nuégados"));
    expect(await productNames("chilate")).toEqual([]);
    await t.db.update(products).set({ isActive: true }).where(eq(chilate, "Chilate con nuégados"));
    // Moved to a hidden merchant, then back.
    await setMerchant({ approved: false });
    await t.db
      .update(products)
      .set({ merchantId: otherMerchantId })
      .where(eq(chilate, "Chilate con nuégados"));
    expect(await productNames("chilate")).toEqual(["Chilate con nuégados"]);
    await t.db.update(products).set({ merchantId }).where(eq(chilate, "Chilate con nuégados"));
    expect(await productNames("chilate")).toEqual([]);
    await setMerchant({ approved: true });
    expect(await productNames("chilate")).toEqual(["Chilate con nuégados"]);
  });

  it("corrects typos against the words of names, renamed ones included", async () => {
    expect(await productNames("nuegadso")).toEqual(["Chilate con nuégados"]);
    expect(await productNames("shucco")).toEqual([]);
    await t.db
      .update(products)
      .set({ name: "Atol shuco" })
      .where(eq(products.name, "Atol de elote"));
    expect(await productNames("shucco")).toEqual(["Atol shuco"]);
    // One typo in each of two words.
    expect(await productNames("chilete con nuegadso")).toEqual(["Chilate con nuégados"]);
  });

  it("tries other spellings only when full text leaves room", async () => {
    // Full text fills the 20 places: the misspelt "Qesadilla" is neither shown nor counted.
    const full = await q("quesadilla");
    expect(full.products).toHaveLength(SEARCH_MAX_RESULTS);
    expect(full.productTotal).toBe(21);
    expect(full.products.map((p) => p.name)).not.toContain("Qesadilla de arroz");
    // Full text finds one; the typo pass adds the rest, each counted once.
    const few = await q("qesadilla");
    expect(few.products[0].name).toBe("Qesadilla de arroz");
    expect(few.products).toHaveLength(SEARCH_MAX_RESULTS);
    expect(few.productTotal).toBe(22);
  });

  it("corrects only longer words that are not Spanish stop words", async () => {
    const found = await similarWords(t.db, ["nuegadso", "para"], 5);
    expect(found).toContainEqual({ typed: "nuegadso", word: "nuegados" });
    // "parrilla" is close to "para", but a stop word matches nothing however it is spelt.
    expect(found.filter((row) => row.typed === "para")).toEqual([]);
    expect(await similarWords(t.db, [], 5)).toEqual([]);
  });
});
