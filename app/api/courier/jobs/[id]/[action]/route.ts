import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { acceptJob } from "@/lib/server/dispatch/accept";
import { arrivedAtPickup } from "@/lib/server/dispatch/arrived";
import { asCourier, type Courier } from "@/lib/server/dispatch/courier";
import { declineJob } from "@/lib/server/dispatch/decline";
import { deliveredJob } from "@/lib/server/dispatch/delivered";
import { failedJob } from "@/lib/server/dispatch/failed";
import { pickedUp } from "@/lib/server/dispatch/picked-up";
import type { JobJson } from "@/lib/server/dispatch/read";
import { releaseJob } from "@/lib/server/dispatch/release";
import { notFound } from "@/lib/server/platform/errors";
import { requireUser } from "@/lib/server/web/session";
import { failedInputSchema } from "@/lib/validation/courier";
import type { NextRequest } from "next/server";

const MOVES: Record<string, (courier: Courier, jobId: number, request: NextRequest) => Promise<JobJson>> = {
  accept: (courier, id) => acceptJob(courier, id),
  decline: (courier, id) => declineJob(courier, id),
  release: (courier, id) => releaseJob(courier, id),
  arrived: (courier, id) => arrivedAtPickup(courier, id),
  "picked-up": (courier, id) => pickedUp(courier, id),
  delivered: (courier, id) => deliveredJob(courier, id),
  failed: async (courier, id, request) => failedJob(courier, id, (await parseBody(request, failedInputSchema)).reason),
};

// POST /api/courier/jobs/{id}/{accept|decline|release|arrived|picked-up|delivered|failed} -> { job };
// failed takes { reason }. Another courier's job (or one never offered to this courier) is a 404;
// the wrong state a 409 (docs/architecture/couriers.md "Jobs and their states").
export const POST = route<{ id: string; action: string }>(async (request, params) => {
  const move = Object.hasOwn(MOVES, params.action) ? MOVES[params.action] : undefined;
  if (!move) throw notFound("Action");
  const id = parseId(params.id);
  const courier = asCourier(await requireUser());
  return json({ job: await move(courier, id, request) });
});
