"use client";
import { lazy, Suspense, useEffect, useState } from "react";
import { useSession } from "@/components/providers/session-provider";
import { Dialog } from "@/components/ui/dialog";
import { IconGlyph } from "@/components/ui/icons";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import type { DeliveryOption, PaymentMethod } from "@/lib/shared/constants";
import { ALL_DAY, DEFAULT_RESTAURANT_TIME_ZONE, isOpenAt } from "@/lib/shared/opening-hours";
import { closedNowMessage, scheduleSlots } from "@/lib/shared/schedule";
import { priceOrder, subtotalOf, type Tip } from "@/lib/shared/pricing";
import type { OrderJson } from "@/lib/server/orders/to-json";
import { ChooseAgainNotice } from "./choose-again";
import { readReorderNotice } from "./current-order";
import { DeliveryDetails } from "./delivery-details";
import { DeliveryOptions } from "./delivery-options";
import { chargeableLines, MenuChanges } from "./menu-changes";
import { OrderSummary } from "./order-summary";
import { PaymentOptions } from "./payment-options";
import { PlaceOrderBar } from "./place-order-bar";
import type { PickedSlot } from "./schedule-picker";
import type { CheckoutRestaurant } from "./use-checkout-order";
import { TipPicker } from "./tip-picker";
import { usePlaceOrder, type SubmitBody } from "./use-place-order";
import styles from "./checkout.module.css";

// The slot picker loads when Schedule is first chosen.
const SchedulePicker = lazy(() => import("./schedule-picker").then((m) => ({ default: m.SchedulePicker })));

type CheckoutFormProps = {
  order: OrderJson;
  /** Null when it could not be read: the server still checks the hours at submit. */
  restaurant: CheckoutRestaurant | null;
  markPlacing: (placing: boolean) => void;
  /** Unavailable dishes were removed: a new Active order replaces this one. */
  onReplaced: (next: OrderJson) => void;
  /** The server refused the order as shown (the menu changed meanwhile): load it again. */
  onStale: () => void;
};

/** The checkout's choices (delivery, tip, payment) beside the live price from lib/shared/pricing.ts. */
export function CheckoutForm({ order, restaurant, markPlacing, onReplaced, onStale }: CheckoutFormProps) {
  const { user, refresh } = useSession();
  const opening = restaurant ?? { timeZone: DEFAULT_RESTAURANT_TIME_ZONE, hours: ALL_DAY, closures: [] };
  // A closed restaurant takes no order for now (the server refuses it with the same message):
  // checkout says so and starts on Schedule with the first slot it offers.
  const [closed] = useState(() => {
    const now = new Date();
    if (!restaurant || isOpenAt(restaurant, now)) return null;
    const first = scheduleSlots(now, restaurant)[0];
    const slot = first?.slots[0] ? { value: first.slots[0].value, label: `${first.label}, ${first.slots[0].label}` } : null;
    return { message: closedNowMessage(restaurant.name, now, restaurant), slot };
  });
  const [delivery, setDelivery] = useState<DeliveryOption>(closed?.slot ? "schedule" : "standard");
  const [slot, setSlot] = useState<PickedSlot | null>(closed?.slot ?? null);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const scheduleLoaded = useOpenedOnce(scheduleOpen);
  const [tip, setTip] = useState<Tip>({ percent: 15 });
  const [payment, setPayment] = useState<PaymentMethod>("card");
  const [reordered] = useState(() => readReorderNotice(order.id));
  const notice = reordered?.notice ?? null;
  const { place, placing, error } = usePlaceOrder(order, markPlacing, onStale);

  // The balance shown for the wallet must be today's, not the one loaded with the first page.
  useEffect(() => {
    void refresh();
  }, [refresh]);

  // What submit charges: today's menu prices (the server re-prices every line the same way).
  const subtotalCents = subtotalOf(chargeableLines(order));
  const blocked = order.orderItems.some((line) => line.unavailable);
  const price = priceOrder(subtotalCents, delivery, tip);
  const walletCents = Math.round((user?.wallet ?? 0) * 100);
  // The option the customer had before choosing Schedule, restored if they close the picker without a time.
  const [beforeSchedule, setBeforeSchedule] = useState<DeliveryOption>("standard");

  const selectDelivery = (option: DeliveryOption) => {
    if (option === "schedule") {
      if (delivery !== "schedule") setBeforeSchedule(delivery);
      setScheduleOpen(true);
    }
    setDelivery(option);
  };
  const closeSchedule = () => {
    setScheduleOpen(false);
    if (!slot) setDelivery(beforeSchedule);
  };

  const submit = () => {
    if (blocked) return;
    if (delivery === "schedule" && !slot) return setScheduleOpen(true);
    const body: SubmitBody = {
      deliveryOption: delivery,
      ...(delivery === "schedule" && slot ? { scheduledFor: slot.value } : {}),
      ...("percent" in tip ? { tipPercent: tip.percent } : { tip: tip.cents / 100 }),
      paymentMethod: payment,
      expectedTotal: price.totalCents / 100,
    };
    void place(body);
  };

  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        {notice && (
          <div role="status" className={styles.notice}>
            <IconGlyph name="info" />
            <p>{notice}</p>
          </div>
        )}
        <ChooseAgainNotice order={order} notice={notice} entries={reordered?.chooseAgain ?? []} onReplaced={onReplaced} />
        <MenuChanges order={order} onReplaced={onReplaced} />
        {closed && (
          <div role="status" className={styles.notice}>
            <IconGlyph name="info" />
            <p>{closed.message}</p>
          </div>
        )}
        <DeliveryDetails />
        <DeliveryOptions value={delivery} onSelect={selectDelivery} slotLabel={slot?.label ?? null} onChangeTime={() => setScheduleOpen(true)} />
        <TipPicker subtotalCents={subtotalCents} tip={tip} onChange={setTip} />
        <PaymentOptions value={payment} onSelect={setPayment} walletCents={walletCents} totalCents={price.totalCents} guest={Boolean(user?.guestAccount)} />
      </div>
      <aside className={styles.side} aria-label="Your order">
        <OrderSummary order={order} price={price} tip={tip} deliveryOption={delivery} slotLabel={slot?.label ?? null} />
        <PlaceOrderBar totalCents={price.totalCents} placing={placing} blocked={blocked} error={error} onPlace={submit} />
      </aside>
      <Dialog open={scheduleOpen} onClose={closeSchedule} title="Schedule delivery">
        {scheduleLoaded && (
          <Suspense fallback={null}>
            <SchedulePicker
              opening={opening}
              current={slot}
              onCancel={closeSchedule}
              onPick={(picked) => {
                setSlot(picked);
                setDelivery("schedule");
                setScheduleOpen(false);
              }}
            />
          </Suspense>
        )}
      </Dialog>
    </div>
  );
}
