import { describe, expect, it } from "vitest";
import {
  entrySize,
  isPersonalPath,
  minuteEnd,
  PageCache,
  pageKey,
  type CachedPage,
} from "./page-cache";
import { catalogueTags, EVERYTHING, noteReadTags } from "./tags";

/** 4:59 p. m. in El Salvador (UTC−6) on a Friday: a closing time for many merchants. */
const AT_1659 = Date.UTC(2026, 10, 27, 22, 59, 0);
const page = (text: string): CachedPage => ({
  status: 200,
  headers: [["content-type", "text/html"]],
  body: Buffer.from(text),
  etag: `"${text}"`,
});

function cache() {
  const state = { clock: AT_1659 };
  const pages = new PageCache({
    ttlMs: 30_000,
    maxBytes: 1 << 20,
    maxPageBytes: 1 << 16,
    now: () => state.clock,
  });
  return { pages, state };
}

describe("kept pages and the clock minute ('Abierto ahora', issue 12)", () => {
  it("serves a page only within the minute its render began, however young it is", async () => {
    const { pages, state } = cache();
    state.clock = AT_1659 + 50_000; // 4:59:50
    await pages.renderShared("/merchants?open=now", async () => page("40 comercios"));
    state.clock = AT_1659 + 59_999;
    expect(pages.get("/merchants?open=now")?.body.toString()).toBe("40 comercios");
    // 5:00:00: the API already answers the new minute's merchants (its reads are cached
    // under the minute); a page 10 s old from 4:59 would still say 40 (the 30 s TTL).
    state.clock = AT_1659 + 60_000;
    expect(pages.get("/merchants?open=now")).toBeUndefined();
  });

  it("does not keep a page whose render began in the previous minute past that minute", async () => {
    const { pages, state } = cache();
    state.clock = AT_1659 + 59_900;
    await pages.renderShared("/merchants", async () => {
      state.clock = AT_1659 + 60_200; // the render ends at 5:00:00.2
      return page("rendered at 4:59");
    });
    expect(pages.get("/merchants")).toBeUndefined();
  });

  it("keeps the TTL within a minute, and forgets on a catalogue change", async () => {
    const { pages, state } = cache();
    state.clock = AT_1659 + 60_000 + 5_000; // 5:00:05
    await pages.renderShared("/merchants", async () => page("a"));
    state.clock += 29_999;
    expect(pages.get("/merchants")).toBeDefined();
    state.clock += 1;
    expect(pages.get("/merchants")).toBeUndefined();

    await pages.renderShared("/merchants", async () => page("b"));
    expect(pages.get("/merchants")).toBeDefined();
    pages.clear();
    expect(pages.get("/merchants")).toBeUndefined();
  });

  it("ends minutes on El Salvador's minutes (whole-hour offset: UTC's)", () => {
    expect(minuteEnd(AT_1659)).toBe(AT_1659 + 60_000);
    expect(minuteEnd(AT_1659 + 59_999)).toBe(AT_1659 + 60_000);
    expect(minuteEnd(AT_1659 + 60_000)).toBe(AT_1659 + 120_000);
  });
});

