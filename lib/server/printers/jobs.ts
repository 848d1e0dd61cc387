import "server-only";
import { PRINT_MEDIA_TYPES, type PrintJobKind, type PrintJobState, type PrintMediaType } from "@/lib/shared/kitchen/printers";
import { db } from "../platform/db";
import { ApiError, notFound } from "../platform/errors";
import { plainSql, sqlTransaction } from "../platform/sql";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { incomingOrderInclude } from "../orders/include";
import { incomingOrderToJson } from "../orders/to-json";
import { queueAccepted, queueReprint } from "./queries";
import type { PrinterCaller } from "./caller";
import { renderTicket, ticketDocument } from "./ticket";
import { said, word } from "@/lib/shared/words/said";

// A printer's jobs by Star CloudPRNT (docs/architecture/kitchen.md "Printers that print by
// themselves"). The printer's poll (POST) queues the orders accepted since the last one (from their
// `accepted` events: nothing more on the accept's path), records its status, marks stale what
// waited past its staleMinutes and names its oldest waiting job by token (the job's id); its GET takes the job (queued -> printing,
// a second GET the same document again); its DELETE confirms it (printing -> printed, or failed
// for an error code) by a conditional move, so a job is printed once however often the printer
// polls, fetches or confirms. A printer off for an hour finds its jobs waiting, oldest first.

const WAITING: PrintJobState[] = ["queued", "printing"];

type PollAnswer = { jobReady: boolean; mediaTypes?: string[]; jobToken?: string; deleteMethod?: "DELETE" };

/** How long an accept's transaction may still be committing: its event is read again until then. */
const SETTLE_MS = 60_000;

/**
 * A poll: the orders accepted since the last one queued (queries.ts queueAccepted), the printer seen
 * now with its status code, its stale jobs marked, and its oldest waiting job offered.
 */
export async function pollPrinter(printer: PrinterCaller, statusCode: string | undefined, now = new Date()): Promise<PollAnswer> {
  const staleBefore = new Date(now.getTime() - printer.staleMinutes * 60_000);
  await sqlTransaction((sql) =>
    queueAccepted(sql, printer.id, { now, staleBefore, settledBefore: new Date(now.getTime() - SETTLE_MS) }, statusCode ? decodeStatus(statusCode) : null),
  );
  const next = await oldestWaiting(printer.id);
  return next ? { jobReady: true, mediaTypes: [...PRINT_MEDIA_TYPES], jobToken: String(next.id), deleteMethod: "DELETE" } : { jobReady: false };
}

/** "200%20OK" as "200 OK" (a status code arrives URL-encoded), at most 80 characters. */
const decodeStatus = (code: string) => {
  try {
    return decodeURIComponent(code).slice(0, 80);
  } catch {
    return code.slice(0, 80);
  }
};

/** The printer's oldest waiting job: by when its order was accepted (a reprint: when asked), then as made. */
const oldestWaiting = (printerId: number) =>
  db.printJob.findFirst({ where: { printerId, state: { in: WAITING } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } });

/** The printer's job `token` (none: its oldest waiting), or the 404: another printer's, or no longer waiting. */
async function jobOf(printer: PrinterCaller, token: string | undefined, states: PrintJobState[]) {
  const id = token === undefined ? (await oldestWaiting(printer.id))?.id : Number(token);
  const job =
    id === undefined ? null : await db.printJob.findFirst({ where: { id, printerId: printer.id }, select: { id: true, orderId: true, kind: true, state: true } });
  if (!job || !states.includes(job.state as PrintJobState)) throw notFound(said("messages.notFound", { what: word("printJob") }));
  return job;
}

/** The GET: the job's ticket in `type` (a media type the poll offered; none: StarPRNT), and the job now printing. */
export async function fetchPrintJob(
  printer: PrinterCaller,
  token: string | undefined,
  type: string | undefined,
  now = new Date(),
): Promise<{ body: Buffer; mediaType: PrintMediaType }> {
  const mediaType = (type ?? PRINT_MEDIA_TYPES[0]) as PrintMediaType;
  if (!PRINT_MEDIA_TYPES.includes(mediaType)) throw new ApiError("unsupported_media_type", said("messages.printMediaType", { list: PRINT_MEDIA_TYPES.join(", ") }));
  const job = await jobOf(printer, token, WAITING);
  const document = await jobDocument(printer, job.orderId, job.kind as PrintJobKind, mediaType !== "text/plain");
  await db.printJob.updateMany({ where: { id: job.id, state: "queued" }, data: { state: "printing", fetchedAt: now } });
  return { body: renderTicket(document, mediaType), mediaType };
}

/** The receiptline document of the printer's restaurant's order (its own restaurant's only). */
async function jobDocument(printer: Pick<PrinterCaller, "restaurantId" | "language">, orderId: number, kind: PrintJobKind, sized = true): Promise<string> {
  const [order, restaurant] = await Promise.all([
    db.order.findFirst({ where: { id: orderId, restaurantId: printer.restaurantId }, include: incomingOrderInclude }),
    db.restaurant.findUnique({ where: { id: printer.restaurantId }, select: { name: true, timeZone: true } }),
  ]);
  if (!order || !restaurant) throw notFound(said("messages.notFound", { what: word("printJob") }));
  return ticketDocument(kind, { order: incomingOrderToJson(order), restaurantName: restaurant.name, timeZone: restaurant.timeZone, language: printer.language }, sized);
}

/** The DELETE: `code` OK or 2xx marks the job printed, another failed; a job already confirmed stays as it is. */
export async function confirmPrintJob(printer: PrinterCaller, token: string | undefined, code: string, now = new Date()): Promise<PrintJobState> {
  const job = await jobOf(printer, token, ["queued", "printing", "printed", "failed", "stale"]);
  const state: PrintJobState = /^\s*(OK|2\d\d)\b/i.test(decodeStatus(code)) ? "printed" : "failed";
  const { count } = await db.printJob.updateMany({ where: { id: job.id, state: { in: WAITING } }, data: { state, doneAt: now } });
  return count ? state : (job.state as PrintJobState);
}

/** The board's Reprint: the order's kitchen ticket queued again on each kitchen printer; how many. */
export async function reprintOrder(actor: Actor, restaurantId: number, orderId: number, now = new Date()): Promise<number> {
  await getOwnedRestaurant(actor, restaurantId);
  const order = await db.order.findFirst({ where: { id: orderId, restaurantId }, select: { id: true } });
  if (!order) throw notFound(said("messages.orderNotFound"));
  return queueReprint(plainSql(), restaurantId, orderId, now);
}
