"use client";
import { useState } from "react";
import type { AddressBookWords } from "@/components/addresses/address-form";
import { useFulfillment } from "@/components/providers/fulfillment-provider";
import { useSession } from "@/components/providers/session-provider";
import { IconGlyph } from "@/components/ui/icons";
import type { DropoffChoice, PaymentMethod } from "@/lib/shared/constants";
import { pickupEstimateText } from "@/lib/shared/delivery/arrival";
import { ALL_DAY, DEFAULT_RESTAURANT_TIME_ZONE } from "@/lib/shared/time/opening-hours";
import { freeSlotLabel } from "@/lib/shared/kitchen/kitchen-capacity";
import { subtotalOf, type Tip, type TipCeiling } from "@/lib/shared/money/pricing";
import { belowMinimumNote, checkoutPrice, quotedChoice } from "./checkout-price";
import type { OrderJson } from "@/lib/server/orders/to-json";
import { AllergyCheck, allergyConflicts } from "./allergy-check";
import { ChallengeNotice } from "./challenge-notice";
import { ChooseAgainNotice } from "./choose-again";
import { useReorderNotice } from "./use-reorder-notice";
import { DropoffOptions } from "./dropoff-options";
import { FulfillmentChoice } from "./fulfillment-choice";
import { FulfillmentDetails } from "./fulfillment-details";
import { chargeableLines, MenuChanges } from "./menu-changes";
import { OrderSummary } from "./order-summary";
import { PaymentOptions } from "./payment-options";
import { CashOption, useCash } from "./cash-option";
import { PlaceOrderBar } from "./place-order-bar";
import { PromoCodeField, usePromotion } from "./promo-code";
import type { CheckoutRestaurant } from "./checkout-restaurant";
import { closedNow, pauseAt, type ClosedNow, type ClosedWords } from "./closed-now";
import { TipPicker } from "./tip-picker";
import { ScheduleDialog, useDeliveryChoice } from "./use-delivery-choice";
import { useDeliveryAddress } from "./use-delivery-address";
import { useCheckoutArrival } from "./use-checkout-arrival";
import { useSessionReadAgain } from "./use-session-read-again";
import { usePlaceOrder, type CheckoutView, type SubmitBody } from "./use-place-order";
import type { Locale } from "@/lib/i18n/locale";
import type { DialogWords, Words } from "@/lib/i18n/words";
import styles from "./checkout.module.css";

export type CheckoutFormProps = {
  order: OrderJson;
  /** Null when it could not be read: the server still checks the hours at submit. */
  restaurant: CheckoutRestaurant | null;
  /** When the order was read (ms): "closed now" is judged at that moment, the same on the server and in the browser. */
  openedAt: number;
  /** Closed or paused at `openedAt`, as the server's render computed it; undefined: computed here. */
  closed?: ClosedNow | null;
  markPlacing: (placing: boolean) => void;
  /** Unavailable dishes were removed: a new Active order replaces this one. */
  onReplaced: (next: OrderJson) => void;
  /** The server refused the order as shown (the menu changed meanwhile): load it again. */
  onStale: () => void;
  /** The catalogue's checkout words, its orderflow.checkout and .cards, and the amounts' language, from the server (checkout page). */
  words: Words<"checkout">;
  flow: Pick<Words<"orderflow">, "checkout" | "cards"> & {
    allergens: Words<"allergens">["short"];
    lines: ClosedWords["lines"];
    dialog: DialogWords;
    tipCeiling: TipCeiling;
  };
  locale: Locale;
  /** The address picker's pin words (profile.addresses; the address rules' in `form.rules`). */ pinWords: AddressBookWords;
};

/**
 * The checkout's choices (delivery or pickup, when, tip, payment) beside the live price from
 * lib/shared/money/pricing.ts. Delivery or pickup is the top bar's mode (switchable here too); a pickup
 * needs no delivery address, has no delivery or priority fee, and its tip is optional.
 */
