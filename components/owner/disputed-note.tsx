import { DISPUTED, ownerDisputeMessage, type DisputeStatus } from "@/lib/shared/money/disputes";

/** An order whose card charge the cardholder disputed (a chargeback): "Disputed", and what it does to the restaurant's earnings. */
export function DisputedNote({ status, className }: { status: DisputeStatus; className?: string }) {
  return (
    <p className={className} data-disputed={status}>
      <strong>{DISPUTED}</strong>: {ownerDisputeMessage(status)}
    </p>
  );
}
