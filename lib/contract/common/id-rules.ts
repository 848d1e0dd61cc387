import { z } from "zod";
import { MAX_ID } from "@/lib/shared/web/id-pattern";
import { said } from "@/lib/shared/words/said";

// The one id rule of the API and the pages: a positive whole number that fits the database's
// 32-bit integer column. Body fields are JSON numbers (`idNumber`); route parameters and query
// values arrive as text (`idText`): digits only, so "1e3", " 7" and "0x1f" are junk.

/** The largest id a database row can have (lib/shared/web/id-pattern.ts: a signed 32-bit INTEGER). */
export { MAX_ID };

export const idMessage = (field: string) => said("rules.common.positiveWhole", { field });

/** An id in a JSON body; every failure says `message` (by default "<field> must be a positive whole number"). */
export const idNumber = (field: string, message = idMessage(field)) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/** An id written as text (a route parameter, a query value), parsed to its number. */
export const idText = (field = "id", message = idMessage(field)) => z.string({ error: message }).regex(/^\d+$/, message).transform(Number).pipe(idNumber(field, message));

/**
 * idText(field), built once per field name: a zod schema costs far more to build than to run, and
 * building a path id's on every request was 6% of a personal read's CPU (the route's own
 * parameters: lib/server/web/url-input.ts parseId, the pages' pageId).
 */
export function idTextOf(field = "id"): ReturnType<typeof idText> {
  let schema = idTexts.get(field);
  if (!schema) idTexts.set(field, (schema = idText(field)));
  return schema;
}
const idTexts = new Map<string, ReturnType<typeof idText>>();
