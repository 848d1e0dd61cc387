import "server-only";
import { promoCodeGuesses } from "../platform/throttle";
import { PromoCodeRefused } from "./apply";

/**
 * Runs a checkout step that may take a promo code (submit, the one-call checkout, the quote)
 * under the wrong-code throttle (platform/throttle.ts promoCodeGuesses): with a code, a 429
 * beside `field` once the account (10) or the address (100) has tried that many unknown codes in
 * the hour, and each unknown code counted (after its transaction rolled back). A real code that
 * does not apply (used up, already used by you, expired...) is not a guess and is not counted, so
 * customers behind one address who try a popular code after it ran out lock nobody out. Without a
 * code it costs nothing.
 */
export async function withPromoCodeGuard<T>(userId: number, address: string, promoCode: string | undefined, field: string, work: () => Promise<T>): Promise<T> {
  if (promoCode === undefined) return work();
  await promoCodeGuesses.assertAllowed(userId, address, field);
  try {
    return await work();
  } catch (error) {
    if (error instanceof PromoCodeRefused && error.guess) await promoCodeGuesses.failed(userId, address);
    throw error;
  }
}
