"use client";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useCart } from "@/components/providers/cart-provider";
import { useSession } from "@/components/providers/session-provider";
import { api } from "@/lib/client/api";
import { parseApiError } from "@/lib/client/use-api-action";
import { challengeOf, goToChallenge, useChallengeReturn } from "@/lib/client/card-challenge";
import type { DeliveryOption, DropoffChoice, PaymentMethod } from "@/lib/shared/constants";
import { formatShortDateTime } from "@/lib/shared/time/format-date";
import type { OrderJson } from "@/lib/server/orders/to-json";
import { ensureCartId, recreateOrder } from "./cart-order";
import { abandonOrder, clearCurrentOrder, clearReorderNotice, newIdempotencyKey, readCurrentOrder, storeCurrentOrder } from "./current-order";
import { rememberPlaced } from "@/components/orders/placed-order";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";

export const ORDER_PLACED_MESSAGE = "Your food will arrive soon!";
export const PICKUP_PLACED_MESSAGE = "Your order is placed: we will tell you when it is ready for pickup!";
export const CART_ORDERED_NOTICE = "This cart was just ordered.";
/**
 * The success alert after 500 ms, then /orders (the spec's navigation), where the new order is
 * first and highlighted; the alert links to its live page. The cart is emptied (state and storage)
 * the moment the submit succeeds, not by a timer a reload could skip.
 */
const CONFIRM_AFTER_MS = 500;

/** The success alert's words in the page's language (the catalogue's checkout.placed, from the server). */
export type PlacedWords = { words: Words<"checkout">["placed"]; locale: Locale };
const ENGLISH_PLACED: PlacedWords["words"] = {
  order: ORDER_PLACED_MESSAGE,
  pickup: PICKUP_PLACED_MESSAGE,
  scheduledOrder: "Your order is scheduled for {time}.",
  scheduledPickup: "Your pickup is scheduled for {time}.",
  track: "Track order",
};

/** The success alert's words: a scheduled order says when, in the restaurant's time zone. */
export function placedMessage(order: Pick<OrderJson, "deliveryOption" | "scheduledFor">, timeZone: string, { words, locale }: Partial<PlacedWords> = {}): string {
  const pickup = order.deliveryOption === "pickup";
  const w = words ?? ENGLISH_PLACED;
  if (order.scheduledFor) return fill(pickup ? w.scheduledPickup : w.scheduledOrder, { time: formatShortDateTime(order.scheduledFor, timeZone, locale) });
  return pickup ? w.pickup : w.order;
}

export type SubmitBody = {
  deliveryOption: DeliveryOption;
  scheduledFor?: string;
  tipPercent?: number;
  /** A custom tip in dollars. */
  tip?: number;
  paymentMethod: PaymentMethod;
  /** A saved card (card only; without it the default card). */
  paymentMethodId?: number;
  /** Cash at the door: the bill the customer pays with (components/checkout/cash-option.tsx). */
  cashBill?: number;
  /** The authorization a 3-D Secure challenge completed, sent back with the same choices. */
  paymentIntent?: string;
  /** "Leave it at my door" (absent: hand it to me). */
  dropoff?: DropoffChoice;
  /** The total in dollars the page shows: the server refuses (409) to charge another one. */
  expectedTotal?: number;
  /** The promo code applied (docs/architecture/promotions.md); without it the best automatic offer applies. */
  promoCode?: string;
  /** A guest's delivery address, "ADDRESS, CITY, STATE, ZIP" (use-delivery-address.ts). */
  deliveryAddress?: string;
  /** Its pin (guest-pin.tsx), when the guest placed one. */
  deliveryLat?: number;
  deliveryLng?: number;
  /** An address book entry (components/addresses/address-picker.tsx); without it the default. */
  addressId?: number;
};

