"use client";
import Link from "@/components/ui/link";
import { useCart } from "@/components/providers/cart-provider";
import { useFulfillment } from "@/components/providers/fulfillment-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { IconGlyph } from "@/components/ui/icons";
import { cartLineKey } from "@/lib/shared/orders/cart";
import { formatCents } from "@/lib/shared/money/money";
import { cartEstimate, checkoutDeliveryFeeCents } from "@/lib/shared/money/pricing";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { useCartFees, type CartFees } from "./cart-quote";
import { UnorderableNotice, useCartCheckout, useUnorderableLines } from "./cart-check";
import { CartConflictDialog } from "./cart-conflict-dialog";
import { CartLine, type CartWords } from "./cart-line";
import { cartCurrency } from "./cart-currency";
import styles from "./cart-panel.module.css";
import { Photo } from "@/components/ui/photo";

/**
 * The slide-in cart: the restaurant, its lines, the price before checkout and the checkout
 * button; its module (lazy in the top bar) also brings the "Start a new cart?" dialog. Its words
 * and the amounts' language come from the server (the top bar's props).
 */
export function CartPanel({ words, locale }: { words: CartWords; locale: Locale }) {
  const { items, subtotalCents, panelOpen, setPanelOpen, clear, count } = useCart();
  const { checkout, checkingOut } = useCartCheckout();
  // The quote of these lines (cart-quote.ts): the fees, and each line's saving from an offer.
  const { mode } = useFulfillment();
  const quoted = useCartFees(items, mode === "pickup", panelOpen);
  const close = () => setPanelOpen(false);
  const first = items[0];
  const { gone, problems, recheck, dishes } = useUnorderableLines(items, panelOpen, words.dialog.words.rules);
  // Every amount in the restaurant's market's currency.
  const currency = cartCurrency(items);
  // A refused checkout (a dish or its restaurant gone meanwhile) names the lines to remove.
  const startCheckout = async () => {
    if (!(await checkout())) await recheck();
  };

  return (
    <>
      <Dialog open={panelOpen} onClose={close} title={words.title} placement="end">
        {!first ? (
          <CartEmpty onBrowse={close} words={words} />
        ) : (
          <div className={styles.filled}>
            <Link href={`/restaurants/${first.restaurantId}`} className={styles.restaurant} onClick={close}>
              <Photo src={first.food_image.replace(/\.webp$/, "-sm.webp")} alt="" width={48} height={48} className={styles.restaurantThumb} />
              <span>
                <span className={styles.restaurantName}>{first.restaurant}</span>
                <span className={styles.restaurantMeta}>{count === 1 ? words.itemOne : fill(words.itemMany, { count })}</span>
              </span>
            </Link>
            <UnorderableNotice gone={gone} words={words} />
            <ul className={styles.lines} aria-label={words.lines}>
              {items.map((item, index) => (
                <CartLine
                  key={cartLineKey(item)}
                  item={item}
                  problem={problems.get(cartLineKey(item))}
                  dish={dishes?.get(item.id)}
                  words={words}
                  locale={locale}
                  currency={currency}
                  // A dish's saving on its first line (its lines with other choices share it).
                  saving={items.findIndex((line) => line.id === item.id) === index ? quoted?.savings.find((offer) => offer.menuItemId === item.id) : undefined}
                />
              ))}
            </ul>
            <div className={styles.footer}>
              <FeePreview subtotalCents={subtotalCents} quoted={quoted} words={words} locale={locale} currency={currency} />
              <button
                type="button"
                className={buttonClass({ block: true, size: "large" })}
                onClick={startCheckout}
                disabled={checkingOut || gone.length > 0 || problems.size > 0}
              >
                {checkingOut ? words.startingCheckout : words.checkout}
              </button>
              <button type="button" className={buttonClass({ variant: "ghost", block: true, size: "small" })} onClick={clear}>
                {words.clear}
              </button>
            </div>
          </div>
        )}
      </Dialog>
      <CartConflictDialog words={words.conflict} />
    </>
  );
}

