// A name's first letter must be a whole user-perceived character: slicing UTF-16 code units
// splits an emoji's surrogate pair, which the server sends as U+FFFD and the client renders as a
// lone surrogate (a hydration mismatch, React #418).
// Made on first use, not when the module loads: the top bar imports this module on every page
// (components/shell/address.ts), and a browser's first Intl object loads its locale data (tens of
// ms on a phone) in the scripts' first task, where Lighthouse's blocking time counts it.
let segmenterMade: Intl.Segmenter | null | undefined;
const graphemeSegmenter = () =>
  segmenterMade !== undefined
    ? segmenterMade
    : (segmenterMade = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null);

/** The first grapheme of `text` ("🍕" of "🍕 Pizza", "👩🏽‍🍳" of a cook emoji), or "". */
export function firstGrapheme(text: string | null | undefined): string {
  if (!text) return "";
  const segmenter = graphemeSegmenter();
  if (segmenter) return segmenter.segment(text)[Symbol.iterator]().next().value?.segment ?? "";
  return Array.from(text)[0] ?? "";
}

/**
 * The longest run of whole graphemes from the start of `text` that fits in `maxUnits` UTF-16
 * code units (what String#length and zod's max() count), so a shortened name never ends in half
 * an emoji.
 */
export function sliceGraphemes(text: string, maxUnits: number): string {
  if (text.length <= maxUnits) return text;
  let end = 0;
  const segmenter = graphemeSegmenter();
  const parts = segmenter ? Array.from(segmenter.segment(text), (part) => part.segment) : Array.from(text);
  for (const part of parts) {
    if (end + part.length > maxUnits) break;
    end += part.length;
  }
  return text.slice(0, end);
}
