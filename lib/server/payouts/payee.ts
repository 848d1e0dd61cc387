import "server-only";
import type { PayoutAccountInput } from "@/lib/contract/payouts/account-rules";
import type { Locale } from "@/lib/i18n/locale";
import type { Courier } from "../dispatch/courier";
import { account } from "../ledger/post";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { payoutAccountOf, savePayoutAccount, type PayoutAccountJson } from "./accounts";
import { startOnboarding, type OnboardingLinkJson } from "./onboarding";

// The payout account routes' owners (details, onboarding): a restaurant's (its owner only: anyone else a 404 that reveals nothing) and the courier's own.
// An account's `label` is in `locale`, the request's (accounts.ts jsonOf).

export async function restaurantPayoutAccount(actor: Actor, restaurantId: number, locale: Locale = "en"): Promise<PayoutAccountJson | null> {
  const restaurant = await getOwnedRestaurant(actor, restaurantId);
  return payoutAccountOf(account.restaurant(restaurant.id), locale);
}

export async function saveRestaurantPayoutAccount(actor: Actor, restaurantId: number, input: PayoutAccountInput, locale: Locale = "en"): Promise<PayoutAccountJson> {
  const restaurant = await getOwnedRestaurant(actor, restaurantId);
  return savePayoutAccount(account.restaurant(restaurant.id), input, new Date(), locale);
}

/** "Set up payouts" for the restaurant: its owner only (anyone else a 404); back to its payouts page. */
export async function startRestaurantOnboarding(actor: Actor, restaurantId: number): Promise<OnboardingLinkJson> {
  const restaurant = await getOwnedRestaurant(actor, restaurantId);
  return startOnboarding(account.restaurant(restaurant.id), `/restaurants/${restaurant.id}/payouts`);
}

export const startCourierOnboarding = (courier: Courier) => startOnboarding(account.courier(courier.id), "/courier");

export const courierPayoutAccount = (courier: Courier, locale: Locale = "en") => payoutAccountOf(account.courier(courier.id), locale);

export const saveCourierPayoutAccount = (courier: Courier, input: PayoutAccountInput, locale: Locale = "en") =>
  savePayoutAccount(account.courier(courier.id), input, new Date(), locale);
