import "server-only";
import type { Locale } from "@/lib/i18n/locale";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { OperatorCouriersQuery } from "@/lib/contract/operators/rules";
import { db } from "../platform/db";
import { conflict, forbidden, notFound } from "../platform/errors";
import { takeOperatorAction } from "../platform/action-limits";
import type { SessionUser } from "../platform/session-user";
import type { Operator } from "../platform/operator";
import { recordAudit } from "../platform/audit";
import { containsText, page, type Page } from "../platform/paging";
import { notify } from "../notifications/outbox";
import { sqlOf } from "../platform/sql";
import { releasePauseOf } from "../dispatch/release-limit";
import { acceptForStep } from "../legal/documents";
import type { Tx } from "../platform/db";
import { assertSuspensionGrounds, giveStanding } from "../courier-record/standing";
import { saveApplicationProfile, startBackgroundCheck } from "../onboarding/profile";
import { personSelect } from "./users";
import type { Vehicle } from "@/lib/shared/delivery/courier-onboarding";
import { said } from "@/lib/shared/words/said";

// Couriers (docs/architecture/operator.md "Couriers"). A courier account comes to exist by
// applying: a signed-in user (not a guest) presses "Apply to deliver" on /courier
// (POST /api/courier/apply), which sets `courierStatus` to "applied". Only an operator's
// approval sets `courier`, the flag every courier call checks (dispatch/courier.ts asCourier):
// before it, the courier app answers 403 and the shift cannot start. Suspending clears the flag
// again (off shift at once; refused while the courier carries deliveries) and restoring sets it.

export const OWN_COURIER = said("messages.operatorOwnCourier");
export const APPLY_SAID = {
  guest: said("messages.courierGuest"),
  applied: said("messages.courierApplied"),
  approved: said("messages.courierAlready"),
  suspended: said("messages.courierSuspended"),
} as const;

export type CourierStatus = "applied" | "approved" | "suspended";

/**
 * The user applies to deliver with their vehicle; an operator approves (or not). 409 when already
 * applied or a courier. The onboarding record and its background check go with it
 * (docs/architecture/courier-onboarding.md); the check is ordered once the application commits.
 * `language`: the request's, kept as the person's when they have none yet (their mails' from now on).
 */
export async function applyAsCourier(
  user: Pick<SessionUser, "id" | "guestAccount">,
  vehicle: Vehicle = "bike",
  now = new Date(),
  language: Locale | null = null,
): Promise<{ courierStatus: CourierStatus }> {
  if (user.guestAccount) throw forbidden(said("messages.courierGuest"));
  const applied = await db.$transaction(async (tx) => {
    const row = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { courierStatus: true, courier: true, language: true } });
    const status = (row.courier ? "approved" : row.courierStatus) as CourierStatus | null;
    if (status) throw conflict(APPLY_SAID[status]);
    await tx.user.update({ where: { id: user.id }, data: { courierStatus: "applied", ...(language && !row.language && { language }) } });
    // Applying accepts the courier agreement's current version (its line beside the button).
    await acceptForStep(tx, user.id, "courier");
    await saveApplicationProfile(tx, user.id, vehicle, now);
    return { courierStatus: "applied" as const };
  });
  // A provider that fails now is asked again by the jobs sweep (onboarding/profile.ts refreshBackgroundChecks).
  await startBackgroundCheck(user.id, now).catch((error: unknown) => console.error(`[nosh] background check of courier ${user.id}: ${(error as Error).message}`));
  return applied;
}

const select = {
  ...personSelect,
  courierStatus: true,
  createdAt: true,
} satisfies Prisma.UserSelect;

export type OperatorCourierJson = {
  id: number;
  name: string;
  email: string | null;
  phoneNumber: string | null;
  status: CourierStatus;
  onShift: boolean;
  activeJobs: number;
  /** Offers paused for giving back jobs too often (lib/server/dispatch/release-limit.ts): until when, and how many in the hour. */
  releasePause: { until: string; releases: number } | null;
  createdAt: string;
};

const pauseJson = (state: { releaseCount: number; releasePausedUntil: Date | null } | undefined, now: Date) => {
  const until = releasePauseOf(state, now);
  return until && state ? { until: until.toISOString(), releases: state.releaseCount } : null;
};

