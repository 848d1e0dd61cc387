import type { Locale } from "@/lib/i18n/locale";
import type { Messages } from "@/lib/i18n/words";
import { formatDay } from "../time/format-date";
import { centsToDollars, formatCents } from "../money/money";

// The audit log's detail in words: "Commission: the default → 12%", "Suspended
// at: <time>", "Was taking orders: yes", never `from: null, to: 12` or a raw ISO date. An instant
// is left to the page (`at`), which prints it in the operator's zone.

export type AuditPart = { label: string; text: string } | { label: string; at: string };

/**
 * The detail's words in the operator's language (the catalogue's lines.audit, from the page): its
 * known keys' labels and the values' words; a key it lacks reads as English's (its name spaced out).
 * English without (audit-text.test.ts holds the catalogue's English equal to these).
 */
export type AuditWords = Messages["lines"]["audit"];

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** What a `{ from, to }` detail changed, by the action. */
const CHANGED: Record<string, (w: AuditWords | undefined) => { label: string; value: (value: unknown) => string }> = {
  "restaurant.commission": (w) => ({
    label: w?.commission ?? "Commission",
    value: (value) => (value === null || value === undefined ? (w?.theDefault ?? "the default") : `${String(value)}%`),
  }),
};

/** "wasTakingOrders" -> "Was taking orders"; an id -> "Order", with the value as "#12". */
export function keyLabel(key: string): string {
  const spaced = key
    .replace(/Cents$/, "")
    .replace(/Id$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A value in words; another language's amounts and days its own way ("25,00 US$", "1 ene 2020"), English's as they always were. */
function valueText(key: string, value: unknown, w?: AuditWords, locale: Locale = "en"): string {
  if (value === null || value === undefined) return w?.none ?? "none";
  if (typeof value === "boolean") return value ? (w?.yes ?? "yes") : (w?.no ?? "no");
  if (key.endsWith("Cents") && typeof value === "number") return locale === "en" ? `$${centsToDollars(value).toFixed(2)}` : formatCents(value, { locale });
  if (typeof value === "string" && DAY.test(value)) return formatDay(value, locale);
  if (key.endsWith("Id") && typeof value === "number") return `#${value}`;
  if (typeof value === "number" && locale !== "en") return value.toLocaleString(locale, { maximumFractionDigits: 6, useGrouping: false });
  if (typeof value === "object")
    return (
      Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}: ${valueText(k, v, w, locale)}`)
        .join(", ") ||
      (w?.none ?? "none")
    );
  return String(value);
}

/** The entry's detail as labelled parts, in the order written. */
export function auditParts(action: string, detail: Record<string, unknown> | null, w?: AuditWords, locale: Locale = "en"): AuditPart[] {
  if (!detail) return [];
  const parts: AuditPart[] = [];
  const rest = { ...detail };
  if ("from" in rest && "to" in rest) {
    const changed = CHANGED[action]?.(w) ?? { label: w?.status ?? "Status", value: (value: unknown) => valueText("", value, w, locale) };
    parts.push({ label: changed.label, text: `${changed.value(rest.from)} → ${changed.value(rest.to)}` });
    delete rest.from;
    delete rest.to;
  }
  const labels: Record<string, string> | undefined = w?.labels;
  for (const [key, value] of Object.entries(rest)) {
    const label = labels?.[key] ?? keyLabel(key);
    if (typeof value === "string" && ISO_INSTANT.test(value)) parts.push({ label, at: value });
    else parts.push({ label, text: valueText(key, value, w, locale) });
  }
  return parts;
}
