import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import type { TextSettingsInput } from "@/lib/contract/texts/rules";
import { DEFAULT_MOMENTS, bitsOf, clockOfMinutes, minutesOfClock, momentsOf, type TextMoment } from "@/lib/shared/people/texts";
import { said, word } from "@/lib/shared/words/said";
import { insertTextOutbox } from "../notifications/queries";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { ApiError, conflict, fieldError, forbidden, notFound } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { sqlOf } from "../platform/sql";

// A person's numbers for text messages (docs/architecture/text-messages.md "Opting in"): added
// unconfirmed, a code texted to it through the outbox (the sender makes the code when it sends,
// send.ts: only its hash is kept), confirmed by entering it; then its moments and quiet hours.
// Every function takes the acting user: another person's number is a 404 like a missing one.

const MAX_TEXT_NUMBERS = 3;
/** Codes one number may be sent before it is removed and added again; wrong codes before the code is void. */
const MAX_CODES = 5;
const MAX_CODE_TRIES = 5;
export const CODE_MINUTES = 10;

export type TextNumberJson = {
  id: number;
  phone: string;
  confirmed: boolean;
  moments: TextMoment[];
  quietHours: { start: string; end: string } | null;
  timeZone: string;
};

type Row = { id: number; phone: string; confirmedAt: Date | null; moments: number; quietStart: number | null; quietEnd: number | null; timeZone: string };

const toJson = (row: Row): TextNumberJson => ({
  id: row.id,
  phone: row.phone,
  confirmed: row.confirmedAt !== null,
  moments: momentsOf(row.moments),
  quietHours: row.quietStart !== null && row.quietEnd !== null ? { start: clockOfMinutes(row.quietStart), end: clockOfMinutes(row.quietEnd) } : null,
  timeZone: row.timeZone,
});

export const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

const missing = () => notFound(said("messages.notFound", { what: word("textNumber") }));
/** Whether texts can be sent at all (TEXTS set, or the built-in provider outside production). */
const textsAvailable = () => config().texts.provider !== "none";

function mayText(user: SessionUser) {
  if (user.guestAccount) throw forbidden(said("rules.texts.guest"));
  if (!textsAvailable()) throw conflict(said("rules.texts.unavailable"));
}

async function mine(user: SessionUser, id: number) {
  const row = await db.textNumber.findFirst({ where: { id, userId: user.id } });
  if (!row) throw missing();
  return row;
}

/** The caller's numbers, oldest first, and whether texts are on at all. */
export async function textNumbersOf(user: SessionUser): Promise<{ available: boolean; numbers: TextNumberJson[] }> {
  if (user.guestAccount) throw forbidden(said("rules.texts.guest"));
  const rows = await db.textNumber.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
  return { available: textsAvailable(), numbers: rows.map(toJson) };
}

/**
 * Adds a number (E.164, already checked) and texts it a code; adding one the caller has and has not
 * confirmed sends a new code (MAX_CODES in all). A number that answered STOP gets nothing until it
 * answers START: a 409 under `phone` says so.
 */
export async function addTextNumber(user: SessionUser, input: { phone: string; timeZone?: string }, now = new Date()): Promise<TextNumberJson> {
  mayText(user);
  if (await db.textOptOut.findUnique({ where: { phone: input.phone } })) throw conflict(said("rules.texts.stopped"), { phone: said("rules.texts.stopped") });
  return db.$transaction(async (tx) => {
    const existing = await tx.textNumber.findUnique({ where: { userId_phone: { userId: user.id, phone: input.phone } } });
    if (existing?.confirmedAt) throw conflict(said("rules.texts.already"), { phone: said("rules.texts.already") });
    if (existing && existing.codesSent >= MAX_CODES)
      throw new ApiError("too_many_requests", said("rules.texts.tooManyCodes"), { phone: said("rules.texts.tooManyCodes") });
    if (!existing && (await tx.textNumber.count({ where: { userId: user.id } })) >= MAX_TEXT_NUMBERS)
      throw fieldError("phone", said("rules.texts.tooManyNumbers", { max: MAX_TEXT_NUMBERS }));
    const row = existing
      ? await tx.textNumber.update({ where: { id: existing.id }, data: { codesSent: { increment: 1 } } })
      : await tx.textNumber.create({
          data: { userId: user.id, phone: input.phone, moments: DEFAULT_MOMENTS, codesSent: 1, timeZone: input.timeZone ?? "America/Los_Angeles", createdAt: now },
        });
    await insertTextOutbox(sqlOf(tx), [{ userId: user.id, kind: "text_code", cause: `text-code:${row.id}:${row.codesSent}`, payload: { numberId: row.id } }], now);
    return toJson(row);
  });
}

/** Confirms the caller's number with the code texted to it: a wrong, void or expired code is a 400 under `code` (five wrong ones void it). */
export async function confirmTextNumber(user: SessionUser, id: number, code: string, now = new Date()): Promise<TextNumberJson> {
  const row = await mine(user, id);
  if (row.confirmedAt) return toJson(row);
  const wrong = () => fieldError("code", said("rules.texts.code"));
  if (!row.codeHash || !row.codeExpiresAt || row.codeExpiresAt <= now || row.codeAttempts >= MAX_CODE_TRIES) throw fieldError("code", said("rules.texts.codeExpired"));
  const given = Buffer.from(hashCode(code), "hex");
  if (!timingSafeEqual(given, Buffer.from(row.codeHash, "hex"))) {
    await db.textNumber.updateMany({ where: { id, codeHash: row.codeHash }, data: { codeAttempts: { increment: 1 } } });
    throw wrong();
  }
  // Conditional: of two confirmations with the same code one confirms, the other reads it confirmed.
  await db.textNumber.updateMany({
    where: { id, codeHash: row.codeHash },
    data: { confirmedAt: now, codeHash: null, codeExpiresAt: null, codeAttempts: 0, codesSent: 0 },
  });
  return toJson(await mine(user, id));
}

/** The caller's number's moments and quiet hours (a confirmed or unconfirmed one alike). */
export async function updateTextNumber(user: SessionUser, id: number, input: TextSettingsInput): Promise<TextNumberJson> {
  await mine(user, id);
  const quiet = input.quietHours && { quietStart: minutesOfClock(input.quietHours.start)!, quietEnd: minutesOfClock(input.quietHours.end)! };
  const row = await db.textNumber.update({ where: { id }, data: { moments: bitsOf(input.moments), ...(quiet ?? { quietStart: null, quietEnd: null }) } });
  return toJson(row);
}

/** Removes the caller's number: nothing more is texted to it for them (a text already being sent may still arrive). */
export async function removeTextNumber(user: SessionUser, id: number): Promise<void> {
  const { count } = await db.textNumber.deleteMany({ where: { id, userId: user.id } });
  if (!count) throw missing();
}
