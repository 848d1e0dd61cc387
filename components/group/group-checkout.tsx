"use client";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import type { AddressBookWords } from "@/components/addresses/address-form";
import { useEffect, useRef, useState } from "react";
import { PriceRows } from "@/components/checkout/order-summary";
import { FulfillmentDetails } from "@/components/checkout/fulfillment-details";
import { FulfillmentChoice } from "@/components/checkout/fulfillment-choice";
import type { PickupPlace } from "@/components/checkout/pickup-details";
import { PaymentOptions } from "@/components/checkout/payment-options";
import { PlaceOrderBar } from "@/components/checkout/place-order-bar";
import { TipPicker } from "@/components/checkout/tip-picker";
import { ScheduleDialog, useDeliveryChoice } from "@/components/checkout/use-delivery-choice";
import type { OpeningHours } from "@/lib/shared/time/opening-hours";
import { useDeliveryAddress } from "@/components/checkout/use-delivery-address";
import type { SubmitBody } from "@/components/checkout/use-place-order";
import { newIdempotencyKey } from "@/components/checkout/current-order";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useFulfillment } from "@/components/providers/fulfillment-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import { IconGlyph } from "@/components/ui/icons";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { PaymentMethod } from "@/lib/shared/constants";
import type { Tip, TipCeiling } from "@/lib/shared/money/pricing";
import { useAddressBook } from "@/components/addresses/use-address-book";
import { fill } from "@/lib/shared/words/fill";
import { groupPrice, type GroupPricing } from "./group-pricing";
import { groupPath, useGroup } from "./group-context";
import type { GroupCheckoutJson } from "./types";
import checkoutStyles from "@/components/checkout/checkout.module.css";
import styles from "./group.module.css";
import { TitledSection } from "@/components/ui/titled-section";

/**
 * The host's checkout of a locked group order: the checkout's own pieces (delivery or pickup as
 * the top bar's mode, when, tip, payment by card or the host's wallet) priced by
 * lib/shared/money/pricing.ts from the group's subtotal (a pickup has no delivery fee), and POST
 * .../checkout with the total shown (expectedTotal) and an Idempotency-Key per attempt, as the
 * checkout's submit does. One charge pays for everyone.
 */
/** The checkout's price rows and Place order in the page's language, and their amounts' (from the server). */
export type GroupCheckoutWords = Pick<Words<"checkout">, "price" | "place" | "choices" | "details"> & {
  locale: Locale;
  /** The restaurant's market's currency (USD's when absent): every amount of the group's screens. */
  currency?: string;
  /** The address book's words, its form's with the address rule in the page's language (lib/server/web/form-rules.ts "address"). */
  pin: AddressBookWords;
  /** The catalogue's orderflow: the custom tip's and the schedule's words, and this checkout's own (orderflow.group.checkout). */
  flow: { checkout: Pick<Words<"orderflow">["checkout"], "customTip" | "schedule">; tipCeiling?: TipCeiling };
  /** The schedule's days' names (the catalogue's lines.slots). */
  slots: Words<"lines">["slots"];
  group: Words<"orderflow">["group"]["checkout"];
};

