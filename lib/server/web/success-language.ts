import "server-only";
import type { Locale } from "@/lib/i18n/locale";
import { errorTextIn } from "../platform/errors";
import { readSaid } from "@/lib/shared/words/said";

// A successful answer's words in the request's language: a handler answers a human text as the
// catalogue's key and its values (`said("done.menuItemDeleted")`, a thread's `closedReason`), and
// handle() (./handle.ts) passes every JSON answer through answerIn, which writes each such
// top-level text from the catalogue (server.errors) in the request's language, English from the
// English catalogue like every other. Any other value (an order chat's message object, data) is
// left alone.

/** A handler's JSON answer with its said texts in `locale`; the same object when it has none. */
export function answerIn<A>(locale: Locale, answer: A): A {
  if (!answer || typeof answer !== "object" || Array.isArray(answer)) return answer;
  let written: Record<string, unknown> | null = null;
  for (const [name, value] of Object.entries(answer)) {
    if (typeof value !== "string" || !readSaid(value)) continue;
    (written ??= { ...(answer as Record<string, unknown>) })[name] = errorTextIn(locale, value);
  }
  return (written ?? answer) as A;
}
