import { z } from "zod";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { TEXT_MOMENTS, minutesOfClock } from "@/lib/shared/people/texts";
import { said } from "@/lib/shared/words/said";

// The account's text message numbers (docs/architecture/text-messages.md): a number checked by
// libphonenumber-js against Google's metadata (a national US number, or any country's with its +
// code) and kept in E.164; its code; its moments and quiet hours. The handlers' only: the form
// shows the server's field messages, so the metadata never reaches a browser.

/** A phone number as typed, in E.164 (+14155550123), or null when it is no valid number. */
export function e164Of(typed: string): string | null {
  const parsed = parsePhoneNumberFromString(typed.trim(), { defaultCountry: "US" });
  return parsed?.isValid() ? parsed.number : null;
}

const validZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const addTextNumberSchema = z.object({
  phone: z
    .string(said("rules.texts.phone"))
    .max(40, said("rules.texts.phone"))
    .transform((typed, context) => {
      const e164 = e164Of(typed);
      if (!e164) context.addIssue({ code: "custom", message: said("rules.texts.phone") });
      return e164 ?? "";
    }),
  timeZone: z.string().max(64).refine(validZone, said("rules.texts.timeZone")).optional(),
});

export const confirmTextNumberSchema = z.object({
  code: z
    .string(said("rules.texts.code"))
    .regex(/^\s*\d{6}\s*$/, said("rules.texts.code"))
    .transform((code) => code.trim()),
});

const clock = z.string(said("rules.texts.quietHours")).refine((time) => minutesOfClock(time) !== null, said("rules.texts.quietHours"));

export const textSettingsSchema = z.object({
  moments: z.array(z.enum(TEXT_MOMENTS, said("rules.texts.moments"))).max(TEXT_MOMENTS.length),
  quietHours: z
    .object({ start: clock, end: clock })
    .nullable()
    .refine((quiet) => quiet === null || quiet.start !== quiet.end, said("rules.texts.quietHours")),
});
export type TextSettingsInput = z.infer<typeof textSettingsSchema>;