export function CheckoutForm({ order, restaurant, openedAt, closed: serverClosed, markPlacing, onReplaced, onStale, words, flow, locale, pinWords }: CheckoutFormProps) {
  const { user } = useSession();
  const choiceWords = { words: words.choices, locale, flow, currency: order.currency }; // the order's currency: its restaurant's market's
  const slots = { words: flow.lines.slots, locale };
  const { mode, setMode } = useFulfillment();
  const pickup = mode === "pickup";
  const opening = restaurant ?? { timeZone: DEFAULT_RESTAURANT_TIME_ZONE, hours: ALL_DAY, closures: [] };
  // Closed or paused at `openedAt` (closed-now.ts): sent by the server's render when it rendered the order.
  const [closed] = useState(() => (serverClosed !== undefined ? serverClosed : closedNow(restaurant, openedAt, { lines: flow.lines, locale })));
  const choice = useDeliveryChoice(pickup, closed?.slot ?? null, Boolean(closed?.bookable));
  const [tip, setTip] = useState<Tip>({ percent: 15 });
  const [payment, setPayment] = useState<PaymentMethod>("card");
  const [cardId, setCardId] = useState<number | null>(null);
  const [dropoff, setDropoff] = useState<DropoffChoice>("hand_to_me");
  // One of the address book's entries (components/addresses/address-picker.tsx); null: the default.
  const [addressId, setAddressId] = useState<number | null>(null);
  const reordered = useReorderNotice(order.id);
  const notice = reordered?.notice ?? null;
  // The promotion: a code the customer applies, else the best automatic offer (the quote's discount).
  const promotion = usePromotion(order.id, quotedChoice(choice, pickup ? null : addressId), payment);
  // A full kitchen (docs/architecture/kitchen.md "Capacity"): the first slot with room, from the server's render or a refused Place order.
  const [kitchenFullUntil, setKitchenFullUntil] = useState<string | null>(closed?.kitchenFullUntil ?? null);
  // Back from the 3-D Secure page: every choice sent before it shown again (the address, its instructions and the lines' notes are kept already).
  const restore = (body: SubmitBody, view: CheckoutView) => {
    setMode(body.deliveryOption === "pickup" ? "pickup" : "delivery");
    choice.restore(body.deliveryOption, body.scheduledFor ? { value: body.scheduledFor, label: view.slotLabel ?? body.scheduledFor } : null);
    setTip(body.tipPercent !== undefined ? { percent: body.tipPercent } : { cents: Math.round((body.tip ?? 0) * 100) });
    setPayment(body.paymentMethod);
    setCardId(body.paymentMethodId ?? null);
    setDropoff(body.dropoff ?? "hand_to_me");
    setAddressId(body.addressId ?? null);
    if (body.promoCode && body.promoCode !== promotion.code) void promotion.apply(body.promoCode);
  };
  const { place, placing, error, addressError, clearAddressError, tipError, clearTipError, cardError, challengeError } = usePlaceOrder(
    order,
    markPlacing,
    onStale,
    opening.timeZone,
    promotion.refuse,
    restore,
    (nextSlot) => {
      setKitchenFullUntil(nextSlot);
      if (nextSlot) choice.restore(pickup ? "pickup" : "schedule", { value: nextSlot, label: freeSlotLabel(nextSlot, Date.now(), opening.timeZone, slots) });
    },
    { words: words.placed, locale },
  );

  useSessionReadAgain();

  // What submit charges: today's menu prices (the server re-prices every line the same way).
  const subtotalCents = subtotalOf(chargeableLines(order));
  const blocked = order.orderItems.some((line) => line.unavailable);
  // Dishes on the customer's allergy list: Place order waits for their explicit confirmation.
  const conflicts = allergyConflicts(order, user?.avoidAllergens ?? []);
  const [allergiesConfirmed, setAllergiesConfirmed] = useState(false);
  const allergyWait = conflicts.length > 0 && !allergiesConfirmed ? flow.checkout.allergy.confirmReason : null;
  // The discount comes off the total; the tip stays a share of the subtotal before it (as the server prices it).
  const discount = promotion.discount;
  // The fees the quote priced (delivery pricing), the tip, the discount and the sales tax (the quote's rate) by the server's rules.
  const { price, tax } = checkoutPrice(subtotalCents, choice.option, tip, promotion.fees, discount, promotion.tax, order.currency);
  // A delivery needs an address a courier can be sent to: a guest's goes with the order.
  const destination = useDeliveryAddress(user, pinWords);
  const noAddress = pickup ? null : destination.missing;
  // The restaurant's minimum order (the server's 422 naming `subtotal`), said before Place order.
  const belowMinimum = belowMinimumNote(restaurant, subtotalCents, order.currency);
  // The arrival quoted to where it goes, as placing will promise it (use-checkout-arrival.ts).
  const quoted = useCheckoutArrival(order.restaurantId ?? null, addressId, destination.guestLine, Boolean(kitchenFullUntil));
  const { pausedMinutes, reopens } = pauseAt(openedAt, restaurant, kitchenFullUntil, opening.timeZone, { lines: flow.lines, locale });
  const cash = useCash(order.id, price.totalCents, order.currency);
  const paysCash = payment === "cash" && !pickup;
  const submit = () => {
    if (blocked || noAddress || belowMinimum || allergyWait) return;
    const cashFields = paysCash ? cash.body() : {};
    const deliveryFields = choice.fields();
    if (!deliveryFields || !cashFields) return;
    const body: SubmitBody = {
      ...deliveryFields,
      ...("percent" in tip ? { tipPercent: tip.percent } : { tip: tip.cents / 100 }),
      paymentMethod: payment,
      ...(payment === "card" && cardId !== null ? { paymentMethodId: cardId } : {}),
      ...(!pickup && dropoff !== "hand_to_me" ? { dropoff } : {}),
      expectedTotal: price.totalCents / 100,
      ...(promotion.code ? { promoCode: promotion.code } : {}),
      ...(!pickup ? destination.body : {}),
      ...(!pickup && addressId !== null ? { addressId } : {}),
      ...cashFields,
    };
    void place(body, { ...(choice.scheduled && choice.slotLabel ? { slotLabel: choice.slotLabel } : {}) });
  };

  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <ChallengeNotice message={challengeError} words={words} />
        {notice && (
          <div role="status" className={styles.notice}>
            <IconGlyph name="info" />
            <p>{notice}</p>
          </div>
        )}
        <ChooseAgainNotice order={order} notice={notice} entries={reordered?.chooseAgain ?? []} onReplaced={onReplaced} flow={flow} locale={locale} />
        <MenuChanges order={order} onReplaced={onReplaced} words={flow.checkout.menuChanges} locale={locale} />
        <AllergyCheck conflicts={conflicts} confirmed={allergiesConfirmed} onConfirm={setAllergiesConfirmed} words={flow.checkout.allergy} names={flow.allergens} />
        {closed && (
          <div role="status" className={styles.notice}>
            <IconGlyph name="info" />
            <p>{closed.message}</p>
          </div>
        )}
        <FulfillmentChoice
          words={words.choices}
          value={mode}
          onSelect={(next) => {
            clearAddressError();
            setMode(next);
          }}
        />
        <FulfillmentDetails
          pickup={pickup}
          name={order.restaurant.name}
          place={restaurant}
          choice={choice}
          words={words}
          address={{
            destination,
            id: addressId,
            onChange: setAddressId,
            pinWords,
            error: addressError,
            onPickup: () => {
              clearAddressError();
              setMode("pickup");
            },
          }}
          times={{ busyExtraMinutes: restaurant?.busyExtraMinutes ?? 0, pausedMinutes, reopens, quoted, ...choiceWords }}
          after={<DropoffOptions value={dropoff} onSelect={setDropoff} words={words.choices} />}
        />
        <TipPicker
          subtotalCents={subtotalCents}
          tip={tip}
          onChange={(next) => {
            clearTipError();
            setTip(next);
          }}
          pickup={pickup}
          error={tipError}
          {...choiceWords}
        />
        <PromoCodeField promotion={promotion} words={words.promo} />
        <PaymentOptions
          value={payment}
          onSelect={setPayment}
          walletCents={Math.round((user?.wallet ?? 0) * 100)}
          totalCents={price.totalCents}
          guest={Boolean(user?.guestAccount)}
          cardId={cardId}
          onCardChange={setCardId}
          cardError={cardError}
          {...choiceWords}
          extra={<CashOption cash={cash} checked={paysCash} hidden={pickup} onSelect={() => setPayment("cash")} words={words.choices.cash} locale={locale} />}
        />
      </div>
      <aside className={styles.side} aria-label={words.yourOrder}>
        <OrderSummary
          order={order}
          price={price}
          tip={tip}
          discount={discount}
          tax={tax}
          deliveryOption={choice.option}
          slotLabel={choice.scheduled ? choice.slotLabel : null}
          pickupEstimate={restaurant ? pickupEstimateText(restaurant.deliveryTime) : null}
          busyExtraMinutes={restaurant?.busyExtraMinutes ?? 0}
          pausedMinutes={pausedMinutes}
          quoted={quoted}
          words={words}
          locale={locale}
        />
        <PlaceOrderBar
          words={words.place}
          locale={locale}
          currency={order.currency}
          totalCents={price.totalCents}
          placing={placing}
          blocked={blocked || !promotion.settled || Boolean(noAddress ?? belowMinimum ?? allergyWait)}
          reason={noAddress ?? belowMinimum ?? allergyWait}
          error={error}
          onPlace={submit}
        />
      </aside>
      <ScheduleDialog choice={choice} opening={opening} words={flow.checkout.schedule} language={slots} />
    </div>
  );
}
