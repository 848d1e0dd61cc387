import "server-only";
import { clearlyLate } from "@/lib/shared/delivery/arrival";
import { removeProblemPhoto } from "./photo";
import { centsToDollars } from "@/lib/shared/money/money";
import type { ProblemReportInput } from "@/lib/contract/problems/rules";
import { notify } from "../notifications/outbox";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { conflict, fieldError, isUniqueViolation, notFound } from "../platform/errors";
import { sqlOf } from "../platform/sql";
import { lockedRefundRoom } from "../ledger/refundable";
import type { SessionUser } from "../platform/session-user";
import { AUTO_APPROVALS_PER_30_DAYS, isSmallClaim, refundOf } from "./amounts";
import { isPlatformLiable, type ProblemLineReason } from "@/lib/shared/orders/problems";
import {
  alreadyReported,
  DAY_MS,
  deliveredAt,
  deliveredLate,
  lockCustomer,
  lockOrder,
  MESSAGES,
  orderForProblems,
  OWNER_WINDOW_MS,
  REPORT_WINDOW_MS,
  refundedBefore,
} from "./context";
import { applyDecision } from "./decide";
import { sealedTrailOf } from "./sealed";
import { loadProblem, OPEN_STATUSES, problemInclude, problemToJson, type ProblemJson } from "./read";
import { said } from "@/lib/shared/words/said";

/** The customer's own order, or a 404 (a stranger cannot tell it exists). Cheap: checked before an upload is read. */
/** The stages of a delivery on its way (accepted, not yet delivered). */
const OPEN_DELIVERY = new Set(["accepted", "ready", "out_for_delivery"]);

export async function assertOwnOrder(user: Pick<SessionUser, "id">, orderId: number): Promise<void> {
  const order = await db.order.findFirst({ where: { id: orderId, userId: user.id }, select: { id: true } });
  if (!order) throw notFound(said("messages.orderNotFound"));
}

/**
 * A customer reports a problem with their delivered order. `photo` is already stored (the
 * profile picture's checks); it is removed again if the report is refused. Small claims are
 * approved at once (and refunded in this transaction); the rest wait for the owner, but for a
 * platform-liable reason (late), an order the restaurant's owner placed, or missing lines packed
 * and picked up sealed (sealed.ts): those go straight to Nosh support (escalated), as nobody
 * decides a report on an order they placed.
 * Under the order's lock: a line's quantity is at most what is left of it (ordered minus what
 * earlier reports refunded), and a line is reported for a reason once (`alreadyReported`), so two
 * reports sent at once are one report and one 409.
 */
