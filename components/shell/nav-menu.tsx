"use client";
import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { Avatar } from "@/components/account/avatar";
import { useSession } from "@/components/providers/session-provider";
import { Dialog } from "@/components/ui/dialog";
import { IconGlyph, type IconName } from "@/components/ui/icons";
import { formatMoney } from "@/components/ui/format";
import { displayName } from "./address";
import { BrandMark } from "./brand";
import { useWorksSomewhere } from "./use-works-somewhere";
import styles from "./nav-menu.module.css";

type NavMenuProps = {
  /** Called after any choice, so the drawer can close. */
  onNavigate: () => void;
  /** Guests' Orders entry: replaces the drawer with the signup modal. */
  onOpenSignup: () => void;
};

/** The burger drawer: loaded with its menu on first opening (top-bar.tsx). */
export function NavMenuDialog({ open, onClose, onOpenSignup }: { open: boolean; onClose: () => void; onOpenSignup: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      placement="start"
      title={
        <>
          <BrandMark />
          <span className="sr-only"> menu</span>
        </>
      }
    >
      <NavMenu onNavigate={onClose} onOpenSignup={onOpenSignup} />
    </Dialog>
  );
}

/** The burger menu's three variants: signed-in user, guest, anonymous. */
export function NavMenu({ onNavigate, onOpenSignup }: NavMenuProps) {
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
      <nav aria-label="Main menu" className={styles.nav}>
        <p className={styles.intro}>Sign in to order from local restaurants and track your deliveries.</p>
        <ul className={styles.list}>
          <Item href="/login" icon="login" label="Log in" onNavigate={onNavigate} />
          <Item href="/signup" icon="userPlus" label="Sign up" onNavigate={onNavigate} />
        </ul>
        <ul className={styles.list}>
          <Item href="/login" icon="store" label="Add your restaurant" onNavigate={onNavigate} />
        </ul>
      </nav>
    );
  }

  if (user.guestAccount) {
    return (
      <nav aria-label="Main menu" className={styles.nav}>
        <p className={styles.intro}>You are browsing as a guest. Sign up to keep your orders and wallet.</p>
        <ul className={styles.list}>
          <li>
            <button type="button" className={styles.link} onClick={onOpenSignup}>
              <IconGlyph name="receipt" />
              Orders
            </button>
          </li>
          <Item href="/favorites" icon="heart" label="Favorites" onNavigate={onNavigate} />
          <Item href="/wallet" icon="wallet" label="Wallet" onNavigate={onNavigate} />
          <Item href="/reviews" icon="star" label="Reviews" onNavigate={onNavigate} />
        </ul>
        <ul className={styles.list}>
          <Item href="/login" icon="login" label="Log in" onNavigate={onNavigate} />
          <Item href="/signup" icon="userPlus" label="Sign up" onNavigate={onNavigate} />
        </ul>
      </nav>
    );
  }

  return (
    <nav aria-label="Main menu" className={styles.nav}>
      <Link href="/account" className={styles.profile} onClick={onNavigate}>
        <Avatar user={user} size={48} />
        <span className={styles.profileText}>
          <span className={styles.profileName}>{displayName(user)}</span>
          <span className={styles.profileHint}>View account</span>
        </span>
        <IconGlyph name="chevronRight" />
      </Link>
      <ul className={styles.list}>
        <Item href="/orders" icon="receipt" label="Orders" onNavigate={onNavigate} />
        <Item href="/favorites" icon="heart" label="Favorites" onNavigate={onNavigate} />
        <Item href="/wallet" icon="wallet" label="Wallet" onNavigate={onNavigate} detail={formatMoney(user.wallet)} />
        <Item href="/reviews" icon="star" label="Reviews" onNavigate={onNavigate} />
        <Item href="/menu-items" icon="utensils" label="Menu Items" onNavigate={onNavigate} />
      </ul>
      <ul className={styles.list}>
        {user.courier && (
          <li>
            {/* A full page load: the courier app's document alone may ask for the location (next.config.mjs, Permissions-Policy). */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a client navigation would keep the store's policy, which refuses it */}
            <a href="/courier" className={styles.link} onClick={onNavigate}>
              <IconGlyph name="scooter" />
              <span className={styles.label}>Courier app</span>
            </a>
          </li>
        )}
        {user.restaurantOwner ? (
          <Item href="/restaurants/manage" icon="store" label="Manage your restaurants" onNavigate={onNavigate} />
        ) : worksSomewhere ? (
          <Item href="/restaurants/manage" icon="store" label="Where you work" onNavigate={onNavigate} />
        ) : (
          worksSomewhere === false && <Item href="/restaurants/new" icon="store" label="Add your restaurant" onNavigate={onNavigate} />
        )}
        <li>
          <button type="button" className={styles.link} onClick={signOut}>
            <IconGlyph name="logout" />
            Sign out
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
