import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import * as root from "../../app/root";
import * as categoryDetail from "../../app/routes/public/category-detail";
import * as layout from "../../app/routes/public/layout";
import * as merchantsPage from "../../app/routes/public/merchants";
import { CART_SESSION_COOKIE } from "../../shared/cart-session-id";
import { MUNICIPALITY_COOKIE } from "../../shared/delivery";
import { FAVORITES_COOKIE } from "../../shared/favorites-cookie";
import { buildApp } from "../app";
import { loadConfig } from "../env";
import { insertCategory, insertMerchant } from "../test/factories";
import { keptPagesApp } from "../test/kept-pages-app";
import type { TestRoute } from "../test/page-build";
import { openTestDatabase } from "../test/test-database";
import { sharedPageKeyOf } from "./web-app";

/**
 * Issue 27: a shopper's remembered municipality ('Entrega a mi municipio', the
 * MUNICIPALITY_COOKIE) no longer makes the listings personal renders: they are kept per
 * municipality in the page cache. The real pages (app/root.tsx, the public layout,
 * /merchants and a category's merchants tab, their loaders reading the cookie) are rendered
 * by React Router's handler on the app's services and database, as in production.
 */

// The stylesheet's built URL (Vite gives none to a test).
vi.mock("../../app/app.css?url", () => ({ default: "/assets/app.css" }));

const ROUTES = {
  root: { path: "", module: root },
  "routes/public/layout": { parentId: "root", module: layout },
  "routes/public/merchants": {
    parentId: "routes/public/layout",
    path: "merchants",
    module: merchantsPage,
  },
  "routes/public/category-detail": {
    parentId: "routes/public/layout",
    path: "categories/:categorySlug",
    module: categoryDetail,
  },
} satisfies Record<string, TestRoute>;

const cookie = (municipality: string) =>
  `${MUNICIPALITY_COOKIE}=${encodeURIComponent(municipality)}`;

/** Three shoppers: two who chose a municipality, one who never did. */
const SHOPPERS = {
  capital: { cookie: cookie("San Salvador Centro") },
  oriente: { cookie: cookie("San Miguel Centro") },
  anyone: {} as { cookie?: string },
};
type Shopper = keyof typeof SHOPPERS;

const NAMES = {
  capital: "Pupusería La Capital",
  oriente: "Panadería Oriente",
  national: "Café Nacional",
};
const URLS = ["/merchants", "/categories/comida"];

/** Which of the three merchants a page lists. */
const listed = (html: string) =>
  Object.entries(NAMES)
    .filter(([, name]) => html.includes(name))
    .map(([key]) => key)
    .sort();

/** The app with the real pages kept, its catalogue: three merchants in three municipalities. */
async function pagesApp(database: DatabaseHandle) {
  const kept = await keptPagesApp(
    database,
    ROUTES,
    (request) => `${new URL(request.url).pathname} ${request.headers.get("cookie") ?? ""}`,
  );
  return { ...kept, renders: () => [...kept.renders.values()].reduce((a, b) => a + b, 0) };
}

async function shop(db: DatabaseHandle["db"]) {
  const category = await insertCategory(db, { name: "Comida", slug: "comida" });
  const merchant = (name: string, department: string, municipality: string) =>
    insertMerchant(db, {
      categoryId: category.id,
      name,
      slug: name.toLowerCase().replace(/\s+/g, "-"),
      department,
      municipality,
      fulfillment: "pickup",
    });
  await merchant(NAMES.capital, "San Salvador", "San Salvador Centro");
  await merchant(NAMES.oriente, "San Miguel", "San Miguel Centro");
  return (await merchant(NAMES.national, "La Libertad", "La Libertad Sur")).id;
}

