import { describe, expect, it } from "vitest";
import { minuteEnd, PageCache, type CachedPage } from "./page-cache";

/** 4:59 p. m. in El Salvador (UTC−6) on a Friday: a closing time for many merchants. */
const AT_1659 = Date.UTC(2026, 10, 27, 22, 59, 0);
const page = (text: string): CachedPage => ({
  status: 200,
  headers: [["content-type", "text/html"]],
  body: Buffer.from(text),
  etag: `"${text}"`,
});

function cache() {
  const state = { clock: AT_1659, version: 1 };
  const pages = new PageCache({
    ttlMs: 30_000,
    maxBytes: 1 << 20,
    maxPageBytes: 1 << 16,
    version: () => state.version,
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
    state.version++;
    expect(pages.get("/merchants")).toBeUndefined();
  });

  it("ends minutes on El Salvador's minutes (whole-hour offset: UTC's)", () => {
    expect(minuteEnd(AT_1659)).toBe(AT_1659 + 60_000);
    expect(minuteEnd(AT_1659 + 59_999)).toBe(AT_1659 + 60_000);
    expect(minuteEnd(AT_1659 + 60_000)).toBe(AT_1659 + 120_000);
  });
});
