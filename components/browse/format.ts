import { formatMoney } from "@/components/ui/format";
import type { CartItem } from "@/lib/shared/orders/cart";
import type { NextChangeText } from "@/lib/shared/time/open-status-label";
import type { OptionGroupJson } from "@/lib/shared/menu/options";
import { PAGE_SIZE, PRICE_LEVEL_SYMBOLS, type PriceLevel } from "@/lib/shared/constants";
import type { RestaurantJson } from "@/lib/server/restaurants/restaurants";
import type { OpenStatusSource } from "./open-status";

// Display rules shared by the browse cards and pages (client-safe: no server imports).

/** Dishes per page on /menu-items (the client asks for one more to learn if a page follows). */
export const MENU_PAGE_SIZE = PAGE_SIZE.default;

/** Favourites per page (the server renders the first, the client asks for one more). */
export const FAVORITES_PAGE_SIZE = 50;
/** Favourite restaurants a page of /favorites shows (a constant of a server-safe module: the page reads it too). */
export const FAVORITE_RESTAURANTS_PAGE_SIZE = 12;

/** A deactivated restaurant's dishes (the disabled "Add") and its card in search results. */
export const NOT_TAKING_ORDERS = "Not taking orders";

export const priceSymbol = (level: string): string => PRICE_LEVEL_SYMBOLS[level as PriceLevel] ?? "";

/** "$0" for free delivery (as the apps show it), otherwise "$2.99". */
export const formatFee = (dollars: number): string => (dollars === 0 ? "$0" : formatMoney(dollars));

/** The spec's one decimal place: 4 -> "4.0" (Spanish "4,0": the catalogue's `decimal`). */
export const formatRating = (rating: number, decimal = "."): string => rating.toFixed(1).replace(".", decimal);

/** What the cart needs of a menu item (the shape of the API's item JSON). */
export type CartSource = { id: number; name: string; price: number; restaurantId: number; restaurant_name: string; food_image: string };

/** `currency`: the restaurant's market's; kept on the line (the cart prints in it) unless it is USD's. */
export function toCartLine(item: CartSource, currency?: string): Omit<CartItem, "quantity"> {
  return {
    id: item.id,
    name: item.name,
    price: item.price,
    restaurantId: item.restaurantId,
    restaurant: item.restaurant_name,
    food_image: item.food_image,
    ...(currency && currency !== "USD" ? { currency } : {}),
  };
}

/** A dish as its choices need it: the cart's fields, its option groups and whether it takes instructions. */
/** `allergens`: the dish's own, for the alert at an Add of one on the customer's allergy list (allergy-at-add.ts). */
export type DishSource = CartSource & { optionGroups: OptionGroupJson[]; allowsInstructions: boolean; allergens?: readonly string[] };

/** True when adding the dish asks something first (options or instructions): its Add opens the dish's choices. */
export const hasChoices = (item: Pick<DishSource, "optionGroups" | "allowsInstructions">): boolean => item.optionGroups.length > 0 || item.allowsInstructions;

/** Only what the choices need of a menu item, so a page hands its client components no more than that. */
export function dishSource(item: DishSource): DishSource {
  return {
    ...toCartSource(item),
    optionGroups: item.optionGroups,
    allowsInstructions: item.allowsInstructions,
    ...(item.allergens ? { allergens: item.allergens } : {}),
  };
}

const toCartSource = ({ id, name, price, restaurantId, restaurant_name, food_image }: CartSource): CartSource => ({
  id,
  name,
  price,
  restaurantId,
  restaurant_name,
  food_image,
});

/** What a restaurant card shows (restaurant-card.tsx), its live open status included. */
export type RestaurantCardSource = Pick<RestaurantJson, "id" | "name" | "cuisineType" | "priceLevel" | "deliveryTime" | "storeImage" | "rating" | "numReviews"> &
  Partial<Pick<RestaurantJson, "servicing" | "openNow" | "nextChange" | "timeZone" | "hours" | "closures" | "pausedUntil" | "busyExtraMinutes">> & {
    nextChangeText?: NextChangeText;
    /** A paused one's status line in the reader's words, from the server (kitchen-lines.ts withPausedText). */
    pausedText?: string;
    /** The card's fee line as the server computed it (card-fee.ts): the market's rule, or the restaurant's free delivery. */
    fee?: string;
  };

/**
 * Only what a card shows of a restaurant: the home grid hands its first page to a client
 * component, whose props are written into the page's HTML as JSON (the description, address and
 * the rest of the restaurant's JSON were about half of /home's RSC payload: docs/log/performance.md).
 */
const CARD_FIELDS = [
  "id",
  "name",
  "cuisineType",
  "priceLevel",
  "deliveryTime",
  "storeImage",
  "rating",
  "numReviews",
  "servicing",
  "openNow",
  "nextChange",
  "timeZone",
  "hours",
  "closures",
  "pausedUntil",
  "busyExtraMinutes",
  "fee",
] as const satisfies readonly (keyof RestaurantCardSource)[];

export function restaurantCardSource(r: RestaurantCardSource): RestaurantCardSource {
  const source = Object.fromEntries(CARD_FIELDS.map((field) => [field, r[field]])) as unknown as RestaurantCardSource;
  return { ...source, ...(r.nextChangeText ? { nextChangeText: r.nextChangeText } : {}), ...(r.pausedText ? { pausedText: r.pausedText } : {}) };
}

/** Only what the open status line reads (open-status.tsx), for the same reason. */
export const openStatusSource = ({
  openNow,
  nextChange,
  timeZone,
  hours,
  closures,
  pausedUntil,
  nextChangeText,
  openWords,
  pausedText,
  locale,
}: OpenStatusSource): OpenStatusSource => ({
  pausedUntil: pausedUntil ?? null,
  openNow,
  nextChange,
  timeZone,
  hours,
  closures,
  ...(nextChangeText ? { nextChangeText } : {}),
  ...(pausedText ? { pausedText } : {}),
  ...(locale ? { locale } : {}),
  openWords,
});

/** The delivery estimate shown: the restaurant's time plus the minutes its kitchen adds while busy (docs/architecture/kitchen.md). */
export const estimateMinutes = (r: { deliveryTime: number; busyExtraMinutes?: number }): number => r.deliveryTime + (r.busyExtraMinutes ?? 0);
