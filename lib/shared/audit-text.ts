import { centsToDollars } from "./money";

// The audit log's detail in words: "Commission: the default → 12%", "Suspended
// at: <time>", "Was taking orders: yes", never `from: null, to: 12` or a raw ISO date. An instant
// is left to the page (`at`), which prints it in the operator's zone.

export type AuditPart = { label: string; text: string } | { label: string; at: string };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** What a `{ from, to }` detail changed, by the action. */
const CHANGED: Record<string, { label: string; value: (value: unknown) => string }> = {
  "restaurant.commission": { label: "Commission", value: (value) => (value === null || value === undefined ? "the default" : `${String(value)}%`) },
};

/** "wasTakingOrders" -> "Was taking orders"; an id -> "Order", with the value as "#12". */
function words(key: string): string {
  const spaced = key
    .replace(/Cents$/, "")
    .replace(/Id$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (key.endsWith("Cents") && typeof value === "number") return `$${centsToDollars(value).toFixed(2)}`;
  if (key.endsWith("Id") && typeof value === "number") return `#${value}`;
  if (typeof value === "object")
    return (
      Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}: ${valueText(k, v)}`)
        .join(", ") || "none"
    );
  return String(value);
}

/** The entry's detail as labelled parts, in the order written. */
export function auditParts(action: string, detail: Record<string, unknown> | null): AuditPart[] {
  if (!detail) return [];
  const parts: AuditPart[] = [];
  const rest = { ...detail };
  if ("from" in rest && "to" in rest) {
    const changed = CHANGED[action] ?? { label: "Status", value: (value: unknown) => valueText("", value) };
    parts.push({ label: changed.label, text: `${changed.value(rest.from)} → ${changed.value(rest.to)}` });
    delete rest.from;
    delete rest.to;
  }
  for (const [key, value] of Object.entries(rest)) {
    if (typeof value === "string" && ISO_INSTANT.test(value)) parts.push({ label: words(key), at: value });
    else parts.push({ label: words(key), text: valueText(key, value) });
  }
  return parts;
}
