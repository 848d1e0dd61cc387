// Kitchen printers that print by themselves (docs/architecture/kitchen.md "Printers"): what a
// printer prints, how long a job may wait, when a printer counts as silent, and what its
// CloudPRNT status code says. Shared by the contract, the server and the screens (no server code).

export const PRINTS = ["kitchen", "receipt", "both"] as const;
export type Prints = (typeof PRINTS)[number];
export type PrintJobKind = "kitchen" | "receipt";
export const PRINT_JOB_STATES = ["queued", "printing", "printed", "stale", "failed"] as const;
export type PrintJobState = (typeof PRINT_JOB_STATES)[number];

export const PRINTER_NAME_MAX = 60;
/** Printers a restaurant may hold at once. */
export const MAX_PRINTERS = 10;
/** A job still queued this many minutes after it was made is stale (not printed): the owner's choice, 5 minutes to a day. */
export const STALE_MINUTES = { min: 5, max: 1440, default: 120 } as const;
/** A printer polls every few seconds (CloudPRNT's default is 5-10): unheard this long (the server's PRINTER_SILENT_SECONDS), it is silent. */
export const PRINTER_SILENT_MS = 30_000;
/** Polls a printer may make a minute (a poll every 5 s, its GETs and DELETEs, and room for retries). */
export const PRINTER_REQUESTS_PER_MINUTE = 240;
/** The media types Nosh serves a job in (receiptline renders both): the printer picks one. */
export const PRINT_MEDIA_TYPES = ["application/vnd.star.starprnt", "text/plain"] as const;
export type PrintMediaType = (typeof PRINT_MEDIA_TYPES)[number];

/** What a printer's CloudPRNT status code says ("200 OK", "410 Out of paper": docs' printer status codes). */
type PrinterCondition = "online" | "paperLow" | "outOfPaper" | "coverOpen" | "error" | "silent" | "never";

/** A printer's condition now: never heard, silent (unheard past `silentMs`), or what its last status code says. */
export function printerCondition(printer: { lastSeenAt: string | null; statusCode: string | null }, now: number, silentMs = PRINTER_SILENT_MS): PrinterCondition {
  if (!printer.lastSeenAt) return "never";
  if (now - Date.parse(printer.lastSeenAt) > silentMs) return "silent";
  const code = decodeURIComponent(printer.statusCode ?? "200")
    .trim()
    .slice(0, 3);
  if (code.startsWith("21")) return "paperLow";
  if (code.startsWith("2")) return "online";
  if (code.startsWith("41")) return "outOfPaper";
  if (code.startsWith("42")) return "coverOpen";
  return "error";
}

/** The board's alarm: a printer that cannot print (silent, never heard, or in error) while its jobs wait. */
export const printerAlarm = (condition: PrinterCondition, waiting: number) => waiting > 0 && !["online", "paperLow"].includes(condition);
