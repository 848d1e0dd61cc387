import { z } from "zod";
import { PRINTS, PRINT_JOB_STATES } from "@/lib/shared/kitchen/printers";
import { id, instant, stored } from "../common/schemas";

// A restaurant's kitchen printers as the settings page and the board read them: never the printer's
// secret, except once in the answer that adds it.

const printerSchema = z.object({
  id,
  name: z.string(),
  prints: stored(PRINTS),
  protocol: z.string().meta({ description: "`cloudprnt` (Star CloudPRNT)" }),
  language: z.string().meta({ description: "The tickets' language" }),
  staleMinutes: z.number().int().meta({ description: "A job not printed this long after it was queued is stale, not printed" }),
  login: z.string().meta({ description: "The printer's HTTP Basic user name" }),
  lastSeenAt: instant.nullable().meta({ description: "The printer's last poll; null: never" }),
  statusCode: z.string().nullable().meta({ description: "Its last CloudPRNT status code (`200 OK`, `410 Out of paper`)" }),
  waiting: z.number().int().meta({ description: "Its jobs queued or printing, not yet confirmed" }),
  oldestWaitingAt: instant.nullable(),
});

/** A recent kitchen ticket of the restaurant's, the board's Reprint beside it. */
const recentTicketSchema = z.object({ orderId: id, state: stored(PRINT_JOB_STATES), printer: z.string(), at: instant });
export const printerListSchema = z.object({
  printers: z.array(printerSchema),
  recent: z.array(recentTicketSchema).meta({ description: "The last orders whose kitchen ticket was queued, newest first (at most 6)" }),
});
export const createdPrinterSchema = z.object({
  printer: printerSchema,
  url: z.string().meta({ description: "The CloudPRNT server URL to set on the printer" }),
  password: z.string().meta({ description: "The printer's HTTP Basic password: shown this once, only its SHA-256 is kept" }),
});
export const printJobsQueuedSchema = z.object({ message: z.string(), queued: z.number().int() });
export const cloudPrntPollAnswerSchema = z.object({
  jobReady: z.boolean(),
  mediaTypes: z.array(z.string()).optional(),
  jobToken: z.string().optional(),
  deleteMethod: z.literal("DELETE").optional(),
});
export const printJobStateSchema = z.object({ message: z.string(), state: stored(PRINT_JOB_STATES) });

export type PrinterJson = z.infer<typeof printerSchema>;
export type PrinterListJson = z.infer<typeof printerListSchema>;
export type CreatedPrinterJson = z.infer<typeof createdPrinterSchema>;
