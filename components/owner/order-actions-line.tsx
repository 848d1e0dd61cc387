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

/** `say` words a step in the reader's language (the kitchen ticket's catalogue); the board's card is English. */
export function OrderActionsLine({
  actions,
  className,
  say = (action, name, role) => `${WORDS[action] ?? action} by ${name} (${role})`,
}: {
  actions: IncomingOrderJson["actions"];
  className?: string;
  say?: (action: string, name: string, role: string) => string;
}) {
  if (!actions?.length) return null;
  return (
    <p className={className}>
      {actions.map((a, i) => (
        <span key={`${a.at}-${i}`}>
          {i > 0 && <span aria-hidden="true"> · </span>}
          {say(a.action, a.firstName, a.roleLabel)}
        </span>
      ))}
    </p>
  );
}
