import { desc, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { searchWords } from "../../../db/schema/index";

// The typo pass (migration 0004): the names' vocabulary (search_words) a typed word may be a
// misspelling of.

/**
 * pg_trgm's default word similarity (0.6) misses one wrong letter in a six-letter word
 * ("volcna" for "volcán" is 0.57); 0.5 catches it and still needs most of the word.
 */
const TYPO_WORD_SIMILARITY = "0.5";

/**
 * Words of names (search_words) that `typed` may be a misspelling of: word similarity of
 * at least TYPO_WORD_SIMILARITY, served by the trigram index on the few thousand words
 * rather than on every name; at most `perWord` for each typed word, closest first.
 * Spanish stop words ("para", "con") are not corrected: they match nothing anyway.
 */
export async function similarWords(
  db: Queryable,
  typed: string[],
  perWord: number,
): Promise<{ typed: string; word: string }[]> {
  if (typed.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${TYPO_WORD_SIMILARITY}, true)`,
    );
    const q = sql`q.typed`;
    const found = tx
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(sql`${searchWords.word} %> ${q}`)
      .orderBy(
        desc(sql`word_similarity(${q}, ${searchWords.word})`),
        desc(sql`similarity(${q}, ${searchWords.word})`),
        searchWords.word,
      )
      .limit(perWord);
    const result = (await tx.execute(sql`
      select q.typed, w.word
      from unnest(${sql.param(typed)}::text[]) as q(typed)
      cross join lateral (${found}) as w
      where length(to_tsvector('spanish', q.typed)) > 0`)) as unknown as {
      rows: { typed: string; word: string }[];
    };
    return result.rows;
  });
}
