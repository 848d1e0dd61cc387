"use client";
import { useEffect, useState } from "react";
import { useSession } from "@/components/providers/session-provider";
import { IconGlyph } from "@/components/ui/icons";
import type { PaymentMethod } from "@/lib/shared/constants";
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
import { TipPicker } from "./tip-picker";
import { ScheduleDialog, useDeliveryChoice } from "./use-delivery-choice";
import { usePlaceOrder, type SubmitBody } from "./use-place-order";
import styles from "./checkout.module.css";

type CheckoutFormProps = {
  order: OrderJson;
  closingTime: string | null;
  markPlacing: (placing: boolean) => void;
  /** Unavailable dishes were removed: a new Active order replaces this one. */
  onReplaced: (next: OrderJson) => void;
  /** The server refused the order as shown (the menu changed meanwhile): load it again. */
  onStale: () => void;
};

/** The checkout's choices (delivery, tip, payment) beside the live price from lib/shared/pricing.ts. */
export function CheckoutForm({ order, closingTime, markPlacing, onReplaced, onStale }: CheckoutFormProps) {
  const { user, refresh } = useSession();
  const choice = useDeliveryChoice();
  const { delivery, slotLabel } = choice;
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

  const submit = () => {
    if (blocked) return;
    const deliveryFields = choice.fields();
    if (!deliveryFields) return;
    const body: SubmitBody = {
      ...deliveryFields,
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
        <DeliveryDetails />
        <DeliveryOptions value={delivery} onSelect={choice.select} slotLabel={slotLabel} onChangeTime={choice.openSchedule} />
        <TipPicker subtotalCents={subtotalCents} tip={tip} onChange={setTip} />
        <PaymentOptions value={payment} onSelect={setPayment} walletCents={walletCents} totalCents={price.totalCents} guest={Boolean(user?.guestAccount)} />
      </div>
      <aside className={styles.side} aria-label="Your order">
        <OrderSummary order={order} price={price} tip={tip} deliveryOption={delivery} slotLabel={slotLabel} />
        <PlaceOrderBar totalCents={price.totalCents} placing={placing} blocked={blocked} error={error} onPlace={submit} />
      </aside>
      <ScheduleDialog choice={choice} closingTime={closingTime} />
    </div>
  );
}
