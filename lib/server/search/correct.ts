import "server-only";
import { closestWord } from "@/lib/shared/menu/search-text";
import { similarNames } from "../platform/queries/match";

// "Did you mean": when a search finds nothing, each word of 3+ characters is replaced by the
// closest word of the restaurant and dish names the trigram index offers for it
// (similarNames: the database finds and orders the candidates; closestWord picks the word
// inside those few names by pg_trgm's similarity). Nothing is scanned outside the index.

const CANDIDATES = 20;

/** The corrected words, or null when no word has a close enough correction. */
export async function correctWords(words: string[]): Promise<string[] | null> {
  let changed = false;
  const corrected = await Promise.all(
    words.map(async (word) => {
      if ([...word].length < 3) return word;
      const [restaurants, dishes] = await Promise.all([similarNames("restaurant", word, CANDIDATES), similarNames("dish", word, CANDIDATES)]);
      const best = closestWord(word, [...dishes, ...restaurants]);
      if (!best) return word;
      changed = true;
      return best;
    }),
  );
  return changed ? corrected : null;
}
