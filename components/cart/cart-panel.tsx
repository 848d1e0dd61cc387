"use client";
import Link from "@/components/ui/link";
import { useCart } from "@/components/providers/cart-provider";
import { useFulfillment } from "@/components/providers/fulfillment-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { IconGlyph } from "@/components/ui/icons";
import { cartLineKey } from "@/lib/shared/cart";
import { formatCents } from "@/lib/shared/money";
import { cartEstimate, checkoutDeliveryFeeCents } from "@/lib/shared/pricing";
import { UnorderableNotice, useCartCheckout, useUnorderableLines } from "./cart-check";
import { CartConflictDialog } from "./cart-conflict-dialog";
import { CartLine } from "./cart-line";
import styles from "./cart-panel.module.css";
import { Photo } from "@/components/ui/photo";

/**
 * The slide-in cart: the restaurant, its lines, the price before checkout and the checkout
 * button; its module (lazy in the top bar) also brings the "Start a new cart?" dialog.
 */
export function CartPanel() {
  const { items, subtotalCents, panelOpen, setPanelOpen, clear, count } = useCart();
  const { checkout, checkingOut } = useCartCheckout();
  const close = () => setPanelOpen(false);
  const first = items[0];
  const { gone, problems, recheck, dishes } = useUnorderableLines(items, panelOpen);
  // A refused checkout (a dish or its restaurant gone meanwhile) names the lines to remove.
  const startCheckout = async () => {
    if (!(await checkout())) await recheck();
  };

  return (
    <>
      <Dialog open={panelOpen} onClose={close} title="Your cart" placement="right">
        {!first ? (
          <CartEmpty onBrowse={close} />
        ) : (
          <div className={styles.filled}>
            <Link href={`/restaurants/${first.restaurantId}`} className={styles.restaurant} onClick={close}>
              <Photo src={first.food_image.replace(/\.webp$/, "-sm.webp")} alt="" width={48} height={48} className={styles.restaurantThumb} />
              <span>
                <span className={styles.restaurantName}>{first.restaurant}</span>
                <span className={styles.restaurantMeta}>{count === 1 ? "1 item" : `${count} items`}</span>
              </span>
            </Link>
            <UnorderableNotice gone={gone} />
            <ul className={styles.lines} aria-label="Cart items">
              {items.map((item) => (
                <CartLine key={cartLineKey(item)} item={item} problem={problems.get(cartLineKey(item))} dish={dishes?.get(item.id)} />
              ))}
            </ul>
            <div className={styles.footer}>
              <FeePreview subtotalCents={subtotalCents} />
              <button
                type="button"
                className={buttonClass({ block: true, size: "large" })}
                onClick={startCheckout}
                disabled={checkingOut || gone.length > 0 || problems.size > 0}
              >
                {checkingOut ? "Starting checkout…" : "Checkout"}
              </button>
              <button type="button" className={buttonClass({ variant: "ghost", block: true, size: "small" })} onClick={clear}>
                Clear cart
              </button>
            </div>
          </div>
        )}
      </Dialog>
      <CartConflictDialog />
    </>
  );
}

/** What checkout will charge (lib/shared/pricing.ts) in the top bar's mode, so the cart promises no other fee; the tip comes at checkout. */
function FeePreview({ subtotalCents }: { subtotalCents: number }) {
  const { mode } = useFulfillment();
  const pickup = mode === "pickup";
  const price = cartEstimate(subtotalCents, mode);
  const prioritySurcharge = checkoutDeliveryFeeCents("priority") - checkoutDeliveryFeeCents("standard");
  return (
    <div className={styles.preview}>
      <dl className={styles.breakdown} aria-label="Price before checkout">
        <div className={styles.subtotal}>
          <dt>Subtotal</dt>
          <dd data-testid="cart-subtotal">{formatCents(price.subtotalCents)}</dd>
        </div>
        {!pickup && (
          <div className={styles.fee}>
            <dt>Delivery fee</dt>
            <dd>{formatCents(price.deliveryFeeCents)}</dd>
          </div>
        )}
        <div className={styles.fee}>
          <dt>Tax and fees (10%)</dt>
          <dd>{formatCents(price.serviceFeeCents)}</dd>
        </div>
        <div className={styles.estimate}>
          <dt>Estimated total</dt>
          <dd>{formatCents(price.totalCents)}</dd>
        </div>
      </dl>
      <p className={styles.previewNote}>{pickup ? "Before tip. Pickup: no delivery fee." : `Before tip. Priority delivery adds ${formatCents(prioritySurcharge)}.`}</p>
    </div>
  );
}

export function CartEmpty({ onBrowse }: { onBrowse?: () => void }) {
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon}>
        <IconGlyph name="bag" size={40} strokeWidth={1.5} />
      </span>
      <p className={styles.emptyTitle}>Your cart is empty</p>
      <p className={styles.emptyText}>Add items from a restaurant to start a new order.</p>
      <Link href="/home" className={buttonClass()} onClick={onBrowse}>
        Browse restaurants
      </Link>
    </div>
  );
}
