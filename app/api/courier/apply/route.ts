import { applyAsCourier } from "@/lib/server/operators/couriers";
import { requireVerifiedEmail } from "@/lib/server/accounts/email-verification";
import { handle } from "@/lib/server/web/handle";
import { statedLanguageOf } from "@/lib/server/web/request-language";

// Applying to deliver waits for a verified email (docs/architecture/accounts-security.md); a guest's 403 is applyAsCourier's.
// The application's language becomes the person's when they have none (docs/architecture/languages.md).
export const POST = handle("POST /api/courier/apply", async ({ request, user, body }) => {
  if (!user.guestAccount) await requireVerifiedEmail(user.id);
  return applyAsCourier(user, body.vehicle, new Date(), statedLanguageOf(request));
});
