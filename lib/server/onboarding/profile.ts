import "server-only";
import type { Vehicle } from "@/lib/shared/delivery/courier-onboarding";
import { db, type Tx } from "../platform/db";
import { backgroundCheck } from "./background-check/select";

// The courier's onboarding record (docs/architecture/courier-onboarding.md): made with the
// application (lib/server/operators/couriers.ts applyAsCourier), the background check ordered
// once it commits; the jobs sweep (expiry.ts) orders one that failed to start and reads the
// provider's answers.

/** In the application's transaction: the vehicle; a check already clear is kept (applying again after a refusal). */
export async function saveApplicationProfile(tx: Tx, userId: number, vehicle: Vehicle, now: Date): Promise<void> {
  await tx.courierProfile.upsert({
    where: { userId },
    create: { userId, vehicle, checkProvider: backgroundCheck().name, updatedAt: now },
    update: { vehicle, updatedAt: now },
  });
}

/** Orders the courier's background check when none was (a provider that fails leaves it for the sweep). Returns the status. */
export async function startBackgroundCheck(userId: number, now = new Date()): Promise<string | null> {
  const profile = await db.courierProfile.findUnique({ where: { userId }, select: { checkRef: true, checkStatus: true } });
  if (!profile || profile.checkRef || profile.checkStatus !== "pending") return profile?.checkStatus ?? null;
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { firstName: true, lastName: true, email: true } });
  const provider = backgroundCheck();
  const answer = await provider.start({ userId, firstName: user.firstName, lastName: user.lastName, email: user.email });
  await db.courierProfile.updateMany({
    where: { userId, checkRef: null },
    data: { checkProvider: provider.name, checkRef: answer.ref, checkStatus: answer.status, checkedAt: answer.status === "pending" ? null : now, updatedAt: now },
  });
  return answer.status;
}

/** The sweep: each pending check asked again (or ordered, when its start failed). Returns how many changed. */
export async function refreshBackgroundChecks(now: Date): Promise<number> {
  const provider = backgroundCheck();
  if (provider.name === "none") return 0;
  const pending = await db.courierProfile.findMany({ where: { checkStatus: "pending" }, select: { userId: true, checkRef: true }, take: 100 });
  let changed = 0;
  for (const row of pending) {
    try {
      if (!row.checkRef) {
        if ((await startBackgroundCheck(row.userId, now)) !== "pending") changed++;
        continue;
      }
      const status = await provider.status(row.checkRef);
      if (status === "pending") continue;
      const { count } = await db.courierProfile.updateMany({
        where: { userId: row.userId, checkStatus: "pending", checkRef: row.checkRef },
        data: { checkStatus: status, checkedAt: now, updatedAt: now },
      });
      changed += count;
    } catch (error) {
      console.error(`[nosh] background check of courier ${row.userId}: ${(error as Error).message}`);
    }
  }
  return changed;
}
