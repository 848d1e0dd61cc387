import type { Metadata } from "next";
import { cookies } from "next/headers";
import { CheckoutScreen } from "@/components/checkout/checkout-screen";
import { toCheckoutRestaurant } from "@/components/checkout/checkout-restaurant";
import { closedNow, type ClosedWords } from "@/components/checkout/closed-now";
import type { CheckoutReady } from "@/components/checkout/use-checkout-order";
import { kitchenFullNow, type KitchenFullWords } from "@/lib/server/orders/kitchen-room";
import { findOwnActiveOrder } from "@/lib/server/orders/read";
import { orderToJson } from "@/lib/server/orders/to-json";
import { getRestaurant, restaurantJson } from "@/lib/server/restaurants/restaurants";
import type { SessionUser } from "@/lib/server/platform/session-user";
import { requirePageUser } from "@/lib/server/web/session";
import { CHECKOUT_ORDER_COOKIE } from "@/lib/shared/constants";
import { idFromText } from "@/lib/shared/web/id-pattern";
import { getWords, requestLocale } from "@/lib/i18n/translate";
import { addressWords } from "@/lib/server/web/address-words";
import { tipCeilingOf } from "@/lib/server/orders/placement";
// The choice cards' styles, which only the form (a chunk loaded after the page) uses: imported
// here, in the server's page, they are among the page's stylesheets, so a form rendered by the
// server is styled at the first paint, and no class map is added to the page's JavaScript.
import "@/components/checkout/choice-card.module.css";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getWords("checkout")).title };
}

/**
 * The order the browser put at checkout (its id in CHECKOUT_ORDER_COOKIE, written beside the
 * localStorage copy), rendered into the page so it shows with the first paint rather than after
 * the scripts and two API reads. Only the visitor's own order, and only while it is Active; any
 * other id (someone else's order, a submitted or deleted one, not a number) renders nothing of
 * it, and the browser loads what localStorage holds, as it always has.
 */
async function checkoutOrderOf(user: SessionUser, language: ClosedWords, capacity: KitchenFullWords["capacity"]): Promise<CheckoutReady | null> {
  const raw = (await cookies()).get(CHECKOUT_ORDER_COOKIE)?.value ?? "";
  const id = idFromText(raw); // zod-free: lib/shared/web/id-pattern.ts
  if (id === null) return null;
  const order = await findOwnActiveOrder(user, id);
  if (!order) return null;
  const row = order.restaurantId === null ? null : await getRestaurant(order.restaurantId).catch(() => null);
  const restaurant = row ? toCheckoutRestaurant(await restaurantJson(row)) : null;
  const at = Date.now();
  // Judged here, not while the page hydrates (the week's slots read the restaurant's Intl clock).
  // Open and taking orders, but its kitchen full for now: the next slot with room (kitchen-room.ts).
  const closed = closedNow(restaurant, at, language);
  const full = !closed && row ? await kitchenFullNow(row, new Date(at), { words: language.lines.slots, locale: language.locale, capacity }) : null;
  return {
    status: "ready",
    order: orderToJson(order),
    restaurant,
    at,
    closed: full ? { message: full.message, bookable: Boolean(full.slot), slot: full.slot, kitchenFullUntil: full.slot?.value ?? null } : closed,
  };
}

// The order at checkout is the browser's (localStorage, and its id in a cookie): the server
// renders it when the cookie names the visitor's own Active order, and the screen (a client
// component) checks it against localStorage once it runs.
export default async function CheckoutPage() {
  const user = await requirePageUser();
  const [lines, locale] = await Promise.all([getWords("lines"), requestLocale()]);
  const language: ClosedWords = { lines: { slots: lines.slots, kitchen: lines.kitchen }, locale };
  const [initial, words, flow, allergens, pinWords, dish, browse] = await Promise.all([
    checkoutOrderOf(user, language, lines.capacity),
    getWords("checkout"),
    getWords("orderflow"),
    getWords("allergens"),
    addressWords(),
    getWords("dish"),
    getWords("browse"),
  ]);
  return (
    <CheckoutScreen
      initial={initial}
      words={words}
      flow={{
        checkout: flow.checkout,
        cards: flow.cards,
        allergens: allergens.short,
        lines: language.lines,
        dialog: { words: dish.choices, add: { addToCart: dish.addToCart, inCart: dish.inCart }, notes: browse.cartMarket.dialog },
        tipCeiling: tipCeilingOf(),
      }}
      locale={locale}
      pinWords={pinWords}
    />
  );
}
