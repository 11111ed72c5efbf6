import { AsyncLocalStorage } from "node:async_hooks";

/*
 * What a cached read or a kept page was built from, and what a write changed (issue 38,
 * docs/decisions/0042). A cached read names its tags from what it answered; a page collects
 * the tags of every cached read its render made; a write names the tags of what it changed,
 * and only the entries holding one of them are forgotten, in this process and, by NOTIFY, in
 * the others.
 *
 * The vocabulary is small on purpose: an entity's tag for what shows its fields, and a list
 * tag for what a change of membership or order reaches.
 */

/** Forgets every entry: a write too broad to name (a category renamed, a bulk erasure). */
export const EVERYTHING = "*";

export const catalogueTags = {
  /** What shows this product's fields: its page, and every list or card holding it. */
  product: (id: number) => `product:${id}`,
  /** What shows this merchant's fields: its page, its products' pages, lists holding it. */
  merchant: (id: number) => `merchant:${id}`,
  /**
   * Product lists whose members or order a product write may change (a new price, a name,
   * availability, a product shown or hidden): the whole site's (catalogue, categories,
   * departments, search, popular, sitemap) or one shop's.
   */
  shelf: (merchantId?: number) =>
    merchantId === undefined ? "shelf" : `shelf:merchant:${merchantId}`,
  /** Product and merchant lists ordered by rating ('Mejor calificados', popular, featured). */
  byRating: "by-rating",
  /** Merchant lists and counts (by name, category, department, zone, open now, sitemap). */
  merchantLists: "merchant-lists",
  /** Search answers: what matches a word moves with any name or text, price or availability. */
  search: "search",
  /** The categories and their public counts. */
  categories: "categories",
  /** A merchant's or a product's list of published reviews (replies included). */
  reviewsOf: (target: { merchantId?: number | null; productId?: number | null }) =>
    target.productId != null
      ? `reviews:product:${target.productId}`
      : target.merchantId != null
        ? `reviews:merchant:${target.merchantId}`
        : "reviews",
} as const;

/** The tags of a product as it shows: its own and its seller's (cards show the seller's name). */
export function productShownTags(product: { id: number; merchantId: number }): string[] {
  return [catalogueTags.product(product.id), catalogueTags.merchant(product.merchantId)];
}

/**
 * What a write names, by what it changed. Each is the smallest set that keeps every read
 * of what changed current: the entity's own tag reaches everything that shows it, a list
 * tag what its members or order may change.
 */
export const catalogueChanges = {
  /**
   * A product's shown fields: `shelf` when its place in a list may move (price, name,
   * slug, availability, category), `members` when it enters or leaves the public lists
   * (created, deleted, switched on or off: its shop's and its category's counts change),
   * `text` when a search may find it differently (its description).
   */
  product(
    product: { id: number; merchantId: number },
    changed: { shelf?: boolean; members?: boolean; text?: boolean } = {},
  ): string[] {
    const tags = [catalogueTags.product(product.id)];
    if (changed.shelf || changed.members) {
      tags.push(catalogueTags.shelf(), catalogueTags.shelf(product.merchantId));
    }
    if (changed.shelf || changed.members || changed.text) tags.push(catalogueTags.search);
    if (changed.members) {
      tags.push(
        catalogueTags.merchant(product.merchantId),
        catalogueTags.categories,
        // Its reviews are public only while it is.
        catalogueTags.reviewsOf({}),
        catalogueTags.reviewsOf({ productId: product.id }),
      );
    }
    return tags;
  },

  /** Products added to a shop at once (the CSV upload): nothing shows them yet but its lists. */
  productsAdded(merchantId: number): string[] {
    return [
      catalogueTags.search,
      catalogueTags.shelf(),
      catalogueTags.shelf(merchantId),
      catalogueTags.merchant(merchantId),
      catalogueTags.categories,
    ];
  },

  /**
   * A merchant's shown fields: `lists` when its place in the lists may move (name, slug,
   * category, department, zones, hours: the merchant lists and the product lists that
   * filter by its place), `members` when it is shown or hidden with its products and
   * reviews, `text` when a search may find it differently (description, address).
   */
  merchant(
    merchantId: number,
    changed: { lists?: boolean; members?: boolean; text?: boolean } = {},
  ): string[] {
    const tags = [catalogueTags.merchant(merchantId)];
    if (changed.lists || changed.members || changed.text) tags.push(catalogueTags.search);
    if (changed.lists || changed.members) {
      tags.push(
        catalogueTags.merchantLists,
        catalogueTags.shelf(),
        catalogueTags.shelf(merchantId),
        catalogueTags.categories,
      );
    }
    if (changed.members) {
      tags.push(
        catalogueTags.reviewsOf({}),
        catalogueTags.reviewsOf({ merchantId }),
        catalogueTags.byRating,
      );
    }
    return tags;
  },

  /**
   * A published review (or its reply): its target's review lists, and with `rating` (a
   * review published or removed) what shows the target's rating and the lists ordered by it.
   */
  review(
    review: { merchantId: number | null; productId: number | null },
    changed: { rating?: boolean } = {},
  ): string[] {
    const tags = [catalogueTags.reviewsOf({}), catalogueTags.reviewsOf(review)];
    if (changed.rating) {
      tags.push(
        catalogueTags.byRating,
        review.productId !== null
          ? catalogueTags.product(review.productId)
          : catalogueTags.merchant(review.merchantId!),
      );
    }
    return tags;
  },
};

