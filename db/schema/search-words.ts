import { index, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Every word of at least 3 letters ever used in a product's or a merchant's name, folded
 * (lower case, no accents), kept by triggers (migration 0004). Search corrects typos
 * against these few thousand words rather than against every name.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text().primaryKey(),
  },
  (t) => [
    index("search_words_trgm_idx")
      .using("gin", t.word.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
  ],
);
