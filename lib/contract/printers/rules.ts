// A restaurant's kitchen printer as its owner or a manager adds it (what a printer sends when it polls,
// described for the reference, is in schemas.ts; docs/architecture/kitchen.md "Printers that print by themselves").
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
