import "server-only";
import { KITCHEN_DEVICE_COOKIE } from "@/lib/shared/web/storage-keys";
import { db } from "../platform/db";
import { sessionUserRow, type SessionUserRow } from "../accounts/queries";
import { hashApiKey } from "../api-keys/keys";
import { deviceStreamSignal } from "./streams";

// A kitchen tablet calling Nosh (docs/architecture/kitchen.md "A board that lives on a tablet"):
// handle() (web/handle.ts) asks here for the operations that declare `kitchenDevice` (the board's
// steps) when the request carries the device's cookie. The token is looked up by its SHA-256 on
// every request (a removed device's row is gone: its next call falls to the session, a 401 without
// one); the device acts as the member who paired it, read afresh, and restaurant-access.ts admits it
// to its own restaurant only, as a staff member.

/** What handle() knows of a device after admitting it: which device, and its one restaurant. */
export type KitchenDeviceGrant = { deviceId: number; restaurantId: number };

/** How often a device's `lastSeenAt` is written: at most once a minute. */
const TOUCH_MS = 60_000;

/** The device token in a request's cookies (a route's `request.cookies`, a page's `cookies()`), or null. */
export function deviceTokenOf(cookies: { get(name: string): { value: string } | undefined }): string | null {
  const token = cookies.get(KITCHEN_DEVICE_COOKIE)?.value;
  return token && token.length <= 100 ? token : null;
}

/** The device a token names, with the member it acts as; null: unknown or removed, or its member gone. */
export async function admitKitchenDevice(token: string, now = new Date()): Promise<{ user: SessionUserRow; kitchenDevice: KitchenDeviceGrant } | null> {
  const row = await db.kitchenDevice.findUnique({
    where: { tokenHash: hashApiKey(token) },
    select: { id: true, restaurantId: true, pairedById: true, lastSeenAt: true },
  });
  if (!row) return null;
  if (!row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() >= TOUCH_MS) {
    await db.kitchenDevice.updateMany({
      where: { id: row.id, OR: [{ lastSeenAt: null }, { lastSeenAt: { lte: new Date(now.getTime() - TOUCH_MS) } }] },
      data: { lastSeenAt: now },
    });
  }
  const member = await sessionUserRow(row.pairedById, "");
  return member ? { user: member.user, kitchenDevice: { deviceId: row.id, restaurantId: row.restaurantId } } : null;
}

/** Whether the device is still paired (a stream's keep-alive asks). */
export const stillPaired = async (deviceId: number): Promise<boolean> => (await db.kitchenDevice.count({ where: { id: deviceId } })) > 0;

/** What a device's board stream needs (live/index.ts): its check at each keep-alive and the signal its removal here aborts. */
export function deviceStreamWatch(grant: KitchenDeviceGrant) {
  return { check: () => stillPaired(grant.deviceId), ...deviceStreamSignal(grant.deviceId) };
}
