"use client";
import { lazy, Suspense } from "react";
import type { RejectionReason } from "@/lib/shared/orders/order-stages";
import { fill } from "@/lib/shared/words/fill";
import type { BoardOrder, BoardWords } from "./board-types";

// The board's accept, reject and assign dialogs (components/owner/order-board.tsx), each a step
// the board makes with `move`. Their forms load on first opening: the board shows itself without them.
const AcceptDialog = lazy(() => import("./board-dialogs").then((m) => ({ default: m.AcceptDialog })));
const RejectDialog = lazy(() => import("./board-dialogs").then((m) => ({ default: m.RejectDialog })));
const AssignCourierDialog = lazy(() => import("./board-dialogs").then((m) => ({ default: m.AssignCourierDialog })));

export type Dialog = { kind: "accept" | "reject" | "assign"; order: BoardOrder } | null;

/** The open dialog (or none) and the board's step: the order, the body to post, the toast when done, the path (`stage` unless told). */
export function BoardDialogs({
  dialog,
  restaurantId,
  busy,
  error,
  words,
  onClose,
  move,
}: {
  dialog: Dialog;
  restaurantId: number;
  busy: boolean;
  error: string | null;
  words: BoardWords;
  onClose: () => void;
  move: (order: BoardOrder, body: Record<string, unknown>, done: string, path?: string) => Promise<void>;
}) {
  const toast = words.toast;
  return (
    <Suspense fallback={null}>
      <AcceptDialog
        key={dialog?.kind === "accept" ? `a${dialog.order.id}` : "accept"}
        order={dialog?.kind === "accept" ? dialog.order : null}
        busy={busy}
        error={error}
        words={words.dialogs}
        onClose={onClose}
        onAccept={(prepMinutes) =>
          dialog && void move(dialog.order, { stage: "accepted", prepMinutes }, fill(toast.accepted, { id: dialog.order.id, minutes: prepMinutes }))
        }
      />
      <AssignCourierDialog
        key={dialog?.kind === "assign" ? `c${dialog.order.id}` : "assign"}
        restaurantId={restaurantId}
        order={dialog?.kind === "assign" ? dialog.order : null}
        busy={busy}
        error={error}
        words={words.dialogs}
        onClose={onClose}
        onAssign={(courierId) => dialog && void move(dialog.order, { courierId }, fill(toast.assigned, { id: dialog.order.id }), "assign")}
      />
      <RejectDialog
        key={dialog?.kind === "reject" ? `r${dialog.order.id}` : "reject"}
        order={dialog?.kind === "reject" ? dialog.order : null}
        busy={busy}
        error={error}
        words={words.dialogs}
        onClose={onClose}
        onReject={(reason: RejectionReason, note: string, soldOut: number[]) =>
          dialog &&
          void move(
            dialog.order,
            { stage: "rejected", reason, ...(note ? { note } : {}), ...(soldOut.length ? { soldOut } : {}) },
            fill(soldOut.length ? (soldOut.length === 1 ? toast.rejectedOne : toast.rejectedMany) : toast.rejected, { id: dialog.order.id, count: soldOut.length }),
          )
        }
      />
    </Suspense>
  );
}
