import "server-only";
import { formatGiftCode } from "@/lib/shared/money/gift-cards";
import { centsOfAmount, formatCents } from "@/lib/shared/money/money";
import type { NotificationPayload } from "@/lib/shared/people/notification-shapes";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";
import { openGiftCode } from "../gift-cards/codes";
import { SkipNotification } from "../notifications/worker";

// A gift card's mail to its recipient (docs/architecture/ledger.md "Gift cards"): who sent it and
// how much, their message, the code (opened from its sealed copy: only this mail ever shows it) and
// the link that redeems it. Built by message.ts when the worker sends the row.

export function giftCardMail(
  payload: NotificationPayload,
  buyerName: string,
  lang: Locale,
  origin: string,
): { paragraphs: string[]; action: { href: string; label: string } } {
  const code = openGiftCode(payload.sealedToken);
  if (!code) throw new SkipNotification("The gift card's code could not be opened");
  const w = translatorFor(lang, "server.mail");
  const currency = payload.currency ?? "USD";
  const amount = formatCents(centsOfAmount(payload.amount ?? 0, currency), { locale: lang, currency });
  const shown = formatGiftCode(code);
  const paragraphs = [w("giftFrom", { name: buyerName, amount })];
  if (payload.note) paragraphs.push(w("giftMessage", { message: payload.note }));
  paragraphs.push(w("giftCode", { code: shown }), w("giftHow"));
  return { paragraphs, action: { href: `${origin}/gift-cards/redeem?code=${shown}`, label: w("redeemGift") } };
}