describe("listings kept per remembered municipality (issue 27)", () => {
  let database: DatabaseHandle;
  let t: Awaited<ReturnType<typeof pagesApp>>;
  let nationalId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    nationalId = await shop(database.db);
    t = await pagesApp(database);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });
  const visit = (shopper: Shopper, url: string) => get(url, SHOPPERS[shopper]);
  const pages = () => t.app.services.cache.pages!;

  it("shows each shopper the page of their municipality, the second time from the cache", async () => {
    // Pages showing 'Abierto ahora' are kept per clock minute: both rounds must fall in one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 60_050 - intoMinute));
    const expected: Record<Shopper, string[]> = {
      capital: ["capital"],
      oriente: ["oriente"],
      anyone: ["capital", "national", "oriente"],
    };
    const first = new Map<string, string>();
    for (const url of URLS) {
      for (const shopper of Object.keys(SHOPPERS) as Shopper[]) {
        const res = await visit(shopper, url);
        expect(res.statusCode, `${shopper} ${url}`).toBe(200);
        expect(listed(res.body), `${shopper} ${url}`).toEqual(expected[shopper]);
        first.set(`${shopper} ${url}`, res.body);
      }
    }
    const rendered = t.renders();
    expect(rendered).toBe(URLS.length * 3);
    const before = pages().stats();
    expect(before).toMatchObject({ entries: 6, municipalityEntries: 4 });

    // Again, in another order: the same page each, none rendered, every one a kept page's.
    for (const url of [...URLS].reverse()) {
      for (const shopper of ["oriente", "anyone", "capital"] as Shopper[]) {
        const res = await visit(shopper, url);
        expect(res.body, `${shopper} ${url}`).toBe(first.get(`${shopper} ${url}`));
      }
    }
    expect(t.renders()).toBe(rendered);
    expect(pages().stats().hits).toBe(before.hits + URLS.length * 3);
    expect(pages().stats().entries).toBe(6);
  }, 60_000);

  it("keeps the cookie's pages from every shared cache downstream, and says the page varies by cookie", async () => {
    for (const url of URLS) {
      const anonymous = await visit("anyone", url);
      expect(anonymous.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
      expect(String(anonymous.headers.vary)).toMatch(/\bCookie\b/);
      const filtered = await visit("oriente", url);
      expect(filtered.headers["cache-control"]).toBe("no-store");
      expect(String(filtered.headers.vary)).toMatch(/\bCookie\b/);
    }
  });

  it("gives an unknown or malformed municipality the page of every municipality, never a key of its own", async () => {
    const anonymous = await visit("anyone", "/merchants");
    const entries = pages().stats().entries;
    const rendered = t.renders();
    for (const value of ["Atlantis", "%E0%A4%A", "", "San%20Salvador%20Centro%00x"]) {
      const res = await get("/merchants", { cookie: `${MUNICIPALITY_COOKIE}=${value}` });
      expect(res.statusCode, value).toBe(200);
      expect(res.body, value).toBe(anonymous.body);
      expect(res.headers["cache-control"], value).toBe("no-store");
    }
    // The same municipality however the cookie spells it: one key (the proper name).
    const spelled = await get("/merchants", {
      cookie: `${MUNICIPALITY_COOKIE}=san%20miguel%20CENTRO`,
    });
    expect(spelled.body).toBe((await visit("oriente", "/merchants")).body);
    expect(t.renders()).toBe(rendered);
    expect(pages().stats().entries).toBe(entries);
  });

  it("renders for the request alone when any other cookie comes with the municipality", async () => {
    const rendered = t.renders();
    const entries = pages().stats().entries;
    for (const other of ["tema=oscuro", "tiangue_sid=abc"]) {
      const res = await get("/merchants", { cookie: `${SHOPPERS.oriente.cookie}; ${other}` });
      expect(listed(res.body)).toEqual(["oriente"]);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    expect(t.renders()).toBe(rendered + 2);
    expect(pages().stats().entries).toBe(entries);
    expect(sharedPageKeyOf("/merchants", { cookie: `${SHOPPERS.oriente.cookie}; a=1` })).toBeNull();
    expect(
      sharedPageKeyOf("/merchants", { cookie: SHOPPERS.oriente.cookie, authorization: "Basic x" }),
    ).toBeNull();
    expect(sharedPageKeyOf("/cart", { cookie: SHOPPERS.oriente.cookie })).toBeNull();
  });

  it("shares the kept page with a shopper who also has a cart and favourites (their mirrors)", async () => {
    const mirrors = `${CART_SESSION_COOKIE}=session_1764000000000_abc; ${FAVORITES_COOKIE}=m:cafe-nacional`;
    // Kept for that municipality first, then asked for with the mirrors beside it.
    await visit("oriente", "/merchants");
    const rendered = t.renders();
    const res = await get("/merchants", { cookie: `${SHOPPERS.oriente.cookie}; ${mirrors}` });
    expect(listed(res.body)).toEqual(["oriente"]);
    expect(t.renders()).toBe(rendered);
    expect(sharedPageKeyOf("/merchants", { cookie: mirrors })).toBe("/merchants");
    expect(
      sharedPageKeyOf("/merchants", { cookie: `${SHOPPERS.oriente.cookie}; ${mirrors}` }),
    ).toBe(sharedPageKeyOf("/merchants", { cookie: SHOPPERS.oriente.cookie }));
  });

  it("shows a merchant's new delivery area to both shoppers at once", async () => {
    // Both pages are kept (the tests above)…
    for (const url of URLS) {
      expect(listed((await visit("capital", url)).body)).toEqual(["capital"]);
      expect(listed((await visit("oriente", url)).body)).toEqual(["oriente"]);
    }
    // …when Café Nacional starts delivering to the whole country.
    await t.app.services.merchants.updateOperations(nationalId, {
      fulfillment: "delivery",
      deliveryArea: "country",
    });
    expect(pages().stats()).toMatchObject({ entries: 0, bytes: 0 });
    for (const url of URLS) {
      // At once, for each: the next request of both (at the same moment) shows the change.
      const [capital, oriente, anyone] = await Promise.all([
        visit("capital", url),
        visit("oriente", url),
        visit("anyone", url),
      ]);
      expect(listed(capital.body), url).toEqual(["capital", "national"]);
      expect(listed(oriente.body), url).toEqual(["national", "oriente"]);
      expect(listed(anyone.body), url).toEqual(["capital", "national", "oriente"]);
    }
    // An administrator narrows it again to San Miguel Centro, through the admin API.
    await t.app.services.auth.ensureAdministrator({
      username: "admin-municipios",
      password: "contraseña-segura-123",
    });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "admin-municipios", password: "contraseña-segura-123" },
    });
    const session = String([login.headers["set-cookie"]].flat()[0]).split(";")[0]!;
    const current = (await t.app.services.merchants.getById(nationalId)) as unknown as Record<
      string,
      unknown
    >;
    const updated = await t.app.inject({
      method: "PUT",
      url: `/api/admin/merchants/${nationalId}`,
      headers: { cookie: session },
      payload: {
        ...editable(current),
        deliveryArea: "municipalities",
        deliveryMunicipalities: ["San Miguel Centro"],
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    for (const url of URLS) {
      expect(listed((await visit("capital", url)).body), url).toEqual(["capital"]);
      expect(listed((await visit("oriente", url)).body), url).toEqual(["national", "oriente"]);
    }
  });
});

