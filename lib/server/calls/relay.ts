import "server-only";
import { HELD_STATES, type JobState } from "@/lib/shared/delivery/delivery";
import { RELAY_WINDOW_MINUTES, type RelayJson, type RelaySide } from "@/lib/shared/delivery/relay";
import { relayPoolOf } from "@/lib/edge/relay-settings";
import { e164Of } from "@/lib/contract/texts/rules";
import { config } from "../platform/config";
import { db } from "../platform/db";

// Masked calls between an order's customer and its courier (docs/architecture/text-messages.md
// "Masked calls"). While a delivery is live each side is shown one relay number from its market's
// pool (RELAY_NUMBERS); a call or text from a side's own number to it reaches the other side. A
// RelayLeg row is one (number, relay) pair, unique, so the pair names exactly one live delivery and
// a small pool serves many: a delivery takes the first relay neither of its two numbers holds for
// another live delivery; a pair whose delivery is over is deleted when wanted again. Live: the job
// is held (assigned to picked up), or it ended under RELAY_WINDOW_MINUTES ago, with the same courier.

type Job = { id: number; orderId: number; userId: number; restaurantId: number | null; state: string; courierId: number | null; closedAt: Date | null };
const JOB = { id: true, orderId: true, userId: true, restaurantId: true, state: true, courierId: true, closedAt: true } as const;
const ENDED = new Set(["delivered", "failed", "canceled"]);

/** Whether the relay of `job` (given while `courierId` held it) still connects at `now`. */
function relayLive(job: Job, courierId: number, now: Date): boolean {
  if (job.courierId !== courierId) return false;
  if (HELD_STATES.includes(job.state as JobState)) return true;
  return ENDED.has(job.state) && job.closedAt !== null && now.getTime() - job.closedAt.getTime() < RELAY_WINDOW_MINUTES * 60_000;
}

const e164 = (typed: string | null | undefined) => (typed ? e164Of(typed) : null);

/** The newest confirmed text number of a person (docs/architecture/text-messages.md "Opting in"). */
const confirmedNumber = async (userId: number) =>
  (await db.textNumber.findFirst({ where: { userId, confirmedAt: { not: null } }, orderBy: { confirmedAt: "desc" }, select: { phone: true } }))?.phone ?? null;

/** The customer's number: the one a phone order was given, else a confirmed text number, else the account's phone. */
async function customerNumber(job: Job): Promise<string | null> {
  const order = await db.order.findUnique({ where: { id: job.orderId }, select: { customerPhone: true, user: { select: { phoneNumber: true } } } });
  return e164(order?.customerPhone) ?? (await confirmedNumber(job.userId)) ?? e164(order?.user.phoneNumber);
}

/** The courier's number: a confirmed text number, else the account's phone (the courier's profile). */
async function courierNumber(courierId: number): Promise<string | null> {
  const user = await db.user.findUnique({ where: { id: courierId }, select: { phoneNumber: true } });
  return (await confirmedNumber(courierId)) ?? e164(user?.phoneNumber);
}

async function marketOf(job: Job): Promise<{ id: number; code: string }> {
  const restaurant = job.restaurantId
    ? await db.restaurant.findUnique({ where: { id: job.restaurantId }, select: { market: { select: { id: true, code: true } } } })
    : null;
  return restaurant?.market ?? { id: 1, code: "default" };
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === "P2002";

/**
 * The relay number `side` is shown for `jobId` (given on first read while the delivery is live), or
 * why there is none: `off` (no pool or no provider: nothing is shown), `over`, `mine` (the reader has
 * no number Nosh knows), `theirs` (the other side has none), `busy` (every relay is taken for one of the two numbers).
 */
export async function relayFor(jobId: number, side: RelaySide, now = new Date()): Promise<RelayJson> {
  const settings = config();
  const job = await db.deliveryJob.findUnique({ where: { id: jobId }, select: JOB });
  if (settings.texts.provider === "none" || !job) return { number: null, reason: "off" };
  const market = await marketOf(job);
  const pool = relayPoolOf(settings.relay, market.code);
  if (pool.length === 0) return { number: null, reason: "off" };
  if (job.courierId === null || !relayLive(job, job.courierId, now)) return { number: null, reason: "over" };
  const courierId = job.courierId;
  for (let attempt = 0; attempt < 4; attempt++) {
    const held = await db.relayLeg.findMany({ where: { jobId }, select: { relay: true, courierId: true, side: true } });
    const mine = held.find((leg) => leg.side === side && leg.courierId === courierId);
    if (mine) return { number: mine.relay, reason: null };
    // Only a live delivery gets a relay from here on: an ended one keeps the one it had.
    if (!HELD_STATES.includes(job.state as JobState)) return { number: null, reason: "over" };
    const [customer, courier] = await Promise.all([customerNumber(job), courierNumber(courierId)]);
    if (!(side === "customer" ? customer : courier)) return { number: null, reason: "mine" };
    if (!customer || !courier || customer === courier) return { number: null, reason: "theirs" };
    // Another courier's legs of this job (it was released), and pairs of these numbers whose delivery is over, are freed.
    await db.relayLeg.deleteMany({ where: { jobId, courierId: { not: courierId } } });
    const taken = await db.relayLeg.findMany({
      where: { phone: { in: [customer, courier] }, jobId: { not: jobId } },
      select: { id: true, relay: true, jobId: true, courierId: true },
    });
    const jobs = new Map((await db.deliveryJob.findMany({ where: { id: { in: taken.map((leg) => leg.jobId) } }, select: JOB })).map((j) => [j.id, j]));
    const dead = taken.filter((leg) => !jobs.has(leg.jobId) || !relayLive(jobs.get(leg.jobId)!, leg.courierId, now));
    if (dead.length) await db.relayLeg.deleteMany({ where: { id: { in: dead.map((leg) => leg.id) } } });
    const used = new Set(taken.filter((leg) => !dead.includes(leg)).map((leg) => leg.relay));
    const relay = pool.find((number) => !used.has(number));
    if (!relay) return { number: null, reason: "busy" };
    try {
      await db.$transaction([
        db.relayLeg.create({ data: { relay, phone: customer, jobId, courierId, side: "customer", marketId: market.id, createdAt: now } }),
        db.relayLeg.create({ data: { relay, phone: courier, jobId, courierId, side: "courier", marketId: market.id, createdAt: now } }),
      ]);
    } catch (error) {
      // Another request gave this delivery its relay, or took the pair for another delivery, at the same moment: read again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return { number: null, reason: "busy" };
}

/** Where a call or text from `from` to `relay` goes: the delivery and the other side's number, or null (a stranger, or the window passed). */
export async function routeOf(from: string, relay: string, now = new Date()) {
  const leg = await db.relayLeg.findUnique({ where: { phone_relay: { phone: e164(from) ?? from, relay } } });
  if (!leg) return { route: null, leg: null };
  const job = await db.deliveryJob.findUnique({ where: { id: leg.jobId }, select: JOB });
  const other = await db.relayLeg.findUnique({ where: { jobId_side: { jobId: leg.jobId, side: leg.side === "customer" ? "courier" : "customer" } } });
  const live = !!job && !!other && other.courierId === leg.courierId && relayLive(job, leg.courierId, now);
  const route = live ? { jobId: leg.jobId, orderId: job.orderId, side: leg.side as RelaySide, to: other.phone, relay, marketId: leg.marketId } : null;
  return { route, leg: { side: leg.side as RelaySide, marketId: leg.marketId, userId: leg.side === "customer" ? (job?.userId ?? null) : leg.courierId } };
}