/** A NOTIFY payload is at most 8000 bytes: a longer list of tags is sent as EVERYTHING. */
export const NOTIFY_TAGS_MAX = 7_000;

/**
 * The tags a render has read so far: every cached read adds its own (server/http/web-app.ts
 * runs each page's render inside `collectReadTags`).
 */
const readTags = new AsyncLocalStorage<Set<string>>();

export function collectReadTags<T>(
  run: () => Promise<T>,
): Promise<{ value: T; tags: Set<string> }> {
  const tags = new Set<string>();
  return readTags.run(tags, async () => ({ value: await run(), tags }));
}

/** Adds `tags` to the render under way, if any. */
export function noteReadTags(tags: readonly string[]): void {
  const collecting = readTags.getStore();
  if (collecting) for (const tag of tags) collecting.add(tag);
}

/**
 * Which keys hold which tag, and which forgets happened while a load or a render was under
 * way (what it read may be old: it is answered but not kept). Shared by the public-read
 * cache and the page cache.
 */
export class TagIndex {
  private readonly keysByTag = new Map<string, Set<string>>();
  private readonly tagsByKey = new Map<string, readonly string[]>();
  /** The last forgets, newest last, by sequence number. */
  private readonly recent: { seq: number; tags: ReadonlySet<string> }[] = [];
  private seq = 0;

  /** The sequence number now: what `forgottenSince` compares with. */
  now(): number {
    return this.seq;
  }

  add(key: string, tags: readonly string[]): void {
    this.delete(key);
    this.tagsByKey.set(key, tags);
    for (const tag of tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  delete(key: string): void {
    const tags = this.tagsByKey.get(key);
    if (!tags) return;
    this.tagsByKey.delete(key);
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  clear(): void {
    this.keysByTag.clear();
    this.tagsByKey.clear();
    this.record(new Set([EVERYTHING]));
  }

  /**
   * Records a forget of `tags` and answers the keys holding any of them (or EVERYTHING,
   * which a read made while the cache could not track it carries).
   */
  forget(tags: readonly string[]): Set<string> {
    const set = new Set(tags);
    this.record(set);
    const keys = new Set<string>();
    for (const tag of [...set, EVERYTHING]) {
      for (const key of this.keysByTag.get(tag) ?? []) keys.add(key);
    }
    return keys;
  }

  /** Whether a forget since `seq` named one of `tags` (or everything). */
  forgottenSince(seq: number, tags: Iterable<string>): boolean {
    if (seq === this.seq) return false;
    const oldest = this.recent[0];
    // Older than what is remembered: assume the worst.
    if (!oldest || oldest.seq > seq + 1) return true;
    const wanted = [...tags];
    // A read that could not say what it read is forgotten by any write.
    if (wanted.includes(EVERYTHING)) return true;
    for (let i = this.recent.length - 1; i >= 0 && this.recent[i]!.seq > seq; i--) {
      const forgotten = this.recent[i]!.tags;
      if (forgotten.has(EVERYTHING) || wanted.some((tag) => forgotten.has(tag))) return true;
    }
    return false;
  }

  private record(tags: ReadonlySet<string>) {
    this.recent.push({ seq: ++this.seq, tags });
    if (this.recent.length > RECENT_FORGETS) this.recent.shift();
  }
}

/** Forgets remembered for loads under way: a load slower than this many writes is not kept. */
const RECENT_FORGETS = 256;
