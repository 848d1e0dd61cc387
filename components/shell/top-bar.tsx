"use client";
import Link from "@/components/ui/link";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Avatar } from "@/components/account/avatar";
import { CartButton } from "@/components/cart/cart-button";
import { useCart } from "@/components/providers/cart-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import type { CartWords } from "@/components/cart/cart-line";
import type { AddressEditorWords } from "./address-editor";
import type { SignupWords } from "@/components/auth/signup-modal";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { AddressButton } from "./address-button";
import { DeliveryToggle } from "./delivery-toggle";
import styles from "./top-bar.module.css";

type Panel = "menu" | "signup" | null;

// The top bar is in every route's first-load JavaScript; what it only shows after a click
// (the burger menu, the cart panel, the guest signup modal with its zod validation) is loaded
// on first opening instead (React.lazy: no loader code of its own, unlike next/dynamic).
const NavMenuDialog = lazy(() => import("./nav-menu").then((m) => ({ default: m.NavMenuDialog })));
const CartPanel = lazy(() => import("@/components/cart/cart-panel").then((m) => ({ default: m.CartPanel })));
const SignupModal = lazy(() => import("@/components/auth/signup-modal").then((m) => ({ default: m.SignupModal })));

/**
 * The store's top bar with the burger drawer, the cart panel and the guest
 * signup modal. `brand` is the wordmark and `search` the search box (search-box.tsx), both
 * rendered by the server (their markup needs no client code); `words` and `cartWords` its words
 * and the cart panel's, `profile` the address dialog's and the signup modal's, and `locale` the
 * amounts', in the request's language (shop-shell.tsx).
 */
export function TopBar({
  brand,
  search,
  words,
  cartWords,
  profile,
  locale,
}: {
  brand: ReactNode;
  search: ReactNode;
  words: Words<"shell">;
  cartWords: CartWords;
  profile: Pick<Words<"profile">, "bell"> & { addressEditor: AddressEditorWords; signup: SignupWords };
  locale: Locale;
}) {
  const { user } = useSession();
  const [panel, setPanel] = useState<Panel>(null);
  const close = () => setPanel(null);
  const { ready: cartReady, count: cartCount, panelOpen: cartOpen, setPanelOpen: setCartOpen, pendingAdd } = useCart();
  const menuLoaded = useOpenedOnce(panel === "menu");
  const signupLoaded = useOpenedOnce(panel === "signup");
  const cartLoaded = useOpenedOnce(cartOpen);
  const conflictLoaded = useOpenedOnce(pendingAdd !== null);

  return (
    <>
      <header className={styles.bar}>
        <div className={`container ${styles.inner}`}>
          <button
            type="button"
            className={styles.burger}
            aria-label={words.openMenu}
            aria-haspopup="dialog"
            aria-expanded={panel === "menu"}
            onClick={() => setPanel("menu")}
          >
            <IconGlyph name="menu" size={24} />
          </button>
          <Link href={user ? "/home" : "/"} className={styles.brand}>
            {brand}
          </Link>
          <AddressButton className={styles.address} words={words} editorWords={profile.addressEditor} />
          <div className={styles.row2}>
            <div className={styles.toggle}>
              <DeliveryToggle words={words} />
            </div>
            <div className={styles.search}>{search}</div>
          </div>
          {!user && (
            <div className={styles.auth}>
              <Link href="/login" className={buttonClass({ variant: "ghost", size: "small" })}>
                {words.signIn}
              </Link>
              <Link href="/signup" className={buttonClass({ variant: "secondary", size: "small" })}>
                {words.signUp}
              </Link>
            </div>
          )}
          {user && !user.guestAccount && (
            <Link href="/account" className={styles.account} aria-label={words.account}>
              <Avatar user={user} size={36} />
            </Link>
          )}
          {user && (
            <div className={styles.bell}>
              <NotificationBell words={profile.bell} locale={locale} />
            </div>
          )}
          <div className={styles.cart}>
            <CartButton count={cartReady ? cartCount : null} onClick={() => setCartOpen(true)} words={words} />
          </div>
        </div>
      </header>
      <Suspense fallback={null}>
        {menuLoaded && <NavMenuDialog open={panel === "menu"} onClose={close} onOpenSignup={() => setPanel("signup")} words={words} locale={locale} />}
        {(cartLoaded || conflictLoaded) && <CartPanel words={cartWords} locale={locale} />}
        {signupLoaded && <SignupModal open={panel === "signup"} onClose={close} words={profile.signup} />}
      </Suspense>
    </>
  );
}
