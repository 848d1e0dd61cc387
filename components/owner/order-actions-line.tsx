import type { IncomingOrderJson } from "@/lib/contract/order-schemas";

// Who took the restaurant's steps on an order (docs/architecture/team.md): "Accepted by Ana
// (Staff) · More time by Sam (Manager)", on the board's card and the kitchen ticket.

const WORDS: Record<string, string> = {
  accepted: "Accepted",
  rejected: "Rejected",
  ready: "Ready",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  completed: "Completed",
  prep: "More time",
  courier_assigned: "Courier assigned",
  line_unavailable: "Dish marked unavailable",
  phone_order: "Phone order taken",
};

export function OrderActionsLine({ actions, className }: { actions: IncomingOrderJson["actions"]; className?: string }) {
  if (!actions?.length) return null;
  return (
    <p className={className}>
      {actions.map((a, i) => (
        <span key={`${a.at}-${i}`}>
          {i > 0 && <span aria-hidden="true"> · </span>}
          {WORDS[a.action] ?? a.action} by {a.firstName} ({a.roleLabel})
        </span>
      ))}
    </p>
  );
}
