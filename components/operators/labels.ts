// The console's one map from stored values to words: an order's stage, a job's state, a
// timeline's event, a ledger entry's kind, a card payment's state. Never a raw value on a page
// ("out_for_delivery"); something not listed reads as its words ("Some new thing"). The words are
// the catalogue's (order.label and order.timeline, admin.labels), in the request's language:
// consoleLabels() (./console-labels.ts) on the server.

const words = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replaceAll("_", " ").replaceAll("-", " ");

/** The words the labels below read: a stage, a timeline step, and the console's own (admin.labels). */
export type ConsoleLabels = {
  stages: Record<string, string>;
  timeline: Record<string, string>;
  atCheckout: string;
  jobStates: Record<string, string>;
  events: Record<string, string>;
  entries: Record<string, string>;
  payments: Record<string, string>;
};

/** "Out for delivery"; no stage yet is "At checkout". */
export const stageLabel = (stage: string | null | undefined, labels: ConsoleLabels): string =>
  stage == null ? labels.atCheckout : (labels.stages[stage] ?? words(stage));

export const jobStateLabel = (state: string, labels: ConsoleLabels): string => labels.jobStates[state] ?? words(state);

/** A step of an order's timeline: a stage in the customer's words, or a delivery event. */
export const eventLabel = (event: string, labels: ConsoleLabels): string => labels.timeline[event] ?? labels.events[event] ?? words(event);

// A wallet row's kind: lib/shared/money/wallet-kinds.ts (walletRowDescription), shared with the customer's wallet page.
export const entryLabel = (kind: string, labels: ConsoleLabels): string => labels.entries[kind] ?? words(kind);

export const paymentStateLabel = (state: string, labels: ConsoleLabels): string => labels.payments[state] ?? words(state);
