import { describe, expect, it } from "vitest";
import { isCachedValue, PublicCache } from "./public-cache";
import { deferred } from "../../shared/test/test-helpers";

describe("PublicCache", () => {
  let clock = 0;
  const make = (options: Partial<ConstructorParameters<typeof PublicCache>[0]> = {}) =>
    new PublicCache({ ttlMs: 1000, maxWeight: 100, maxEntries: 10, now: () => clock, ...options });

  it("loads once and answers the same frozen value until it expires", async () => {
    clock = 0;
    const cache = make();
    let loads = 0;
    const load = async () => ({ n: ++loads, list: [{ a: 1 }] });
    const first = await cache.get("k", load);
    expect(await cache.get("k", load)).toBe(first);
    expect(loads).toBe(1);
    expect(Object.isFrozen(first) && Object.isFrozen(first.list[0])).toBe(true);
    expect(isCachedValue(first) && isCachedValue(first.list)).toBe(true);
    expect(isCachedValue({ n: 1 })).toBe(false);

    // Expired by age: the old value once more, while one load refreshes it…
    clock = 1000;
    const gate = deferred<{ n: number; list: { a: number }[] }>();
    let refreshes = 0;
    const slow = () => {
      refreshes++;
      return gate.promise;
    };
    expect((await cache.get("k", slow)).n).toBe(1);
    expect((await cache.get("k", slow)).n).toBe(1);
    expect(refreshes).toBe(1);
    gate.resolve({ n: 20, list: [] });
    await new Promise((resolve) => setImmediate(resolve));
    expect((await cache.get("k", load)).n).toBe(20);

    // …but never an answer older than twice the time to live (stored at 1000, so 3000).
    clock = 3000;
    expect((await cache.get("k", load)).n).toBe(2);
  });

  it("forgets everything on invalidate, and counts it", async () => {
    const cache = make();
    await cache.get("a", async () => 1);
    const generation = cache.stats().generation;
    cache.invalidate();
    expect(cache.stats().entries).toBe(0);
    expect(await cache.get("a", async () => 2)).toBe(2);
    expect(cache.stats().generation).toBe(generation + 1);
  });

  it("forgets only the entries holding a forgotten tag (issue 38)", async () => {
    const cache = make();
    await cache.get(
      "p1",
      async () => ({ id: 1 }),
      (v) => [`product:${v.id}`, "shelf"],
    );
    await cache.get(
      "p2",
      async () => ({ id: 2 }),
      (v) => [`product:${v.id}`],
    );
    await cache.get("untagged", async () => 3);
    cache.forget(["product:2"]);
    // The untagged read is forgotten by any write; p1 holds neither tag.
    expect(cache.stats().entries).toBe(1);
    expect(await cache.get("p1", async () => ({ id: 10 }))).toEqual({ id: 1 });
    expect(await cache.get("p2", async () => ({ id: 20 }))).toEqual({ id: 20 });
    cache.forget(["shelf"]);
    expect(await cache.get("p1", async () => ({ id: 11 }))).toEqual({ id: 11 });
  });

  it("answers but does not keep a load that overlapped a forget of its tags, and keeps one that did not", async () => {
    const cache = make();
    const tagged = (tag: string) => () => [tag];
    let release!: () => void;
    const slow = (value: number) => () =>
      new Promise<number>((resolve) => (release = () => resolve(value)));
    const first = cache.get("a", slow(1), tagged("product:1"));
    cache.forget(["product:1"]);
    // The next read does not join the load that may have read the old row.
    const second = cache.get("a", async () => 2, tagged("product:1"));
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(await cache.get("a", async () => 3)).toBe(2);

    const other = cache.get("b", slow(4), tagged("product:2"));
    cache.forget(["product:1"]);
    release();
    expect(await other).toBe(4);
    expect(await cache.get("b", async () => 5)).toBe(4);
  });

  it("shares one load among concurrent misses", async () => {
    const cache = make();
    const gate = deferred<string>();
    let loads = 0;
    const load = () => {
      loads++;
      return gate.promise;
    };
    const answers = Promise.all([cache.get("k", load), cache.get("k", load)]);
    gate.resolve("v");
    expect(await answers).toEqual(["v", "v"]);
    expect(loads).toBe(1);
  });

  it("answers but does not keep a load that overlapped an invalidation", async () => {
    const cache = make();
    const gate = deferred<string>();
    const reading = cache.get("k", () => gate.promise);
    // A write commits while the read is in flight.
    cache.invalidate();
    gate.resolve("old");
    expect(await reading).toBe("old");
    expect(await cache.get("k", async () => "new")).toBe("new");
  });

  it("keeps nothing from a failed load", async () => {
    const cache = make();
    await expect(cache.get("k", () => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(await cache.get("k", async () => "ok")).toBe("ok");
  });

  it("goes straight to the loader while disabled", async () => {
    const cache = make();
    cache.enabled = false;
    let loads = 0;
    await cache.get("k", async () => ++loads);
    await cache.get("k", async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  it("drops the least recently used entries beyond its weight or entry count", async () => {
    const cache = make({ maxWeight: 100, maxEntries: 3 });
    const rows = (n: number) => Array.from({ length: n }, (_, i) => i);
    await cache.get("a", async () => rows(10));
    await cache.get("b", async () => rows(10));
    await cache.get("c", async () => rows(10));
    await cache.get("a", async () => rows(0)); // a is now the most recent
    await cache.get("d", async () => rows(10)); // four entries: b goes
    expect(cache.stats().entries).toBe(3);
    let reloaded = false;
    await cache.get("b", async () => {
      reloaded = true;
      return rows(1);
    });
    expect(reloaded).toBe(true);
    expect((await cache.get("a", async () => rows(99))).length).toBe(10);

    // Too heavy for a quarter of the budget: answered, never kept.
    await cache.get("huge", async () => rows(60));
    expect(cache.stats().weight).toBeLessThanOrEqual(100);
    let again = false;
    await cache.get("huge", async () => {
      again = true;
      return rows(60);
    });
    expect(again).toBe(true);
  });
});
