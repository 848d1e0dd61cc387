"use client";
import Link from "next/link";
import { useState } from "react";
import { Avatar } from "@/components/account/avatar";
import { SignupModal } from "@/components/auth/signup-modal";
import { CartButton } from "@/components/cart/cart-button";
import { CartPanel } from "@/components/cart/cart-panel";
import { useCart } from "@/components/providers/cart-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { IconGlyph } from "@/components/ui/icons";
import { AddressButton } from "./address-button";
import { BrandMark } from "./brand";
import { DeliveryToggle } from "./delivery-toggle";
import { NavMenu } from "./nav-menu";
import { SearchBox } from "./search-box";
import styles from "./top-bar.module.css";

type Panel = "menu" | "signup" | null;

/** The store's top bar (spec section 2) with the burger drawer, the cart panel and the guest signup modal. */
export function TopBar() {
  const { user } = useSession();
  const [panel, setPanel] = useState<Panel>(null);
  const close = () => setPanel(null);
  const { count: cartCount, setPanelOpen: setCartOpen } = useCart();

  return (
    <>
      <header className={styles.bar}>
        <div className={`container ${styles.inner}`}>
          <button
            type="button"
            className={styles.burger}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={panel === "menu"}
            onClick={() => setPanel("menu")}
          >
            <IconGlyph name="menu" size={24} />
          </button>
          <Link href={user ? "/home" : "/"} className={styles.brand}>
            <BrandMark compact />
          </Link>
          <AddressButton className={styles.address} />
          <div className={styles.row2}>
            <div className={styles.toggle}>
              <DeliveryToggle />
            </div>
            <SearchBox className={styles.search} />
          </div>
          {!user && (
            <div className={styles.auth}>
              <Link href="/login" className={buttonClass({ variant: "ghost", size: "small" })}>
                Sign in
              </Link>
              <Link href="/signup" className={buttonClass({ variant: "secondary", size: "small" })}>
                Sign up
              </Link>
            </div>
          )}
          {user && !user.guestAccount && (
            <Link href="/account" className={styles.account} aria-label="Account">
              <Avatar user={user} size={36} />
            </Link>
          )}
          <div className={styles.cart}>
            <CartButton count={cartCount} onClick={() => setCartOpen(true)} />
          </div>
        </div>
      </header>
      <Dialog
        open={panel === "menu"}
        onClose={close}
        placement="left"
        title={
          <>
            <BrandMark />
            <span className="sr-only"> menu</span>
          </>
        }
      >
        <NavMenu onNavigate={close} onOpenSignup={() => setPanel("signup")} />
      </Dialog>
      <CartPanel />
      <SignupModal open={panel === "signup"} onClose={close} />
    </>
  );
}