/** Courier accounts and applications, applications first then by name; one page. */
export async function listAdminCouriers(_operator: Operator, query: OperatorCouriersQuery): Promise<Page<OperatorCourierJson>> {
  const q = query.q?.trim();
  const where: Prisma.UserWhereInput = {
    courierStatus: query.status ?? { not: null },
    ...(q ? { OR: [{ firstName: containsText(q) }, { lastName: containsText(q) }, { email: containsText(q) }] } : {}),
  };
  const rows = await db.user.findMany({
    where,
    select,
    orderBy: [{ courierStatus: "asc" }, { firstName: "asc" }, { id: "asc" }],
    skip: query.offset,
    take: query.limit + 1,
  });
  // The shifts of the page's couriers in one read, not one per row.
  const states = await db.courierState.findMany({
    where: { userId: { in: rows.map((r) => r.id) } },
    select: { userId: true, onShift: true, activeJobs: true, releaseCount: true, releasePausedUntil: true },
  });
  const now = new Date();
  const stateOf = new Map(states.map((s) => [s.userId, s]));
  return page(
    rows.map((r) => ({
      id: r.id,
      name: [r.firstName, r.lastName].filter(Boolean).join(" "),
      email: r.email,
      phoneNumber: r.phoneNumber,
      status: r.courierStatus as CourierStatus,
      onShift: stateOf.get(r.id)?.onShift ?? false,
      activeJobs: stateOf.get(r.id)?.activeJobs ?? 0,
      releasePause: pauseJson(stateOf.get(r.id), now),
      createdAt: r.createdAt.toISOString(),
    })),
    query,
  );
}

const MOVES = {
  approve: { from: "applied", to: "approved", courier: true, refused: said("messages.approveWaiting") },
  // Refused: the application is withdrawn (courierStatus back to none: the person may apply again).
  refuse: { from: "applied", to: null, courier: false, refused: said("messages.refuseWaiting") },
  suspend: { from: "approved", to: "suspended", courier: false, refused: said("messages.suspendApproved") },
  restore: { from: "suspended", to: "approved", courier: true, refused: said("messages.restoreSuspended") },
} as const;

const TOLD = { approve: "approved", refuse: "refused", suspend: "suspended", restore: "restored" } as const;

/** A warning on the courier's record (docs/architecture/courier-screens.md "Record"): their status stays; the row, the audit row and their notification. */
async function warnCourier(tx: Tx, operator: Operator, id: number, reason: string, now: Date) {
  const { courier } = await tx.user.findUniqueOrThrow({ where: { id }, select: { courier: true } });
  if (!courier) throw conflict(said("rules.handlers.warnApproved"));
  await giveStanding(tx, { courierId: id, kind: "warning", rule: null, reason, operator }, now);
  return { id, status: "approved" as const };
}

/** Approve or refuse an application, suspend or restore a courier: the audit row and the person's notification (bell and email) in the same transaction. */
export async function actOnCourier(
  operator: Operator,
  id: number,
  input: { action: keyof typeof MOVES | "warn"; reason: string; safety?: boolean; override?: string },
  now = new Date(),
) {
  return db.$transaction(async (tx) => {
    await takeOperatorAction(tx, operator.id, now);
    if (id === operator.id) throw forbidden(OWN_COURIER);
    const user = await tx.user.findUnique({ where: { id }, select: { courierStatus: true } });
    if (!user?.courierStatus) throw notFound(said("messages.courierNotFound"));
    if (input.action === "warn") return warnCourier(tx, operator, id, input.reason, now);
    const move = MOVES[input.action];
    if (input.action === "suspend") {
      await assertSuspensionGrounds(tx, id, input.override, now);
      const state = await tx.courierState.findUnique({ where: { userId: id }, select: { activeJobs: true } });
      if (state && state.activeJobs > 0) throw conflict(said("rules.handlers.courierBusy"));
      await tx.courierState.updateMany({ where: { userId: id }, data: { onShift: false, updatedAt: now } });
    }
    const { count } = await tx.user.updateMany({ where: { id, courierStatus: move.from }, data: { courierStatus: move.to, courier: move.courier } });
    if (!count) throw conflict(move.refused);
    if (input.action === "suspend") {
      await giveStanding(tx, { courierId: id, kind: "suspension", rule: null, safety: input.safety, reason: input.reason, override: input.override, operator }, now);
    }
    await recordAudit(tx, operator, {
      action: `courier.${input.action}`,
      targetType: "user",
      targetId: id,
      reason: input.reason,
      detail: { from: move.from, to: move.to, ...(input.safety ? { safety: true } : {}), ...(input.override ? { override: input.override } : {}) },
    });
    await notify(
      sqlOf(tx),
      [
        {
          to: { userId: id },
          kind: "courier_account_update",
          cause: `courier:${id}:${TOLD[input.action]}:${now.getTime()}`,
          payload: { stage: TOLD[input.action], note: input.reason },
        },
      ],
      now,
    );
    return { id, status: (move.to ?? "refused") as CourierStatus | "refused" };
  });
}
