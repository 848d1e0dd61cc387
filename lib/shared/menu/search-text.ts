// How search reads what a customer typed (docs/architecture/search.md#search): the same folding the
// databases apply to the text they index (SQLite FTS5's `remove_diacritics`, PostgreSQL's
// `unaccent` + `lower`), the words a query is split into, and pg_trgm's trigram similarity,
// which picks the "Did you mean" word among the candidates the database's trigram index found.
// Pure: used by the server's search and free for the browser (highlighting).

/** Lower case without accents: "Crème Brûlée" -> "creme brulee". */
export function foldText(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The words of a query, folded, in order, without repeats (at most 8: the rest adds nothing but work). */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  return [...new Set(foldText(q).split(/\s+/u).filter(Boolean))].slice(0, 8);
}

/** The words of a name as search compares them: folded, split at anything but letters and digits. */
export function nameWords(name: string): string[] {
  return foldText(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** pg_trgm's trigrams of one word: padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const chars = [..."  ", ...word, " "];
  const set = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) set.add(chars.slice(i, i + 3).join(""));
  return set;
}

/** pg_trgm's similarity of two words: shared trigrams over all trigrams (0..1). */
export function trigramSimilarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

/** The inner trigrams of a word (no padding): what an FTS5 trigram index holds. */
export function innerTrigrams(word: string): string[] {
  const chars = [...word];
  const list = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) list.add(chars.slice(i, i + 3).join(""));
  return [...list];
}

/** Below this similarity a word is not offered as a correction ("piza" -> "pizza" is 0.57). */
export const SUGGESTION_MIN_SIMILARITY = 0.3;

/**
 * The closest word of `candidates` (names) to `word`, when close enough and not `word` itself
 * (ties: the word found in more candidate names).
 */
export function closestWord(word: string, candidates: string[]): string | null {
  const counts = new Map<string, number>();
  for (const name of candidates) for (const w of new Set(nameWords(name))) if (w.length >= 3) counts.set(w, (counts.get(w) ?? 0) + 1);
  let best: { word: string; score: number; count: number } | null = null;
  for (const [candidate, count] of counts) {
    if (candidate === word) return null;
    const score = trigramSimilarity(word, candidate);
    if (score < SUGGESTION_MIN_SIMILARITY) continue;
    if (!best || score > best.score || (score === best.score && count > best.count)) best = { word: candidate, score, count };
  }
  return best?.word ?? null;
}
