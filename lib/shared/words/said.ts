import type server from "@/lib/i18n/areas/server.en.json";
import type lines from "@/lib/i18n/areas/lines.en.json";
import type { ChoiceRuleWords } from "../menu/options";

// An error message as the catalogue's key and its values (docs/architecture/languages.md): the
// server and the request rules (lib/contract) say `said("messages.orderNotFound")` or
// `said("rules.common.atMost", { field: "note", count: 50 })`, and the one place an error
// becomes words (platform/errors.ts for the API, a form's `words` in the browser) writes it in
// the reader's language, English included. A string, so a zod schema carries it as its message.
// A key is the catalogue's `server.errors`, or a line lib/shared writes for the pages too
// (`lines.kitchen.pausedMessage`); a time among the values is `saidTime()`, written in the
// reader's language and the given zone where the message becomes words. A dish's choice rule
// (`dish.choices.rules.exactly`) is said too, as the value of the line's message.

type Leaves<T, P extends string = ""> = { [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`> }[keyof T & string];
/** A key of the catalogue's `server.errors`, of its `lines` (`lines.slots.todayAt`), or a choice rule (`dish.choices.rules.exactly`). */
export type ErrorKey = Leaves<(typeof server)["errors"]> | `lines.${Leaves<typeof lines>}` | `dish.choices.rules.${keyof ChoiceRuleWords}`;
/** A value: text or a number (as written: 1000, not 1,000), or another said (a field's word: `said("words.cuisine")`). */
export type SaidValues = Record<string, string | number>;
export type Said = { key: ErrorKey; values?: Record<string, string> };

const MARK = "\u2060";
/** A time value's mark: two marks, then its JSON. */
const TIME = MARK + MARK;

/** A time among a said message's values: the instant, its zone, and how it is written (lib/shared/time/format-date.ts's formats). */
export type SaidTime = { at: string; zone: string; style: "time" | "shortDateTime" | "weekdayTime" };

/** `at` as a said message's value, written in the reader's language in `zone` ("7:40 PM", "19:40"). */
export const saidTime = (at: Date | string, zone: string, style: SaidTime["style"] = "time"): string =>
  TIME + JSON.stringify({ at: new Date(at).toISOString(), zone, style } satisfies SaidTime);

/** The message `key` with its values, as a string an error or a schema carries. */
export function said(key: ErrorKey, values?: SaidValues): string {
  if (!values) return MARK + key;
  return MARK + key + MARK + JSON.stringify(Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)])));
}

/** A field's word (`server.errors.words`), as a value of another message. */
export const word = (name: keyof (typeof server)["errors"]["words"]) => said(`words.${name}`);

/** The key and values a said string carries; null for any other text. */
export function readSaid(text: string): Said | null {
  if (!text.startsWith(MARK) || text.startsWith(TIME)) return null;
  const at = text.indexOf(MARK, 1);
  if (at < 0) return { key: text.slice(1) as ErrorKey };
  return { key: text.slice(1, at) as ErrorKey, values: JSON.parse(text.slice(at + 1)) as Record<string, string> };
}

/**
 * A said string written with `write` (a translator of `server.errors`), a value that is itself said
 * written too, a time value with `time`; other text as it is.
 */
export function writeSaid(text: string, write: (key: string, values?: Record<string, string>) => string, time: (value: SaidTime) => string): string {
  if (text.startsWith(TIME)) return time(JSON.parse(text.slice(TIME.length)) as SaidTime);
  const found = readSaid(text);
  if (!found) return text;
  const values = found.values && Object.fromEntries(Object.entries(found.values).map(([name, value]) => [name, writeSaid(value, write, time)]));
  return write(found.key, values);
}
