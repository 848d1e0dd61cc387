import "server-only";
import { e164Of } from "@/lib/contract/texts/rules";
import { formatDateTime } from "@/lib/shared/time/format-date";
import type { Locale } from "@/lib/i18n/locale";
import { config } from "../platform/config";
import { db } from "../platform/db";

// The built-in provider's phone (docs/architecture/text-messages.md "The built-in provider"):
// the texts it took and the replies it was sent, newest first, for one number or all. Open only
// where the built-in provider is the one in use (never production without a staging flag).

export const devPhoneOpen = () => config().texts.provider === "builtin";

type DevText = { id: number; direction: string; phone: string; body: string; status: string; at: string };

export async function devTexts(typed: string | null, locale: Locale): Promise<DevText[]> {
  const phone = typed ? (e164Of(typed) ?? typed) : null;
  const rows = await db.textMessage.findMany({ where: { provider: "builtin", ...(phone ? { phone } : {}) }, orderBy: { id: "desc" }, take: 100 });
  return rows.map((row) => ({
    id: row.id,
    direction: row.direction,
    phone: row.phone,
    body: row.body ?? "",
    status: row.status,
    at: formatDateTime(row.createdAt, undefined, locale),
  }));
}
