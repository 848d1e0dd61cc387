"use client";
import { lazy, Suspense, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";

export type { PhoneWords } from "./board-types";
import type { PhoneWords } from "./board-types";

// The phone order form (docs/architecture/phone-orders.md): its own chunk, loaded on first opening.
const PhoneOrderDialog = lazy(() => import("./phone-order-dialog").then((m) => ({ default: m.PhoneOrderDialog })));

type ButtonProps = {
  restaurantId: number;
  onPlaced: () => void;
  words: PhoneWords;
  /** The customer's dish dialog's words (dish.choices), for the picker. */
  choices: Words<"dish">["choices"];
  locale: Locale;
};

/** The board's "New phone order" and its form; a placed order is announced and the board read again. */
export function PhoneOrderButton({ restaurantId, onPlaced, words, choices, locale }: ButtonProps) {
  const { show } = useAlerts();
  const [open, setOpen] = useState(false);
  const loaded = useOpenedOnce(open);
  // Server-rendered with the board: it opens nothing until React owns the page.
  const hydrated = useHydrated();
  return (
    <>
      <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setOpen(true)} disabled={!hydrated}>
        {words.open}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <PhoneOrderDialog
            restaurantId={restaurantId}
            open={open}
            words={words}
            choices={choices}
            locale={locale}
            onClose={() => setOpen(false)}
            onPlaced={(order) => {
              setOpen(false);
              const collect = order.paymentMethod === "card" ? words.collectLink : order.deliveryOption === "pickup" ? words.collectPickup : words.collectDoor;
              show(fill(words.placed, { id: order.id, amount: formatMoney(order.totalCost, locale), collect }), "success");
              onPlaced();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