export function GroupCheckout({
  opening,
  place,
  pricing,
  words,
  onBack,
}: {
  opening: OpeningHours;
  place: PickupPlace;
  pricing: GroupPricing;
  words: GroupCheckoutWords;
  onBack: () => void;
}) {
  const { group, adopt } = useGroup();
  const w = words.group;
  const { user, refresh } = useSession();
  const { show } = useAlerts();
  const { mode, setMode } = useFulfillment();
  const pickup = mode === "pickup";
  const choice = useDeliveryChoice(pickup);
  const [tip, setTip] = useState<Tip>({ percent: 15 });
  const [payment, setPayment] = useState<PaymentMethod>("card");
  // Once placed, the bar stays busy while the group turns to its placed order.
  const [placed, setPlaced] = useState(false);
  const placement = useApiAction(
    (body: SubmitBody, key: string) => api<GroupCheckoutJson>(`${groupPath(group.token)}/checkout`, { method: "POST", body, headers: { "Idempotency-Key": key } }),
    {
      onSuccess: (answer) => {
        setPlaced(true);
        adopt(answer.group);
        void refresh();
        show(w.placed, "success");
      },
    },
  );
  const placing = placement.busy || placed;
  const error = placement.message;
  const attempt = useRef<{ body: string; key: string } | null>(null);

  // The wallet's balance must be today's, not the one loaded with the page.
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const subtotalCents = Math.round(group.subtotal * 100);
  const people = group.participants.filter((person) => person.lineCount > 0);
  // A delivery needs an address a courier can be sent to: a guest host's goes with the order (use-delivery-address.ts).
  const destination = useDeliveryAddress(user, words.pin);
  // The host's chosen address-book entry, as at a normal checkout (null: the default).
  const [addressId, setAddressId] = useState<number | null>(null);
  const noAddress = pickup ? null : destination.missing;
  // Priced as the server charges it: the market's and the restaurant's rules, at the chosen address's distance.
  const { addresses } = useAddressBook();
  const dropoff = addresses?.find((entry) => (addressId === null ? entry.isDefault : entry.id === addressId)) ?? user;
  const price = groupPrice(pricing, subtotalCents, choice.option, tip, dropoff);

  const placeOrder = async () => {
    if (placing) return;
    const delivery = choice.fields();
    if (!delivery || noAddress) return;
    const body: SubmitBody = {
      ...delivery,
      ...("percent" in tip ? { tipPercent: tip.percent } : { tip: tip.cents / 100 }),
      paymentMethod: payment,
      expectedTotal: price.totalCents / 100,
      ...(!pickup ? destination.body : {}),
      ...(!pickup && addressId !== null ? { addressId } : {}),
    };
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: newIdempotencyKey() };
    await placement.run(body, attempt.current.key);
  };

  return (
    <div className={checkoutStyles.layout}>
      <div className={checkoutStyles.main}>
        <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={onBack}>
          <IconGlyph name="chevronLeft" size={18} />
          {w.back}
        </button>
        <FulfillmentChoice value={mode} onSelect={setMode} words={words.choices} />
        <FulfillmentDetails
          pickup={pickup}
          name={group.restaurant.name}
          place={place}
          choice={choice}
          words={words}
          address={{ destination, id: addressId, onChange: setAddressId, pinWords: words.pin }}
          times={{ busyExtraMinutes: place.busyExtraMinutes ?? 0, words: words.choices, locale: words.locale, currency: words.currency }}
        />
        <TipPicker
          subtotalCents={subtotalCents}
          tip={tip}
          onChange={setTip}
          pickup={pickup}
          words={words.choices}
          locale={words.locale}
          currency={words.currency}
          flow={words.flow}
        />
        <PaymentOptions
          value={payment}
          onSelect={setPayment}
          walletCents={Math.round((user?.wallet ?? 0) * 100)}
          totalCents={price.totalCents}
          guest={Boolean(user?.guestAccount)}
          words={words.choices}
          locale={words.locale}
          currency={words.currency}
        />
      </div>
      <aside className={checkoutStyles.side} aria-label={w.summary}>
        <TitledSection id="group-summary-title" title={fill(w.from, { restaurant: group.restaurant.name })} className={styles.card} titleClassName={styles.cardTitle}>
          <ul className={styles.subtotals} aria-label={w.subtotals}>
            {people.map((person) => (
              <li key={person.id}>
                <span>
                  {person.displayName}
                  {person.isHost && w.host}
                  <span className={styles.muted}>{person.lineCount === 1 ? w.itemOne : fill(w.itemMany, { count: person.lineCount })}</span>
                </span>
                <span>{formatMoney(person.subtotal, words.locale, words.currency)}</span>
              </li>
            ))}
          </ul>
          <PriceRows price={price} tip={tip} pickup={pickup} words={words.price} locale={words.locale} currency={words.currency} />
        </TitledSection>
        <PlaceOrderBar
          words={words.place}
          locale={words.locale}
          currency={words.currency}
          totalCents={price.totalCents}
          placing={placing}
          blocked={group.lines.length === 0 || Boolean(noAddress)}
          reason={noAddress}
          error={error}
          onPlace={placeOrder}
        />
      </aside>
      <ScheduleDialog choice={choice} opening={opening} words={words.flow.checkout.schedule} language={{ words: words.slots, locale: words.locale }} />
    </div>
  );
}
