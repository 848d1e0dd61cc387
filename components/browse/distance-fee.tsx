"use client";
import { useSession } from "@/components/providers/session-provider";
import { distanceKm } from "@/lib/shared/delivery/delivery";
import { deliveryFeeAt, pricedKm, type MarketPricing } from "@/lib/shared/money/delivery-pricing";
import { formatCents } from "@/lib/shared/money/money";
import type { Locale } from "@/lib/i18n/locale";
import { fill } from "@/lib/shared/words/fill";
import styles from "./restaurant-header.module.css";

/**
 * By distance, the fee to the signed-in customer's saved address ("$4.49 to your address, 2.3 km"),
 * by the rule checkout charges by (lib/shared/money/delivery-pricing.ts). The page is replayed to
 * everyone (catalog-and-caching.md), so the visitor's place is read in the browser, from the
 * session, after hydration; nothing when either place is unknown.
 */
export function DistanceFee({
  market,
  restaurant,
  words,
  locale,
  currency,
}: {
  market: MarketPricing;
  restaurant: { lat: number | null; lng: number | null };
  /** "{amount} to your address ({km} km)" in the page's language, from the server. */
  words: string;
  locale: Locale;
  /** The restaurant's market's currency (USD when not given). */
  currency?: string;
}) {
  const { user } = useSession();
  if (market.mode !== "distance" || restaurant.lat == null || restaurant.lng == null || user?.lat == null || user.lng == null) return null;
  const km = pricedKm(distanceKm({ lat: restaurant.lat, lng: restaurant.lng }, { lat: user.lat, lng: user.lng }));
  return <span className={styles.yourFee}>{fill(words, { amount: formatCents(deliveryFeeAt(market, km), { locale, currency }), km })}</span>;
}
