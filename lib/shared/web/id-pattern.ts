// Ids read from text without zod. lib/contract/common/id-rules.ts is the API's and the pages' one id rule
// (a zod schema: a 400 naming the field, or the not-found page); a page that reads an id
// somewhere no visitor typed it, and must not load zod for it, uses ID_PATTERN instead: the
// checkout page, reading its order's id from a cookie (docs/performance.md, "The devices that
// keep it fast"). ID_PATTERN is stricter than idText: no leading zero and at most 9 digits, so
// every id it takes is under MAX_ID without a comparison.

/** The largest id a database row can have (a signed 32-bit INTEGER). */
export const MAX_ID = 2_147_483_647;

/** A positive id with no leading zero, at most 9 digits (under MAX_ID). */
export const ID_PATTERN = /^[1-9]\d{0,8}$/;

/** The id `text` names, or null when it does not match ID_PATTERN. */
export function idFromText(text: string): number | null {
  return ID_PATTERN.test(text) ? Number(text) : null;
}
