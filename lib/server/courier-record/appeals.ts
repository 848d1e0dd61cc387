import "server-only";
import { APPEAL_ANSWER_DAYS } from "@/lib/shared/delivery/courier-record";
import type { OperatorAppealJson } from "@/lib/contract/couriers/record-schemas";
import type { AppealDecision, CourierAppealInput, OperatorAppealsQuery } from "@/lib/contract/couriers/record-rules";
import { db } from "../platform/db";
import { conflict, isUniqueViolation, notFound } from "../platform/errors";
import { asPhotoErrors, readPrivatePicture, removePrivatePicture, storePrivatePicture } from "../platform/pictures";
import { recordAudit } from "../platform/audit";
import { takeOperatorAction } from "../platform/action-limits";
import type { Operator } from "../platform/operator";
import type { SessionUser } from "../platform/session-user";
import { page, type Page } from "../platform/paging";
import { notify } from "../notifications/outbox";
import { sqlOf } from "../platform/sql";
import { courierTimeZone } from "../dispatch/state";
import { asRecordHolder, latestAppeal } from "./record";
import { windowStart } from "./rules";
import { said, word } from "@/lib/shared/words/said";
import { failureOf } from "../dispatch/job-words";

// A suspended courier's appeal (docs/architecture/courier-screens.md "Record"): their note and optional
// evidence photo (stored privately, as the drop-off proof: only operators read it) reach the
// operators' queue with the trail (the suspension, the courier's recent jobs and their times,
// positions, messages) and an answer-by date. The operator upholds or overturns it (overturned:
// the account restored); the audit row and the courier's notification in the same transaction.

const DAY_MS = 24 * 3600_000;
/** How much of the trail an appeal shows. */
const TRAIL = { jobs: 10, positions: 20, messages: 20 } as const;

/** POST /api/courier/appeals: a suspended courier's appeal (409 when not suspended, or one is already open). */
export async function appealSuspension(user: Pick<SessionUser, "id" | "courier" | "courierStatus">, input: CourierAppealInput, photo: File | null, now = new Date()) {
  const holder = asRecordHolder(user);
  if (!holder.suspended) throw conflict(said("messages.appealNotSuspended"));
  if (await db.courierAppeal.count({ where: { courierId: holder.id, status: "open" } })) throw conflict(said("messages.appealWaiting"));
  const evidence = photo ? await asPhotoErrors(() => storePrivatePicture("appeal", holder.id, photo)) : null;
  try {
    return await db.$transaction(async (tx) => {
      const suspension = await tx.courierStanding.findFirst({ where: { courierId: holder.id, kind: "suspension" }, orderBy: { id: "desc" }, select: { id: true } });
      await tx.courierAppeal.create({
        data: {
          courierId: holder.id,
          standingId: suspension?.id ?? null,
          note: input.note,
          evidence,
          answerBy: new Date(now.getTime() + APPEAL_ANSWER_DAYS * DAY_MS),
          createdAt: now,
        },
      });
      return { appeal: (await latestAppeal(tx, holder.id))! };
    });
  } catch (error) {
    await removePrivatePicture(evidence);
    // Two appeals racing: the partial unique index keeps one open.
    if (isUniqueViolation(error)) throw conflict(said("messages.appealWaiting"));
    throw error;
  }
}

