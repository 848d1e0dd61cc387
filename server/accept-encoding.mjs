// @ts-check
// Content negotiation for the answers the host compresses itself or serves compressed: the
// static twins (server/static-twins.mjs), replayed pages and /checkout (server/kept-answers/store.mjs,
// server/paint-first-whole.mjs).

/**
 * The coding to answer with, of `offered` (in the server's order of preference), per an
 * Accept-Encoding header (RFC 9110 12.5.3): the highest weight wins, ties going to the earlier
 * offer; `q=0` refuses a coding, `*` stands for every coding not named. null: none of them (no
 * header, all refused, or `identity` weighted above them).
 * @template {string} C
 * @param {string | string[] | undefined} header @param {readonly C[]} offered
 * @returns {C | null}
 */
export function chooseEncoding(header, offered) {
  if (!header) return null;
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const part of String(header).split(",")) {
    const [name, ...params] = part.split(";");
    let coding = name.trim().toLowerCase();
    if (!coding) continue;
    if (coding === "x-gzip") coding = "gzip";
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    weights.set(coding, Number.isFinite(q) ? Math.min(q, 1) : 0);
  }
  // Unnamed, identity weighs as little as the least wanted coding named (as Next.js's negotiator has it).
  const unnamedIdentity = weights.size ? Math.min(...weights.values()) : 1;
  /** @param {string} coding */
  const weightOf = (coding) => weights.get(coding) ?? weights.get("*") ?? (coding === "identity" ? unnamedIdentity : 0);
  /** @type {C | null} */
  let best = null;
  for (const coding of offered) if (weightOf(coding) > 0 && (best === null || weightOf(coding) > weightOf(best))) best = coding;
  return best !== null && weightOf(best) >= weightOf("identity") ? best : null;
}
