import "server-only";
import { pruneGuests } from "../../accounts/prune-guests";
import { pruneResets } from "../../accounts/password-reset";
import { pruneVerifications } from "../../accounts/email-verification";
import { pruneChallenges } from "../../accounts/passkeys";
import { hourlyCadence } from "../cadences";
import type { TimedJob } from "../job";

export const pruneGuestsJob: TimedJob = {
  id: "accounts.prune-guests",
  does: "Guest accounts older than GUEST_RETENTION_DAYS that never placed an order are deleted, with what hangs off them (lib/server/accounts/prune-guests.ts); password reset and email verification links dead for a day, and passkey challenges dead for an hour, are deleted (accounts/password-reset.ts, email-verification.ts, passkeys.ts).",
  cadence: hourlyCadence,
  once: "Conditional DELETEs (a guest, old enough, without orders; a link long dead): two instances delete each row once.",
  run: async (now) => {
    const pruned = await pruneGuests(now);
    await pruneResets(now);
    await pruneVerifications(now);
    await pruneChallenges(now);
    return pruned ? { log: `pruned ${pruned} guest accounts without orders` } : undefined;
  },
};