export async function submitProblem(
  user: Pick<SessionUser, "id">,
  orderId: number,
  input: ProblemReportInput,
  photo: string | null,
  now = new Date(),
): Promise<ProblemJson> {
  try {
    const id = await db.$transaction(async (tx) => {
      const sql = sqlOf(tx);
      if (!(await lockOrder(sql, orderId, user.id))) throw notFound(said("messages.orderNotFound"));
      // The customer's row too: their automatic approvals are counted below, and two claims on two orders at once count in turn.
      await lockCustomer(sql, user.id);
      const order = (await orderForProblems(tx, orderId))!;
      // Before delivery only "never arrived", once the delivery is clearly late: Nosh support decides it.
      const neverArrived = input.reason === "late" && !order.pickup && OPEN_DELIVERY.has(order.stage ?? "") && clearlyLate(order.promisedArrivalBy, now);
      if (order.stage !== "delivered" && !neverArrived) throw conflict(MESSAGES.notDelivered);
      if (input.reason === "late" && order.pickup) throw fieldError("reason", MESSAGES.lateOnPickup);
      if (!neverArrived && now.getTime() - deliveredAt(order).getTime() > REPORT_WINDOW_MS) throw conflict(MESSAGES.tooLate);
      if (await tx.problemReport.count({ where: { orderId, status: { in: [...OPEN_STATUSES] } } })) throw conflict(MESSAGES.openExists);
      const before = await refundedBefore(tx, orderId);
      if (before.fullyRefunded) throw conflict(MESSAGES.nothingLeft);
      const left = (item: { id: number; quantity: number }) => item.quantity - (before.refundedQuantities.get(item.id) ?? 0);

      const lines: { orderItemId: number; quantity: number; reason: string; note: string | null; amountCents: number }[] = [];
      if (input.reason === "late") {
        for (const item of order.items)
          if (left(item) > 0) lines.push({ orderItemId: item.id, quantity: left(item), reason: "late", note: null, amountCents: item.priceCents * left(item) });
        if (!lines.length) throw conflict(MESSAGES.nothingLeft);
      } else {
        input.lines.forEach((line, index) => {
          const item = order.items.find((candidate) => candidate.id === line.orderItemId);
          if (!item) throw fieldError(`lines.${index}.orderItemId`, said("rules.handlers.itemNotInOrder"));
          const most = left(item);
          if (line.quantity > most)
            throw fieldError(`lines.${index}.quantity`, most === 0 ? `${item.name} was already refunded in full` : `At most ${most} of ${item.name} can be reported`);
          lines.push({ orderItemId: item.id, quantity: line.quantity, reason: line.reason, note: line.note || null, amountCents: item.priceCents * line.quantity });
        });
      }
      // A line's reason once per order: the earlier report's decision is appealed, not reported again.
      const earlier = await tx.problemLine.findMany({ where: { problem: { orderId } }, select: { orderItemId: true, reason: true } });
      const seen = new Set(earlier.map((line) => `${line.orderItemId}:${line.reason}`));
      lines.forEach((line, index) => {
        if (!seen.has(`${line.orderItemId}:${line.reason}`)) return;
        const name = order.items.find((item) => item.id === line.orderItemId)!.name;
        const message = alreadyReported(name, line.reason as ProblemLineReason);
        throw conflict(message, input.reason === "late" ? { reason: message } : { [`lines.${index}.orderItemId`]: message });
      });
      const all = new Map(lines.map((line) => [line.orderItemId, line.quantity]));
      const claim = refundOf(order, all, before);
      const requested = claim.refundCents;
      const restaurant = order.restaurantId === null ? null : await tx.restaurant.findUnique({ where: { id: order.restaurantId }, select: { ownerId: true } });
      const ownOrder = restaurant?.ownerId === order.userId;
      // Missing lines the kitchen ticked packed, picked up sealed: Nosh support decides, with the trail (sealed.ts).
      const sealed = input.reason === "late" ? null : await sealedTrailOf(tx, orderId, lines);
      const forSupport = ownOrder || sealed !== null || (input.reason !== undefined && isPlatformLiable(input.reason));
      const report = await tx.problemReport.create({
        data: {
          orderId,
          userId: order.userId,
          restaurantId: order.restaurantId,
          late: input.reason === "late",
          photo,
          requestedCents: requested,
          respondBy: new Date(now.getTime() + OWNER_WINDOW_MS),
          createdAt: now,
          sealedTrail: sealed ? JSON.stringify(sealed) : null,
          ...(forSupport ? { status: "escalated", escalatedAt: now } : {}),
          lines: { create: lines },
        },
        include: problemInclude,
      });
      // At once: a late report only when the stored facts say so (delivered after the window the
      // acceptance promised), any other a small claim of the subtotal; else the owner, or for a
      // late report Nosh support, decides.
      // Not on a disputed card charge: the bank decides the money (ledger/refundable.ts); the owner reads it on the report.
      const room = await lockedRefundRoom(sql, order);
      const automatic =
        !ownOrder &&
        !sealed &&
        requested > 0 &&
        !room.disputed &&
        (input.reason === "late" ? deliveredLate(order) : isSmallClaim(claim, order.subtotalCents, config().supportAutoApproveCents)) &&
        (await tx.problemReport.count({ where: { userId: order.userId, decidedBy: "auto", decidedAt: { gte: new Date(now.getTime() - 30 * DAY_MS) } } })) <
          AUTO_APPROVALS_PER_30_DAYS;
      if (automatic) {
        await applyDecision(tx, report, { decision: "approve_all" }, { kind: "auto" }, [report.status], now);
      } else if (order.restaurantId !== null && !forSupport) {
        await notify(sql, {
          to: { ownerOf: order.restaurantId },
          kind: "owner_problem_reported",
          cause: `problem:${report.id}:reported`,
          payload: { orderId, restaurantId: order.restaurantId, amount: centsToDollars(requested) },
          orderId,
        });
      }
      return report.id;
    });
    return problemToJson((await loadProblem(db, id))!);
  } catch (error) {
    if (photo) await removeProblemPhoto(photo).catch(() => {});
    if (isUniqueViolation(error)) throw conflict(MESSAGES.openExists);
    throw error;
  }
}
