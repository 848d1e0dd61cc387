import { endSession } from "@/lib/server/web/session";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

// A GET (the contract pins it so); proxy.ts refuses it from another site, like a mutating call.
export const GET = handle("GET /api/auth/logout", async () => {
  await endSession();
  return { message: said("done.loggedOut") };
});
