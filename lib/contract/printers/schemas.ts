import { z } from "zod";
import { PRINTS, PRINT_JOB_STATES } from "@/lib/shared/kitchen/printers";
import { said } from "@/lib/shared/words/said";
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

// What a printer sends when it polls by Star CloudPRNT (its fields described for the reference).

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
