import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export const GROUP_GONE = "This group order link is no longer active";

/** A group link that stopped working (canceled, expired, placed without you) or never did: the 404 page says the same. */
export function GroupGone() {
  return (
    <div className="container">
      <EmptyState
        icon="userPlus"
        title={GROUP_GONE}
        action={
          <Link href="/home" className={buttonClass()}>
            Browse restaurants
          </Link>
        }
      >
        The host may have canceled it or checked out, or it is more than a day old. Ask them for a new link.
      </EmptyState>
    </div>
  );
}
