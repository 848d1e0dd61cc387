import "server-only";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";
import type { TextMoment } from "@/lib/shared/people/texts";
import type { NotificationPayload } from "@/lib/shared/people/notification-shapes";
import { describeIn } from "../notifications/words";

// A text's words in its recipient's language (docs/architecture/languages.md "Mail and push"): the
// catalogue's `server.texts` (English and Spanish; French falls back to English). Short, one
// segment where it can be: a link to the order rather than its details.

// translatorFor keeps one translator per language and namespace.
const t = (language: string | null | undefined) => {
  const locale: Locale = isLocale(language) ? language : DEFAULT_LOCALE;
  return { write: translatorFor(locale, "server.texts"), locale };
};

export const codeText = (language: string | null, code: string, minutes: number) => t(language).write("code", { code, minutes });
export const helpText = (language: string | null, link: string) => t(language).write("help", { link });
export const stoppedText = (language: string | null) => t(language).write("stopped");
export const startedText = (language: string | null) => t(language).write("started");
export const ownerWaitingText = (language: string | null, restaurant: string, minutes: number, link: string) =>
  t(language).write("ownerWaiting", { restaurant, minutes, link });

/** An order's moment: its words, with the order's link. A problem says which in the notification's own words. */
export function momentText(language: string | null, moment: TextMoment, kind: string, payload: NotificationPayload, restaurant: string, link: string): string {
  const { write, locale } = t(language);
  if (moment === "on_the_way") return write("onTheWay", { restaurant, link });
  if (moment === "arriving") return write("arriving", { restaurant, link });
  if (moment === "at_door") return write("atDoor", { restaurant, link });
  return write("problem", { what: describeIn(locale, kind, payload).title, link });
}

/** A relay's words (docs/architecture/text-messages.md "Masked calls"): "not in service", or a text forwarded from one side, marked with who sent it. */
export function relayText(language: string | null, what: "closed" | "customer" | "courier", body = ""): string {
  const { write } = t(language);
  return what === "closed" ? write("relayClosed") : write(what === "customer" ? "relayFromCustomer" : "relayFromCourier", { body });
}
