import type { ReactNode } from "react";
import { SuspendedNotice } from "@/components/owner/suspended-notice";
import { teamRestaurantFor } from "@/lib/server/web/page-data";
import { requireAccountPage, requireCurrentAgreements } from "@/lib/server/web/page";

// The layout of the owner's pages of a restaurant (menu, update...; the board's are (board)'s). It settles "is
// this your restaurant" before a segment's loading.tsx starts streaming, so a stranger gets a
// real 404 status rather than a 200 carrying the not-found page, and an anonymous visitor a
// redirect to /login. A restaurant an operator suspended says so, and why, on every one of them.
export default async function OwnedRestaurantLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { restaurant } = await teamRestaurantFor(id, "staff");
  // A newer version of an agreement the owner accepted: accepted first (the accept page).
  await requireCurrentAgreements(await requireAccountPage(), `/restaurants/${restaurant.id}/orders`);
  return (
    <>
      {restaurant.suspendedAt && <SuspendedNotice reason={restaurant.suspensionReason} />}
      {children}
    </>
  );
}