/** One appeal with its trail, as the operators' queue shows it. */
async function appealJson(appeal: NonNullable<Awaited<ReturnType<typeof db.courierAppeal.findFirst>>>): Promise<OperatorAppealJson> {
  const since = windowStart(appeal.createdAt);
  const [user, suspension, jobs, positions] = await Promise.all([
    db.user.findUnique({ where: { id: appeal.courierId }, select: { firstName: true, lastName: true } }),
    appeal.standingId ? db.courierStanding.findUnique({ where: { id: appeal.standingId } }) : null,
    db.deliveryJob.findMany({
      where: { courierId: appeal.courierId, createdAt: { gte: since } },
      orderBy: { id: "desc" },
      take: TRAIL.jobs,
      select: { id: true, orderId: true, state: true, assignedAt: true, pickedUpAt: true, closedAt: true, failureKey: true, failureReason: true, failureNote: true },
    }),
    db.courierPosition.findMany({ where: { courierId: appeal.courierId }, orderBy: { at: "desc" }, take: TRAIL.positions, select: { lat: true, lng: true, at: true } }),
  ]);
  const messages = await db.deliveryMessage.findMany({
    where: { courierId: appeal.courierId, jobId: { in: jobs.map((job) => job.id) } },
    orderBy: { id: "desc" },
    take: TRAIL.messages,
    select: { orderId: true, senderRole: true, body: true, createdAt: true },
  });
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return {
    id: appeal.id,
    status: appeal.status as OperatorAppealJson["status"],
    note: appeal.note,
    evidenceUrl: appeal.evidence ? `/api/admin/courier-appeals/${appeal.id}/evidence` : null,
    answerBy: appeal.answerBy.toISOString(),
    answer: appeal.answer,
    answeredAt: iso(appeal.answeredAt),
    createdAt: appeal.createdAt.toISOString(),
    courier: { id: appeal.courierId, name: [user?.firstName, user?.lastName].filter(Boolean).join(" ") },
    suspension: suspension
      ? { reason: suspension.reason, rule: suspension.rule, safety: suspension.safety, override: suspension.override, at: suspension.createdAt.toISOString() }
      : null,
    trail: {
      jobs: jobs.map(({ failureKey, failureReason, ...job }) => ({
        ...job,
        assignedAt: iso(job.assignedAt),
        pickedUpAt: iso(job.pickedUpAt),
        closedAt: iso(job.closedAt),
        ...failureOf({ failureKey, failureReason }),
      })),
      positions: positions.map((p) => ({ lat: p.lat, lng: p.lng, at: p.at.toISOString() })),
      messages: messages.map((m) => ({ orderId: m.orderId, senderRole: m.senderRole, body: m.body, at: m.createdAt.toISOString() })),
    },
    timeZone: await courierTimeZone(appeal.courierId),
  };
}

/** GET /api/admin/courier-appeals: open appeals, the soonest answer-by first, or answered ones, newest first. */
export async function listAppeals(_operator: Operator, query: OperatorAppealsQuery): Promise<Page<OperatorAppealJson>> {
  const rows = await db.courierAppeal.findMany({
    where: query.status === "open" ? { status: "open" } : { status: { not: "open" } },
    orderBy: query.status === "open" ? [{ answerBy: "asc" }, { id: "asc" }] : [{ answeredAt: "desc" }, { id: "desc" }],
    skip: query.offset,
    take: query.limit + 1,
  });
  return page(await Promise.all(rows.map(appealJson)), query);
}

const STAGE = { uphold: "appeal_upheld", overturn: "appeal_overturned" } as const;

/** POST /api/admin/courier-appeals/{id}: answered once (409 after); overturned restores the account. */
export async function decideAppeal(operator: Operator, id: number, input: AppealDecision, now = new Date()) {
  return db.$transaction(async (tx) => {
    await takeOperatorAction(tx, operator.id, now);
    const appeal = await tx.courierAppeal.findUnique({ where: { id }, select: { courierId: true } });
    if (!appeal) throw notFound(said("messages.notFound", { what: word("appeal") }));
    const status = input.action === "uphold" ? "upheld" : "overturned";
    const { count } = await tx.courierAppeal.updateMany({
      where: { id, status: "open" },
      data: { status, answer: input.answer, answeredAt: now, operatorId: operator.id },
    });
    if (!count) throw conflict(said("messages.appealAnswered"));
    if (input.action === "overturn")
      await tx.user.updateMany({ where: { id: appeal.courierId, courierStatus: "suspended" }, data: { courierStatus: "approved", courier: true } });
    await recordAudit(tx, operator, {
      action: `courier.appeal.${input.action}`,
      targetType: "user",
      targetId: appeal.courierId,
      reason: input.answer,
      detail: { appealId: id },
    });
    await notify(
      sqlOf(tx),
      [
        {
          to: { userId: appeal.courierId },
          kind: "courier_account_update",
          cause: `courier:${appeal.courierId}:appeal:${id}`,
          payload: { stage: STAGE[input.action], note: input.answer },
        },
      ],
      now,
    );
    return { appeal: { id, status } };
  });
}

/** GET /api/admin/courier-appeals/{id}/evidence: the photo's bytes for operators; 404 without one. */
export async function appealEvidence(_operator: Operator, id: number): Promise<Buffer> {
  const appeal = await db.courierAppeal.findUnique({ where: { id }, select: { evidence: true } });
  const bytes = appeal?.evidence ? await readPrivatePicture(appeal.evidence) : null;
  if (!bytes) throw notFound(said("messages.notFound", { what: word("evidence") }));
  return bytes;
}
