import "server-only";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { notFound, forbidden } from "../platform/errors";
import { sqlOf } from "../platform/sql";
import { markDishesSoldOut } from "../menu/sold-out";
import { enqueueWebhooks, menuItemChanged } from "../webhooks/enqueue";
import { authOf } from "./connection";
import { posProviderNamed } from "./providers/select";
import { PosError } from "./providers/provider";
import { said } from "@/lib/shared/words/said";

// What the POS says is sold out, kept on Nosh (docs/architecture/kitchen.md "The point of sale"):
// on a schedule (the pos.sync job, every POS_SYNC_SECONDS) and at once by the POS's webhooks, each
// checked by its signature before anything changes. Sold out in the POS is sold out on Nosh (until
// the next opening, as the kitchen's own mark, and marked again while the POS still says so); back
// in the POS is back on Nosh. A link keeps what the POS last said, so a dish the kitchen marked
// sold out on Nosh stays so until the POS itself had it sold out and back.

/**
 * The POS's word on some variations applied to the restaurant's linked dishes: a dish the POS says
 * is sold out is marked (again, once a mark has run out at an opening while the POS still says so);
 * one it says is back is cleared only when the POS had said sold out (a mark the kitchen made on
 * Nosh stays). Each link's word moves by a conditional update: two passes at once apply it once.
 */
async function applySoldOut(restaurantId: number, changes: { variationId: string; soldOut: boolean }[], now = new Date()): Promise<number> {
  if (!changes.length) return 0;
  return db.$transaction(async (tx) => {
    const links = await tx.posLink.findMany({
      where: { restaurantId, variationId: { in: changes.map((change) => change.variationId) } },
      include: { menuItem: { select: { soldOutUntil: true } } },
    });
    const says = new Map(changes.map((change) => [change.variationId, change.soldOut]));
    const marked = (until: Date | null) => until !== null && until > now;
    const sold: number[] = [];
    const back: number[] = [];
    for (const link of links) {
      const soldOut = says.get(link.variationId)!;
      if (soldOut === link.soldOut && (!soldOut || marked(link.menuItem.soldOutUntil))) continue;
      const moved = await tx.posLink.updateMany({ where: { id: link.id, soldOut: link.soldOut }, data: { soldOut } });
      if (moved.count !== 1) continue;
      if (soldOut) sold.push(link.menuItemId);
      else back.push(link.menuItemId);
    }
    if (!sold.length && !back.length) return 0;
    const restaurant = await tx.restaurant.findUniqueOrThrow({ where: { id: restaurantId } });
    await markDishesSoldOut(tx, restaurant, sold, now);
    if (back.length) await tx.menuItem.updateMany({ where: { restaurantId, id: { in: back } }, data: { soldOutUntil: null } });
    await enqueueWebhooks(
      sqlOf(tx),
      [...sold.map((id) => menuItemChanged(restaurantId, id, "sold_out")), ...back.map((id) => menuItemChanged(restaurantId, id, "back"))],
      now,
    );
    return sold.length + back.length;
  });
}

/** One connection's sold-out read from the POS and applied; a failure is kept on the connection (the settings page shows it) and tried again next time. */
export async function syncConnection(connectionId: number, now = new Date()): Promise<void> {
  const connection = await db.posConnection.findUnique({ where: { id: connectionId } });
  if (!connection) return;
  try {
    const opened = await authOf(connection, now);
    if (!opened) return;
    const links = await db.posLink.findMany({ where: { restaurantId: connection.restaurantId }, select: { variationId: true } });
    const ids = links.map((link) => link.variationId);
    const sold = await opened.provider.soldOut(opened.auth, ids);
    await applySoldOut(
      connection.restaurantId,
      ids.map((variationId) => ({ variationId, soldOut: sold.has(variationId) })),
      now,
    );
    await db.posConnection.updateMany({ where: { id: connectionId }, data: { lastSyncAt: now, lastSyncError: null } });
  } catch (error) {
    if (!(error instanceof PosError)) throw error;
    await db.posConnection.updateMany({ where: { id: connectionId }, data: { lastSyncError: error.message.slice(0, 500) } });
  }
}

/** The pos.sync job's pass: every connection of the provider configured. */
export async function syncAllPos(now = new Date()): Promise<number> {
  const connections = await db.posConnection.findMany({ select: { id: true }, orderBy: { id: "asc" } });
  for (const connection of connections) await syncConnection(connection.id, now);
  return connections.length;
}

/**
 * POST /api/pos/webhooks/{provider}: a 404 for a provider not configured, a 403 for a missing or
 * wrong signature (nothing changes); a sold-out change is applied to the seller's restaurants at
 * once, a catalog change syncs them now.
 */
export async function receivePosWebhook(providerName: string, path: string, body: string, headers: Headers, now = new Date()): Promise<{ received: true }> {
  const provider = posProviderNamed(providerName);
  if (!provider) throw notFound(said("messages.pageNotFound"));
  // Signed over the notification URL as registered with the POS: this site's public origin and the path.
  if (!provider.verify(headers.get(provider.signatureHeader), `${config().linkOrigin}${path}`, body)) throw forbidden(said("messages.posSignature"));
  const event = provider.eventOf(body);
  if (!event) return { received: true };
  const connections = await db.posConnection.findMany({ where: { provider: provider.name, merchantId: event.merchantId }, select: { id: true, restaurantId: true } });
  for (const connection of connections) {
    if (event.catalogChanged) await syncConnection(connection.id, now);
    else await applySoldOut(connection.restaurantId, event.soldOut, now);
  }
  return { received: true };
}
