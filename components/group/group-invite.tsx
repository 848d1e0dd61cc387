import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import type { GroupInviteJson } from "@/lib/server/group-orders/read";
import { signInHref } from "@/lib/shared/web/return-path";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { InviteGuestButton } from "./invite-guest-button";
import styles from "./group.module.css";

/**
 * A group link opened signed out: who invites the visitor and from which restaurant (nothing of
 * the cart or the other people), then sign in (and come back here) or continue as a guest (and
 * stay here). A placed group names nobody: only the people who took part may see it.
 */
export function GroupInvite({ path, invite, words: w }: { path: string; invite: GroupInviteJson; words: Words<"orderflow">["group"] }) {
  return (
    <div className={`container ${styles.page}`}>
      <section className={`${styles.card} ${styles.narrow}`} aria-labelledby="invite-title">
        <p className={styles.eyebrow}>{w.eyebrow}</p>
        <h1 id="invite-title" className={styles.title}>
          {invite.hostName === null ? w.invite.signInToSee : fill(w.invite.invited, { host: invite.hostName, restaurant: invite.restaurantName })}
        </h1>
        <p className={styles.muted}>{invite.hostName === null ? w.invite.placed : fill(w.invite.signInOrGuest, { host: invite.hostName })}</p>
        <div className={styles.hostActions}>
          <Link href={signInHref(path)} className={buttonClass()}>
            {w.invite.signIn}
          </Link>
          {invite.hostName !== null && <InviteGuestButton to={path} label={w.invite.guest} />}
        </div>
      </section>
    </div>
  );
}