/** Where checkout keeps its submit while the customer is at the bank's 3-D Secure page (this tab only). */
const CHALLENGE_KEY = "nosh_card_challenge";
/** What the form shows that the submit does not carry (the scheduled slot's words), kept across the challenge with it. */
export type CheckoutView = { slotLabel?: string };
type PendingChallenge = { orderId: number; body: SubmitBody; view?: CheckoutView; intentId: string };

/**
 * Place order: PUT /api/orders/{id}/submit with an Idempotency-Key made once per attempt (the
 * same choices sent again, by a double click or a retry, reuse it, so the server charges once).
 */
export function usePlaceOrder(
  order: OrderJson,
  markPlacing: (placing: boolean) => void,
  onStale: () => void,
  timeZone: string,
  /** A promo code refused at submit (422/429 beside promoCode: used up meanwhile): shown beside the field. */
  onPromoRefused: (message: string) => void = () => undefined,
  /** Back from the 3-D Secure page: the choices sent before it, for the form to show again. */
  onResume: (body: SubmitBody, view: CheckoutView) => void = () => undefined,
  /** The kitchen is full for the time chosen (409 with `nextSlot`): the first slot with room, null if none this week. */
  onKitchenFull: (nextSlot: string | null) => void = () => undefined,
  /** The success alert's language. */
  placed: Partial<PlacedWords> = {},
) {
  const router = useRouter();
  const { show } = useAlerts();
  const { user, refresh } = useSession();
  const { items, ready, clear } = useCart();
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The delivery radius's 422 (the address is too far), or a guest's address refused: shown beside the address, with pickup offered.
  const [addressError, setAddressError] = useState<string | null>(null);
  // The tip's ceiling (400 naming tip): shown beside the tip.
  const [tipError, setTipError] = useState<string | null>(null);
  // The card's refusal (a decline, a failed 3-D Secure challenge), shown beside the cards.
  const [cardError, setCardError] = useState<string | null>(null);
  // The card's refusal on the way back from the 3-D Secure page (a failed challenge): shown at the top of the form.
  const [challengeError, setChallengeError] = useState<string | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const confirmTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(confirmTimer.current), []);

  // The identity of the cart this order was made from, taken when checkout opens (another tab
  // ordering the cart empties it, and with it the identity): the server takes one order per cart.
  const cartId = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || cartId.current !== null) return;
    cartId.current = items[0]?.restaurantId === order.restaurantId ? ensureCartId(user?.id ?? "guest") : "";
  }, [ready, items, order.restaurantId, user]);

  const place = async (body: SubmitBody, view: CheckoutView = {}, resumed = false) => {
    if (placing) return;
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: newIdempotencyKey() };
    setError(null);
    setAddressError(null);
    setTipError(null);
    setCardError(null);
    setChallengeError(null);
    setPlacing(true);
    markPlacing(true);
    const submitBody = cartId.current ? { ...body, cartId: cartId.current } : body;
    const submit = (id: number, key: string) => api<OrderJson>(`/api/orders/${id}/submit`, { method: "PUT", body: submitBody, headers: { "Idempotency-Key": key } });
    try {
      const submitted = await submit(order.id, attempt.current.key).catch(async (failure: unknown) => {
        // The order was removed meanwhile (checkout left in another tab or on another device):
        // the same lines again as a new order, placed with the same choices (the expected total still guards the price).
        const remade = parseApiError(failure).status === 404 ? recreateOrder(order) : null;
        if (!remade) throw failure;
        return submit((await remade).id, newIdempotencyKey());
      });
      // Only a cart of this restaurant became the order; a reorder leaves another cart alone.
      if (items[0]?.restaurantId === submitted.restaurantId) clear();
      storeCurrentOrder(submitted);
      clearReorderNotice();
      void refresh();
      rememberPlaced(submitted.id);
      confirmTimer.current = window.setTimeout(() => {
        if (readCurrentOrder()?.status !== "Submitted") return;
        show(placedMessage(submitted, timeZone, placed), "success", [{ label: (placed.words ?? ENGLISH_PLACED).track, href: `/orders/${submitted.id}` }]);
        router.push("/orders");
      }, CONFIRM_AFTER_MS);
    } catch (failure) {
      // Anything but the API's answer reads as its generic failure (status 0, no fields).
      const apiError = parseApiError(failure);
      if (apiError.status === 409 && (apiError.errors.items || apiError.errors.expectedTotal)) {
        // A dish was removed or repriced since the page loaded: show the order as it is now.
        markPlacing(false);
        show(apiError.message, "error");
        onStale();
        return;
      }
      if (apiError.status === 409 && apiError.errors.cartId) {
        // Another tab ordered this cart first: this tab's order is dropped, never charged, and the notice links to that order.
        const first = /#(\d+)/.exec(apiError.errors.cartId)?.[1];
        clearCurrentOrder(order.id);
        abandonOrder(order.id);
        show(CART_ORDERED_NOTICE, "info", [{ label: "View order", href: first ? `/orders/${first}` : "/orders" }]);
        router.replace("/orders");
        return;
      }
      if (apiError.status === 409 && "nextSlot" in apiError.body) {
        // The kitchen is full for that time (docs/architecture/kitchen.md "Capacity"): nothing was
        // charged; the form offers the next slot with room, and the message says so.
        markPlacing(false);
        setPlacing(false);
        setError(apiError.message);
        onKitchenFull(typeof apiError.body.nextSlot === "string" ? apiError.body.nextSlot : null);
        return;
      }
      if (apiError.status === 409 || apiError.status === 404) {
        // Submitted or removed elsewhere (another tab): nothing left to place here.
        clearCurrentOrder();
        show(apiError.message, "error");
        router.replace("/orders");
        return;
      }
      markPlacing(false);
      setPlacing(false);
      const challenge = challengeOf(apiError);
      if (challenge) {
        // The bank's 3-D Secure page; it sends the customer back to /checkout?payment_intent=..., where the same choices are sent again.
        const { paymentIntent: _, ...again } = body;
        setPlacing(true);
        markPlacing(true);
        return goToChallenge<PendingChallenge>(CHALLENGE_KEY, { orderId: order.id, body: again, view, intentId: challenge.intentId }, challenge);
      }
      if (resumed && apiError.status === 402) setChallengeError(apiError.message);
      else if (apiError.status === 402 || (apiError.status === 422 && apiError.errors.paymentMethod)) setCardError(apiError.message);
      else if (apiError.status === 422 && apiError.errors.address) setAddressError(apiError.errors.address);
      // A saved address still at its ZIP's centre (components/addresses/address-picker.tsx asks for its pin).
      else if (apiError.status === 422 && (apiError.errors.addressId ?? apiError.errors["submit.addressId"]))
        setAddressError(apiError.errors.addressId ?? apiError.errors["submit.addressId"]!);
      else if (apiError.errors.deliveryAddress ?? apiError.errors.deliveryLat) setAddressError(apiError.errors.deliveryAddress ?? apiError.errors.deliveryLat!);
      else if (apiError.errors.tip) {
        setTipError(apiError.errors.tip);
        setError(apiError.errors.tip);
      } else if (apiError.errors.promoCode) {
        onPromoRefused(apiError.errors.promoCode);
        setError(apiError.errors.promoCode);
      } else setError(apiError.message);
    }
  };

  // Back from the 3-D Secure page (?payment_intent=pi_...): the same choices sent again with the authorization.
  useChallengeReturn<PendingChallenge>(
    CHALLENGE_KEY,
    (pending) => {
      if (pending.orderId !== order.id) return;
      onResume(pending.body, pending.view ?? {});
      void place({ ...pending.body, paymentIntent: pending.intentId }, pending.view, true);
    },
    ready,
  );

  return {
    place,
    placing,
    error,
    addressError,
    clearAddressError: () => setAddressError(null),
    tipError,
    clearTipError: () => setTipError(null),
    cardError,
    challengeError,
  };
}
