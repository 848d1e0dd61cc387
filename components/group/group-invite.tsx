import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { signInHref } from "@/lib/shared/return-path";
import { InviteGuestButton } from "./invite-guest-button";
import styles from "./group.module.css";

/** A group link opened signed out: sign in (and come back here) or continue as a guest (and stay here). */
export function GroupInvite({ path }: { path: string }) {
  return (
    <div className={`container ${styles.page}`}>
      <section className={`${styles.card} ${styles.narrow}`} aria-labelledby="invite-title">
        <p className={styles.eyebrow}>Group order</p>
        <h1 id="invite-title" className={styles.title}>
          You&rsquo;re invited to a group order
        </h1>
        <p className={styles.muted}>Sign in or continue as a guest to see the order and add your own dishes. The host pays for everyone.</p>
        <div className={styles.hostActions}>
          <Link href={signInHref(path)} className={buttonClass()}>
            Sign in
          </Link>
          <InviteGuestButton to={path} />
        </div>
      </section>
    </div>
  );
}
