"use client";
import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { Avatar } from "@/components/account/avatar";
import { useSession } from "@/components/providers/session-provider";
import { Dialog } from "@/components/ui/dialog";
import { IconGlyph, type IconName } from "@/components/ui/icons";
import { formatMoney } from "@/components/ui/format";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { displayName } from "./address";
import { BrandMark } from "./brand";
import { useWorksSomewhere } from "./use-works-somewhere";
import styles from "./nav-menu.module.css";

type NavMenuProps = {
  /** Called after any choice, so the drawer can close. */
  onNavigate: () => void;
  /** Guests' Orders entry: replaces the drawer with the signup modal. */
  onOpenSignup: () => void;
  /** Its words (the top bar's, from the server) and the wallet's language. */
  words: Words<"shell">;
  locale: Locale;
};

/** The burger drawer: loaded with its menu on first opening (top-bar.tsx). */
export function NavMenuDialog({ open, onClose, ...menu }: { open: boolean; onClose: () => void } & Omit<NavMenuProps, "onNavigate">) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      placement="start"
      title={
        <>
          <BrandMark />
          <span className="sr-only">{menu.words.menu}</span>
        </>
      }
    >
      <NavMenu onNavigate={onClose} {...menu} />
    </Dialog>
  );
}

/** The burger menu's three variants: signed-in user, guest, anonymous. */
export function NavMenu({ onNavigate, onOpenSignup, words, locale }: NavMenuProps) {
  const w = words.nav;
  const { user, logout } = useSession();
  const router = useRouter();
  // A manager or staff member who owns nothing is led to where they work (undefined: not known yet).
  const worksSomewhere = useWorksSomewhere(user && !user.guestAccount && !user.restaurantOwner ? user.id : null);

  const signOut = async () => {
    onNavigate();
    await logout();
    router.push("/");
    router.refresh();
  };

  if (!user) {
    return (
      <nav aria-label={w.label} className={styles.nav}>
        <p className={styles.intro}>{w.intro}</p>
        <ul className={styles.list}>
          <Item href="/login" icon="login" label={w.logIn} onNavigate={onNavigate} />
          <Item href="/signup" icon="userPlus" label={w.signUp} onNavigate={onNavigate} />
        </ul>
        <ul className={styles.list}>
          <Item href="/login" icon="store" label={w.addRestaurant} onNavigate={onNavigate} />
        </ul>
      </nav>
    );
  }

  if (user.guestAccount) {
    return (
      <nav aria-label={w.label} className={styles.nav}>
        <p className={styles.intro}>{w.guestIntro}</p>
        <ul className={styles.list}>
          <li>
            <button type="button" className={styles.link} onClick={onOpenSignup}>
              <IconGlyph name="receipt" />
              {w.orders}
            </button>
          </li>
          <Item href="/favorites" icon="heart" label={w.favorites} onNavigate={onNavigate} />
          <Item href="/wallet" icon="wallet" label={w.wallet} onNavigate={onNavigate} />
          <Item href="/reviews" icon="star" label={w.reviews} onNavigate={onNavigate} />
        </ul>
        <ul className={styles.list}>
          <Item href="/login" icon="login" label={w.logIn} onNavigate={onNavigate} />
          <Item href="/signup" icon="userPlus" label={w.signUp} onNavigate={onNavigate} />
        </ul>
      </nav>
    );
  }

  return (
    <nav aria-label={w.label} className={styles.nav}>
      <Link href="/account" className={styles.profile} onClick={onNavigate}>
        <Avatar user={user} size={48} />
        <span className={styles.profileText}>
          <span className={styles.profileName}>{displayName(user)}</span>
          <span className={styles.profileHint}>{w.viewAccount}</span>
        </span>
        <IconGlyph name="chevronRight" />
      </Link>
      <ul className={styles.list}>
        <Item href="/orders" icon="receipt" label={w.orders} onNavigate={onNavigate} />
        <Item href="/favorites" icon="heart" label={w.favorites} onNavigate={onNavigate} />
        <Item href="/wallet" icon="wallet" label={w.wallet} onNavigate={onNavigate} detail={formatMoney(user.wallet, locale)} />
        <Item href="/reviews" icon="star" label={w.reviews} onNavigate={onNavigate} />
        <Item href="/menu-items" icon="utensils" label={w.menuItems} onNavigate={onNavigate} />
      </ul>
      <ul className={styles.list}>
        {user.courier && (
          <li>
            {/* A full page load: the courier app's document alone may ask for the location (next.config.mjs, Permissions-Policy). */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a client navigation would keep the store's policy, which refuses it */}
            <a href="/courier" className={styles.link} onClick={onNavigate}>
              <IconGlyph name="scooter" />
              <span className={styles.label}>{w.courier}</span>
            </a>
          </li>
        )}
        {user.restaurantOwner ? (
          <Item href="/restaurants/manage" icon="store" label={w.manage} onNavigate={onNavigate} />
        ) : worksSomewhere ? (
          <Item href="/restaurants/manage" icon="store" label={w.workplace} onNavigate={onNavigate} />
        ) : (
          worksSomewhere === false && <Item href="/restaurants/new" icon="store" label={w.addRestaurant} onNavigate={onNavigate} />
        )}
        <li>
          <button type="button" className={styles.link} onClick={signOut}>
            <IconGlyph name="logout" />
            {w.signOut}
          </button>
        </li>
      </ul>
    </nav>
  );
}

type ItemProps = { href: string; icon: IconName; label: string; detail?: string; onNavigate: () => void };

function Item({ href, icon, label, detail, onNavigate }: ItemProps) {
  return (
    <li>
      <Link href={href} className={styles.link} onClick={onNavigate}>
        <IconGlyph name={icon} />
        <span className={styles.label}>{label}</span>
        {detail && <span className={styles.detail}>{detail}</span>}
      </Link>
    </li>
  );
}
