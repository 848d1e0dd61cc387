import "server-only";
import { pruneGuests } from "../../accounts/prune-guests";
import { hourlyCadence } from "../cadences";
import type { TimedJob } from "../job";

export const pruneGuestsJob: TimedJob = {
  id: "accounts.prune-guests",
  does: "Guest accounts older than GUEST_RETENTION_DAYS that never placed an order are deleted, with what hangs off them (lib/server/accounts/prune-guests.ts).",
  cadence: hourlyCadence,
  once: "A conditional DELETE (a guest, old enough, without orders): two instances delete each account once.",
  run: async (now) => {
    const pruned = await pruneGuests(now);
    return pruned ? { log: `pruned ${pruned} guest accounts without orders` } : undefined;
  },
};
