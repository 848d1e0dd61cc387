import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import type { GroupInviteJson } from "@/lib/server/group-orders/read";
import { signInHref } from "@/lib/shared/return-path";
import { InviteGuestButton } from "./invite-guest-button";
import styles from "./group.module.css";

/**
 * A group link opened signed out: who invites the visitor and from which restaurant (nothing of
 * the cart or the other people), then sign in (and come back here) or continue as a guest (and
 * stay here). A placed group names nobody: only the people who took part may see it.
 */
export function GroupInvite({ path, invite }: { path: string; invite: GroupInviteJson }) {
  return (
    <div className={`container ${styles.page}`}>
      <section className={`${styles.card} ${styles.narrow}`} aria-labelledby="invite-title">
        <p className={styles.eyebrow}>Group order</p>
        <h1 id="invite-title" className={styles.title}>
          {invite.hostName === null ? (
            "Sign in to see this group order"
          ) : (
            <>
              {invite.hostName} invited you to a group order from {invite.restaurantName}
            </>
          )}
        </h1>
        <p className={styles.muted}>
          {invite.hostName === null
            ? "It has been placed: the people who took part can follow it."
            : `Sign in or continue as a guest to see the order and add your own dishes. ${invite.hostName} pays for everyone.`}
        </p>
        <div className={styles.hostActions}>
          <Link href={signInHref(path)} className={buttonClass()}>
            Sign in
          </Link>
          {invite.hostName !== null && <InviteGuestButton to={path} />}
        </div>
      </section>
    </div>
  );
}