describe("pages kept per remembered municipality, within one memory bound (issue 27)", () => {
  const sized = (text: string, bytes: number) => page(text.padEnd(bytes, "."));

  it("keeps a URL's page apart for each municipality and for no municipality", async () => {
    const { pages } = cache();
    await pages.renderShared(pageKey("/merchants"), async () => page("todos"));
    await pages.renderShared(pageKey("/merchants", "San Salvador Centro"), async () =>
      page("San Salvador Centro"),
    );
    await pages.renderShared(pageKey("/merchants", "San Miguel Centro"), async () =>
      page("San Miguel Centro"),
    );
    expect(pages.get(pageKey("/merchants"))?.body.toString()).toBe("todos");
    expect(pages.get(pageKey("/merchants", "San Salvador Centro"))?.body.toString()).toBe(
      "San Salvador Centro",
    );
    expect(pages.get(pageKey("/merchants", "San Miguel Centro"))?.body.toString()).toBe(
      "San Miguel Centro",
    );
    expect(pages.stats()).toMatchObject({ entries: 3, municipalityEntries: 2, hits: 3 });
    // No URL can pose as another URL's municipality key: the separator never is in a URL.
    expect(pageKey("/merchants", "San Miguel Centro")).not.toBe(
      pageKey("/merchants San Miguel Centro"),
    );
  });

  it("counts the municipality variants against the bound, and drops the least recently used first", async () => {
    const state = { clock: AT_1659 };
    const one = entrySize(pageKey("/merchants", "San Miguel Centro"), sized("x", 1000));
    const pages = new PageCache({
      ttlMs: 30_000,
      maxBytes: one * 3,
      maxPageBytes: one * 2,
      now: () => state.clock,
    });
    const keys = ["San Salvador Centro", "San Miguel Centro", "Santa Ana Norte", "La Paz Este"].map(
      (m) => pageKey("/merchants", m),
    );
    // Three pages fill the bound (their keys' lengths differ by a few bytes around `one`).
    for (const key of keys.slice(0, 3)) await pages.renderShared(key, async () => sized(key, 1000));
    expect(pages.stats()).toMatchObject({ entries: 3, municipalityEntries: 3, evictions: 0 });
    expect(pages.stats().bytes).toBeLessThanOrEqual(pages.stats().maxBytes);

    // The first one used again: the second is now the least recently used.
    expect(pages.get(keys[0]!)).toBeDefined();
    await pages.renderShared(keys[3]!, async () => sized(keys[3]!, 1000));
    const stats = pages.stats();
    expect(stats.evictions).toBeGreaterThanOrEqual(1);
    expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes);
    expect(pages.get(keys[1]!)).toBeUndefined();
    expect(pages.get(keys[0]!)).toBeDefined();
    expect(pages.get(keys[3]!)).toBeDefined();
  });

  it("counts the page's compressed copies, and never keeps a page larger than maxPageBytes", async () => {
    const { pages } = cache();
    const big = sized("grande", 50_000);
    // Half the HTML again for the brotli and gzip copies sent from the kept page.
    expect(entrySize("/x", big)).toBeGreaterThan(75_000);
    await pages.renderShared("/x", async () => big); // maxPageBytes is 64 KiB
    expect(pages.get("/x")).toBeUndefined();
    expect(pages.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it("forgets every variant at once on a catalogue change, bytes included", async () => {
    const { pages } = cache();
    for (const m of [undefined, "San Salvador Centro", "San Miguel Centro"]) {
      await pages.renderShared(pageKey("/merchants", m), async () => {
        noteReadTags([catalogueTags.merchantLists]);
        return page(String(m));
      });
    }
    expect(pages.stats().bytes).toBeGreaterThan(0);
    pages.forget([catalogueTags.merchantLists]);
    expect(pages.stats()).toMatchObject({ entries: 0, municipalityEntries: 0, bytes: 0 });
    expect(pages.get(pageKey("/merchants", "San Miguel Centro"))).toBeUndefined();
  });
});

describe("personal pages", () => {
  it("include /favorites, painted from the shopper's cookie (issue 27), and its data requests", () => {
    for (const url of ["/favorites", "/favorites?x=1", "/favorites.data", "/favorites/"]) {
      expect(isPersonalPath(url), url).toBe(true);
    }
    for (const url of ["/favoritesx", "/merchants", "/products/favorites"]) {
      expect(isPersonalPath(url), url).toBe(false);
    }
  });
});

describe("pages forget only what their reads were built from (issue 38)", () => {
  /** A page whose render read cached values with these tags. */
  const renderWith = (pages: PageCache, key: string, tags: string[]) =>
    pages.renderShared(key, async () => {
      await Promise.resolve();
      noteReadTags(tags);
      return page(key);
    });

  it("forgets a page holding a forgotten tag, and keeps the others", async () => {
    const { pages } = cache();
    await renderWith(pages, "/products/cafe", [
      catalogueTags.product(1),
      catalogueTags.merchant(7),
    ]);
    await renderWith(pages, "/merchants/otra", [catalogueTags.merchant(8)]);
    await renderWith(pages, "/ayuda", []);
    pages.forget([catalogueTags.merchant(7)]);
    expect(pages.get("/products/cafe")).toBeUndefined();
    expect(pages.get("/merchants/otra")).toBeDefined();
    expect(pages.get("/ayuda")).toBeDefined();
    expect(pages.stats().entries).toBe(2);
  });

  it("forgets a page whose reads could not be tracked on any write", async () => {
    const { pages } = cache();
    await renderWith(pages, "/", [EVERYTHING]);
    pages.forget([catalogueTags.product(99)]);
    expect(pages.get("/")).toBeUndefined();
  });

  it("answers but does not keep a page whose render overlapped a forget of what it read", async () => {
    const { pages } = cache();
    const answered = await pages.renderShared("/products/cafe", async () => {
      noteReadTags([catalogueTags.product(1)]);
      pages.forget([catalogueTags.product(1)]);
      return page("old");
    });
    expect(answered?.body.toString()).toBe("old");
    expect(pages.get("/products/cafe")).toBeUndefined();

    await pages.renderShared("/products/te", async () => {
      noteReadTags([catalogueTags.product(2)]);
      pages.forget([catalogueTags.product(1)]);
      return page("te");
    });
    expect(pages.get("/products/te")).toBeDefined();
  });

  it("keeps the tags of concurrent renders apart", async () => {
    const { pages } = cache();
    await Promise.all([
      renderWith(pages, "/a", [catalogueTags.product(1)]),
      renderWith(pages, "/b", [catalogueTags.product(2)]),
    ]);
    pages.forget([catalogueTags.product(2)]);
    expect(pages.get("/a")).toBeDefined();
    expect(pages.get("/b")).toBeUndefined();
  });
});
