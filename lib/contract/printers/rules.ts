// A restaurant's kitchen printer as its owner or a manager adds it, and what a printer sends when it
// polls by Star CloudPRNT (docs/architecture/kitchen.md "Printers that print by themselves").
import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locale";
import { PRINTER_NAME_MAX, PRINTS, STALE_MINUTES } from "@/lib/shared/kitchen/printers";
import { requiredText } from "../common/field-rules";
import { said, word } from "@/lib/shared/words/said";

/** POST /api/manage/{id}/printers. */
export const printerInputSchema = z.object({
  name: requiredText(word("name"), said("messages.nameRequired"))
    .min(1, said("messages.nameRequired"))
    .max(PRINTER_NAME_MAX, said("messages.atMost", { count: PRINTER_NAME_MAX })),
  prints: z.enum(PRINTS, { error: said("rules.printers.prints") }),
  protocol: z.literal("cloudprnt", { error: said("rules.printers.protocol") }).default("cloudprnt"),
  language: z.enum(LOCALES, { error: said("rules.printers.language") }).default("en"),
  staleMinutes: z
    .number({ error: said("rules.printers.staleMinutes", STALE_MINUTES) })
    .int(said("rules.printers.staleMinutes", STALE_MINUTES))
    .min(STALE_MINUTES.min, said("rules.printers.staleMinutes", STALE_MINUTES))
    .max(STALE_MINUTES.max, said("rules.printers.staleMinutes", STALE_MINUTES))
    .default(STALE_MINUTES.default),
});
export type PrinterInput = z.infer<typeof printerInputSchema>;

/** A CloudPRNT poll's JSON (POST): the printer's status; the rest of what a printer sends is kept out. */
export const cloudPrntPollSchema = z.object({
  statusCode: z.string().max(200).optional().meta({ description: "The printer's status code, URL-encoded: `200%20OK`, `410%20Out%20of%20paper`" }),
  printerMAC: z.string().max(40).optional(),
  status: z.string().max(200).optional().meta({ description: "The printer's ASB status bytes in hex" }),
  printingInProgress: z.boolean().optional(),
  jobToken: z.string().max(40).optional(),
});

const token = z
  .string()
  .regex(/^\d{1,12}$/, said("rules.printers.token"))
  .meta({ description: "The job token from the poll's answer (older firmware sends none: the oldest waiting job)" });

/** GET: the job in a media type the poll offered. */
export const cloudPrntJobQuery = z.object({
  token: token.optional(),
  type: z.string().max(80).optional().meta({ description: "The media type asked for (`application/vnd.star.starprnt` or `text/plain`)" }),
  mac: z.string().max(40).optional(),
  uid: z.string().max(80).optional(),
});

/** DELETE: the printer's confirmation, `code` 2xx or `OK` when printed, else why not. */
export const cloudPrntConfirmQuery = z.object({
  token: token.optional(),
  code: z.string().min(1).max(200).meta({ description: "`OK` or `200 OK`: printed; another status code: not printed (the job failed)" }),
  mac: z.string().max(40).optional(),
  uid: z.string().max(80).optional(),
});
