import type { ReactNode } from "react";
import { SuspendedNotice } from "@/components/owner/suspended-notice";
import { boardRestaurantFor } from "@/lib/server/web/page-data";
import { requireAccountPage, requireCurrentAgreements } from "@/lib/server/web/page";

// The board's pages (orders, a ticket): as the (owner) layout for the restaurant's team, and open
// to a kitchen tablet paired to the restaurant too (docs/architecture/kitchen.md "A board that
// lives on a tablet"): its own cookie, no session, so nothing to sign in or accept there.
export default async function BoardLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { restaurant, device } = await boardRestaurantFor(id);
  if (!device) await requireCurrentAgreements(await requireAccountPage(), `/restaurants/${restaurant.id}/orders`);
  return (
    <>
      {restaurant.suspendedAt && <SuspendedNotice reason={restaurant.suspensionReason} />}
      {children}
    </>
  );
}
