import type { IncomingOrderJson } from "@/lib/contract/orders/schemas";

// Who took the restaurant's steps on an order (docs/architecture/team.md): "Accepted by Ana
// (Staff) · More time by Sam (Manager)", on the board's card and the kitchen ticket.

type Role = NonNullable<IncomingOrderJson["actions"]>[number]["role"];

/** `say` words a step in the reader's language (the board card's and the kitchen ticket's catalogue), the role given as its code. */
export function OrderActionsLine({
  actions,
  className,
  say,
}: {
  actions: IncomingOrderJson["actions"];
  className?: string;
  say: (action: string, name: string, role: Role) => string;
}) {
  if (!actions?.length) return null;
  return (
    <p className={className}>
      {actions.map((a, i) => (
        <span key={`${a.at}-${i}`}>
          {i > 0 && <span aria-hidden="true"> · </span>}
          {say(a.action, a.firstName, a.role)}
        </span>
      ))}
    </p>
  );
}