/** The fields of an admin merchant answer that its PUT takes back. */
function editable(merchant: Record<string, unknown>) {
  const keep = [
    "name",
    "description",
    "address",
    "department",
    "municipality",
    "phone",
    "whatsapp",
    "email",
    "categoryId",
    "schedule",
    "fulfillment",
  ];
  return Object.fromEntries(
    keep
      .filter((k) => merchant[k] !== null && merchant[k] !== undefined)
      .map((k) => [k, merchant[k]]),
  );
}

describe.runIf(process.env.TEST_DB === "postgres")(
  "listings kept per municipality across processes (issue 27)",
  () => {
    let database: DatabaseHandle;
    let other: DatabaseHandle;
    let t: Awaited<ReturnType<typeof pagesApp>>;
    let writer: FastifyInstance;
    let nationalId: number;
    const otherDir = mkdtempSync(join(tmpdir(), "tiangue-municipality-writer-"));

    beforeAll(async () => {
      database = await openTestDatabase();
      nationalId = await shop(database.db);
      t = await pagesApp(database);
      // A second process: its own pool and cache on the same database, no pages.
      const pool = (
        database.db as unknown as { $client: { options: { connectionString: string } } }
      ).$client;
      other = await openDatabase({ url: pool.options.connectionString, poolSize: 2 });
      writer = await buildApp({
        config: loadConfig({ NODE_ENV: "test", DATA_DIR: otherDir }),
        database: other,
        sessionSecret: "s".repeat(48),
      });
      await writer.ready();
      await writer.services.cache.enableForTests();
    });
    afterAll(async () => {
      await writer?.close();
      await other?.close();
      await t?.close();
      await database?.close();
      rmSync(otherDir, { recursive: true, force: true });
    });

    it("forgets both shoppers' kept pages when another process changes a delivery area", async () => {
      const visit = (shopper: Shopper) =>
        t.app.inject({ method: "GET", url: "/merchants", headers: SHOPPERS[shopper] });
      for (let i = 0; i < 2; i++) {
        expect(listed((await visit("capital")).body)).toEqual(["capital"]);
        expect(listed((await visit("oriente")).body)).toEqual(["oriente"]);
      }
      expect(t.app.services.cache.pages!.stats().municipalityEntries).toBe(2);
      const version = t.app.services.cache.version();

      await writer.services.merchants.updateOperations(nationalId, {
        fulfillment: "delivery",
        deliveryArea: "country",
      });
      // The notification reaches this process a moment after the commit.
      const deadline = Date.now() + 5000;
      while (t.app.services.cache.version() === version && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(listed((await visit("capital")).body)).toEqual(["capital", "national"]);
      expect(listed((await visit("oriente")).body)).toEqual(["national", "oriente"]);
    });
  },
);