/**
 * What checkout will charge in the top bar's mode, so the cart promises no other fee; the tip comes
 * at checkout. The market's fees for these lines (cart-quote.ts: by distance to the saved address,
 * the small-order fee, the restaurant's free delivery) once the quote answers; until then, and
 * where it cannot answer, the spec's rule (lib/shared/money/pricing.ts), which the quote equals while the
 * market keeps it.
 */
type PreviewProps = { subtotalCents: number; quoted: CartFees | null; words: Words<"cart">; locale: Locale; currency?: string };

function FeePreview({ subtotalCents, quoted, words, locale, currency }: PreviewProps) {
  const money = (cents: number) => formatCents(cents, { locale, currency });
  const { mode } = useFulfillment();
  const pickup = mode === "pickup";
  const spec = cartEstimate(subtotalCents, mode);
  const fees = quoted ?? { ...spec, smallOrderFeeCents: 0, deliveryWaivedCents: 0, distanceKm: null, memberSavedCents: 0, savings: [] };
  const offersCents = fees.savings.reduce((sum, offer) => sum + offer.cents, 0);
  const totalCents = subtotalCents + fees.deliveryFeeCents + fees.smallOrderFeeCents + fees.serviceFeeCents - fees.deliveryWaivedCents - offersCents;
  const prioritySurcharge = checkoutDeliveryFeeCents("priority") - checkoutDeliveryFeeCents("standard");
  return (
    <div className={styles.preview}>
      <dl className={styles.breakdown} aria-label={words.before}>
        <div className={styles.subtotal}>
          <dt>{words.subtotal}</dt>
          <dd data-testid="cart-subtotal">{money(subtotalCents)}</dd>
        </div>
        {!pickup && (
          <div className={styles.fee}>
            <dt>{fees.distanceKm === null ? words.deliveryFee : fill(words.deliveryFeeKm, { km: fees.distanceKm })}</dt>
            <dd data-testid="cart-delivery-fee">{money(fees.deliveryFeeCents)}</dd>
          </div>
        )}
        {fees.deliveryWaivedCents > 0 && (
          <div className={styles.fee}>
            <dt>{words.freeDelivery}</dt>
            <dd>{money(-fees.deliveryWaivedCents)}</dd>
          </div>
        )}
        {offersCents > 0 && (
          <div className={styles.fee}>
            <dt>{words.offers}</dt>
            <dd data-testid="cart-offers">{money(-offersCents)}</dd>
          </div>
        )}
        {fees.smallOrderFeeCents > 0 && (
          <div className={styles.fee}>
            <dt>{words.smallOrderFee}</dt>
            <dd>{money(fees.smallOrderFeeCents)}</dd>
          </div>
        )}
        <div className={styles.fee}>
          <dt>{fees.serviceFeeCents === spec.serviceFeeCents ? words.taxAndFeesRate : words.taxAndFees}</dt>
          <dd>{money(fees.serviceFeeCents)}</dd>
        </div>
        {fees.memberSavedCents > 0 && (
          <div className={styles.fee} data-testid="cart-member-saving">
            <dt>{words.member}</dt>
            <dd>{fill(words.memberSaves, { amount: money(fees.memberSavedCents) })}</dd>
          </div>
        )}
        <div className={styles.estimate}>
          <dt>{words.estimatedTotal}</dt>
          <dd>{money(totalCents)}</dd>
        </div>
      </dl>
      <p className={styles.previewNote}>{pickup ? words.notePickup : fill(words.notePriority, { amount: money(prioritySurcharge) })}</p>
    </div>
  );
}

export function CartEmpty({ onBrowse, words }: { onBrowse?: () => void; words: Pick<Words<"cart">, "emptyTitle" | "emptyText" | "browse"> }) {
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon}>
        <IconGlyph name="bag" size={40} strokeWidth={1.5} />
      </span>
      <p className={styles.emptyTitle}>{words.emptyTitle}</p>
      <p className={styles.emptyText}>{words.emptyText}</p>
      <Link href="/home" className={buttonClass()} onClick={onBrowse}>
        {words.browse}
      </Link>
    </div>
  );
}
