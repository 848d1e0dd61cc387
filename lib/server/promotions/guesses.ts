import "server-only";
import { promoCodeGuesses } from "../platform/throttle";
import { PromoCodeRefused } from "./apply";

/**
 * Runs a checkout step that may take a promo code (submit, the one-call checkout, the quote)
 * under the wrong-code throttle (platform/throttle.ts promoCodeGuesses): with a code, a 429
 * beside `field` once the account or the address has had ten refused in the hour, and each
 * refusal counted (after its transaction rolled back). Without a code it costs nothing.
 */
export async function withPromoCodeGuard<T>(userId: number, address: string, promoCode: string | undefined, field: string, work: () => Promise<T>): Promise<T> {
  if (promoCode === undefined) return work();
  await promoCodeGuesses.assertAllowed(userId, address, field);
  try {
    return await work();
  } catch (error) {
    if (error instanceof PromoCodeRefused) await promoCodeGuesses.failed(userId, address);
    throw error;
  }
}
