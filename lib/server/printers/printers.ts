import "server-only";
import { MAX_PRINTERS, STALE_MINUTES } from "@/lib/shared/kitchen/printers";
import type { PrinterInput } from "@/lib/contract/printers/rules";
import type { PrinterJson, PrinterListJson } from "@/lib/contract/printers/schemas";
import { db } from "../platform/db";
import { conflict, notFound } from "../platform/errors";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { hashApiKey, mintSecret } from "../api-keys/keys";
import { plainSql } from "../platform/sql";
import { lastOrderEvent, unqueued } from "./queries";
import { said, word } from "@/lib/shared/words/said";

// A restaurant's kitchen printers (docs/architecture/kitchen.md "Printers that print by themselves"):
// added and removed by its owner or a manager, read by its team (the board's status). A printer's
// password is made as an API key is (api-keys/keys.ts): shown once, its SHA-256 kept.

const WAITING = ["queued", "printing"];
const COLUMNS = { id: true, name: true, prints: true, protocol: true, language: true, staleMinutes: true, login: true, lastSeenAt: true, statusCode: true } as const;
type PrinterRow = {
  id: number;
  name: string;
  prints: string;
  protocol: string;
  language: string;
  staleMinutes: number;
  login: string;
  lastSeenAt: Date | null;
  statusCode: string | null;
};

const printerToJson = (row: PrinterRow, waiting?: { count: number; oldest: Date | null }): PrinterJson => ({
  ...row,
  prints: row.prints as PrinterJson["prints"],
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  waiting: waiting?.count ?? 0,
  oldestWaitingAt: waiting?.oldest?.toISOString() ?? null,
});

/** How many recent tickets the board offers to reprint. */
const RECENT = 6;

/** The restaurant's printers, oldest first, each with its jobs waiting (at most MAX_PRINTERS exist), and its recent kitchen tickets. */
export async function listPrinters(actor: Actor, restaurantId: number, at = new Date()): Promise<PrinterListJson> {
  await getOwnedRestaurant(actor, restaurantId);
  const rows = await db.printer.findMany({ where: { restaurantId }, orderBy: { id: "asc" }, take: MAX_PRINTERS, select: COLUMNS });
  if (!rows.length) return { printers: [], recent: [] };
  const jobs = await db.printJob.findMany({
    where: { printerId: { in: rows.map((row) => row.id) }, kind: "kitchen" },
    orderBy: { id: "desc" },
    take: RECENT * rows.length,
    select: { orderId: true, state: true, createdAt: true, printer: { select: { name: true } } },
  });
  // Newest first, each order once (its newest job: a reprint's state, not the first one's).
  const newest = new Map<number, (typeof jobs)[number]>();
  for (const job of jobs) if (!newest.has(job.orderId)) newest.set(job.orderId, job);
  const recent = [...newest.values()].slice(0, RECENT);
  const waiting = await db.printJob.groupBy({
    by: ["printerId"],
    where: { printerId: { in: rows.map((row) => row.id) }, state: { in: WAITING } },
    _count: { _all: true },
    _min: { createdAt: true },
  });
  const of = new Map(waiting.map((group) => [group.printerId, { count: group._count._all, oldest: group._min.createdAt }]));
  // Orders accepted that no poll has queued yet (a silent printer's) wait too, until they would be stale.
  const now = at.getTime();
  for (const order of await unqueued(plainSql(), restaurantId, new Date(now - STALE_MINUTES.max * 60_000))) {
    const printer = rows.find((row) => row.id === order.printerId)!;
    if (order.at.getTime() < now - printer.staleMinutes * 60_000) continue;
    const found = of.get(order.printerId) ?? { count: 0, oldest: null };
    of.set(order.printerId, { count: found.count + 1, oldest: !found.oldest || order.at < found.oldest ? order.at : found.oldest });
  }
  return {
    printers: rows.map((row) => printerToJson(row, of.get(row.id))),
    recent: recent.map((job) => ({
      orderId: job.orderId,
      state: job.state as PrinterListJson["recent"][number]["state"],
      printer: job.printer.name,
      at: job.createdAt.toISOString(),
    })),
  };
}

/** Adds a printer: its row (the password's hash) and the password itself, never readable again. */
export async function addPrinter(actor: Actor, restaurantId: number, input: PrinterInput): Promise<{ printer: PrinterJson; password: string }> {
  await getOwnedRestaurant(actor, restaurantId);
  const password = mintSecret(24);
  const login = `nosh-${mintSecret(9)}`;
  // The orders accepted from now on print, not the ones before it was added.
  const queuedThrough = await lastOrderEvent(plainSql());
  const row = await db.$transaction(async (tx) => {
    if ((await tx.printer.count({ where: { restaurantId } })) >= MAX_PRINTERS) throw conflict(said("messages.printersAtMost", { max: MAX_PRINTERS }));
    return tx.printer.create({
      data: {
        restaurantId,
        name: input.name,
        prints: input.prints,
        protocol: input.protocol,
        language: input.language,
        staleMinutes: input.staleMinutes,
        login,
        secretHash: hashApiKey(password),
        queuedThrough,
      },
      select: COLUMNS,
    });
  });
  return { printer: printerToJson(row), password };
}

/** Removes a printer of the restaurant: the row and its jobs go, so its next poll is a 401. */
export async function removePrinter(actor: Actor, restaurantId: number, printerId: number): Promise<void> {
  await getOwnedRestaurant(actor, restaurantId);
  const { count } = await db.printer.deleteMany({ where: { id: printerId, restaurantId } });
  if (count === 0) throw notFound(said("messages.notFound", { what: word("printer") }));
}
