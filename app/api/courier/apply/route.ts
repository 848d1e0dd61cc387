import { applyAsCourier } from "@/lib/server/operators/couriers";
import { requireVerifiedEmail } from "@/lib/server/accounts/email-verification";
import { handle } from "@/lib/server/web/handle";

// Applying to deliver waits for a verified email (docs/architecture/accounts-security.md); a guest's 403 is applyAsCourier's.
export const POST = handle("POST /api/courier/apply", async ({ user, body }) => {
  if (!user.guestAccount) await requireVerifiedEmail(user.id);
  return applyAsCourier(user, body.vehicle);
});
