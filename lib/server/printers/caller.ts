import "server-only";
import { PRINTER_REQUESTS_PER_MINUTE } from "@/lib/shared/kitchen/printers";
import { db } from "../platform/db";
import { unauthorized } from "../platform/errors";
import { takeMinuteSlot } from "../platform/action-limits";
import { hashApiKey } from "../api-keys/keys";
import { said } from "@/lib/shared/words/said";

// A kitchen printer calling Nosh (Star CloudPRNT, docs/architecture/kitchen.md "Printers that print
// by themselves"): handle() (web/handle.ts) asks here, for the `printer` access kind only, instead of
// reading the session. HTTP Basic: the printer's login and its password, looked up by the password's
// SHA-256 as an API key is (a removed printer's row is gone: its next poll is a 401). The printer
// reaches its own jobs and nothing else.

/** What handle() hands a printer's handler. */
export type PrinterCaller = { id: number; restaurantId: number; staleMinutes: number; language: string };

/** The login and password of `Authorization: Basic ...`, or null. */
function basicCredentialsOf(request: { headers: Headers }): { login: string; password: string } | null {
  const match = /^Basic[ \t]+([A-Za-z0-9+/=]+)[ \t]*$/i.exec(request.headers.get("authorization") ?? "");
  if (!match) return null;
  const text = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = text.indexOf(":");
  return colon < 1 ? null : { login: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** The printer a request's credentials name, or the 401 (none, unknown, removed); past its allowance a 429. */
export async function admitPrinter(request: { headers: Headers }, now = new Date()): Promise<{ printer: PrinterCaller }> {
  const credentials = basicCredentialsOf(request);
  if (!credentials || credentials.password.length > 200) throw unauthorized(said("messages.printerCredentials"));
  const row = await db.printer.findUnique({
    where: { secretHash: hashApiKey(credentials.password) },
    select: { id: true, restaurantId: true, login: true, staleMinutes: true, language: true },
  });
  if (!row || row.login !== credentials.login) throw unauthorized(said("messages.printerCredentials"));
  await takeMinuteSlot(`printer:${row.id}`, PRINTER_REQUESTS_PER_MINUTE, said("messages.printerTooMany"), now);
  return { printer: { id: row.id, restaurantId: row.restaurantId, staleMinutes: row.staleMinutes, language: row.language } };
}
