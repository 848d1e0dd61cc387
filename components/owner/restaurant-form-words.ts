import "server-only";
import { getWords, translatorFor, type getT } from "@/lib/i18n/translate";
import { DEFAULT_DELIVERY_RADIUS_KM, MAX_DELIVERY_RADIUS_KM, MIN_DELIVERY_RADIUS_KM } from "@/lib/shared/delivery/delivery";
import { kmAsUnit, kmRangeIn, type DistanceUnit } from "@/lib/shared/delivery/distance";
import { formRules } from "@/lib/server/web/form-rules";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { formatCents } from "@/lib/shared/money/money";
import { fill } from "@/lib/shared/words/fill";
import { checkoutDeliveryFeeCents } from "@/lib/shared/money/pricing";
import type { RestaurantFormWords } from "./restaurant-form";

/** The restaurant form's words, and the settings' pricing form's, in the request's language (restaurants/new and restaurants/{id}/update); `unit`: the restaurant's market's. */
export async function restaurantFormWords(locale: Locale, unit: DistanceUnit = "km"): Promise<RestaurantFormWords & { pricing: Words<"menus">["pricing"] }> {
  const [{ restaurantForm, common, hours, photo, pricing, preview }, rules] = await Promise.all([getWords("menus"), formRules("restaurant")]);
  // The preview's fee is checkout's, filled in here: the browser fills in the minutes.
  return {
    restaurantForm,
    common,
    hours,
    photo,
    pricing,
    preview: { ...preview, fee: fill(preview.fee, { fee: formatCents(checkoutDeliveryFeeCents("standard"), { locale }) }) },
    rules,
    ...(unit === "mi" ? { miles: radiusInMiles(locale) } : {}),
  };
}

/** A mi market's radius field: its label, hint and range message (server.storedTexts.miles), and a new restaurant's radius, in miles. */
export function radiusInMiles(locale: Locale): NonNullable<RestaurantFormWords["miles"]> {
  const t = translatorFor(locale, "server.storedTexts.miles");
  const [min, max] = kmRangeIn(MIN_DELIVERY_RADIUS_KM, MAX_DELIVERY_RADIUS_KM, "mi");
  return { label: t("label"), hint: t("hint", { min, max }), range: t("range", { min, max }), initial: String(kmAsUnit(DEFAULT_DELIVERY_RADIUS_KM, "mi")) };
}

/** What the restaurant's own delivery fee means next to checkout's, in the reader's language. */
export function deliveryFeeHint(t: Awaited<ReturnType<typeof getT<"menus">>>, locale: Locale): string {
  const standard = checkoutDeliveryFeeCents("standard");
  return t("restaurantForm.deliveryFeeHint", {
    fee: formatCents(standard, { locale }),
    surcharge: `+${formatCents(checkoutDeliveryFeeCents("priority") - standard, { locale })}`,
  });
}
