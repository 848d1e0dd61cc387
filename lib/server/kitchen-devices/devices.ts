import "server-only";
import { randomInt } from "node:crypto";
import { MAX_KITCHEN_DEVICES, PAIRING_ALPHABET, PAIRING_CODE_LENGTH, PAIRING_MINUTES, PAIRING_TRIES_PER_ADDRESS } from "@/lib/shared/kitchen/devices";
import type { PairInput } from "@/lib/contract/kitchen-devices/rules";
import type { KitchenDeviceListJson, PairingCodeJson } from "@/lib/contract/kitchen-devices/schemas";
import { db } from "../platform/db";
import { ApiError, conflict, fieldError, isUniqueViolation, notFound } from "../platform/errors";
import { bumpWindow, tooMany } from "../platform/throttle";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { hashApiKey, mintSecret } from "../api-keys/keys";
import { endDeviceStreams } from "./streams";
import { said } from "@/lib/shared/words/said";

// A restaurant's kitchen tablets (docs/architecture/kitchen.md "A board that lives on a tablet"):
// its owner or a manager shows a pairing code (one a restaurant, the last one made; kept as its
// SHA-256, dead after PAIRING_MINUTES or once typed); a tablet typing it becomes a device with a
// token of its own (shown to nobody: it travels in the device's httpOnly cookie, its SHA-256 kept).
// Wrong codes count against the client's address (PAIRING_TRIES_PER_ADDRESS an hour, then 429).
// Removing a device ends it at once: its next call is a 401, its open board streams end (streams.ts).

const TRIES_WINDOW_MS = 3600_000;
const triesKey = (address: string) => `kitchen-pair:${address}`;

/** A fresh code of PAIRING_CODE_LENGTH letters of PAIRING_ALPHABET (crypto-random). */
export const mintPairingCode = (): string => Array.from({ length: PAIRING_CODE_LENGTH }, () => PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)]).join("");

/** A new pairing code for the restaurant, replacing the one before; refused (409) when it holds MAX_KITCHEN_DEVICES tablets. */
export async function newPairingCode(actor: Actor, restaurantId: number, now = new Date()): Promise<PairingCodeJson> {
  await getOwnedRestaurant(actor, restaurantId);
  if ((await db.kitchenDevice.count({ where: { restaurantId } })) >= MAX_KITCHEN_DEVICES)
    throw conflict(said("messages.kitchenDevicesFull", { max: MAX_KITCHEN_DEVICES }));
  const expiresAt = new Date(now.getTime() + PAIRING_MINUTES * 60_000);
  await db.kitchenPairing.deleteMany({ where: { expiresAt: { lte: now } } });
  for (let attempt = 0; ; attempt++) {
    const code = mintPairingCode();
    const row = { codeHash: hashApiKey(code), createdById: actor.id, expiresAt, createdAt: now };
    try {
      await db.kitchenPairing.upsert({ where: { restaurantId }, create: { restaurantId, ...row }, update: row });
      return { code, expiresAt: expiresAt.toISOString() };
    } catch (error) {
      // Another restaurant's live code is the same (one in 887 million): draw again.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/** The restaurant's tablets, oldest first, and when its waiting code expires. */
export async function listKitchenDevices(actor: Actor, restaurantId: number, now = new Date()): Promise<KitchenDeviceListJson> {
  await getOwnedRestaurant(actor, restaurantId);
  const [rows, pairing] = await Promise.all([
    db.kitchenDevice.findMany({
      where: { restaurantId },
      orderBy: { id: "asc" },
      take: MAX_KITCHEN_DEVICES,
      select: { id: true, name: true, lastSeenAt: true, createdAt: true, pairedBy: { select: { firstName: true } } },
    }),
    db.kitchenPairing.findUnique({ where: { restaurantId }, select: { expiresAt: true } }),
  ]);
  return {
    devices: rows.map((row) => ({
      id: row.id,
      name: row.name,
      pairedBy: row.pairedBy.firstName,
      lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    pairingExpiresAt: pairing && pairing.expiresAt > now ? pairing.expiresAt.toISOString() : null,
  };
}

/** Removes a tablet: gone from the table (its next call a 401) and its open streams in this process ended now (others' at their next keep-alive). */
export async function removeKitchenDevice(actor: Actor, restaurantId: number, deviceId: number): Promise<void> {
  await getOwnedRestaurant(actor, restaurantId);
  const { count } = await db.kitchenDevice.deleteMany({ where: { id: deviceId, restaurantId } });
  if (!count) throw notFound(said("messages.kitchenDeviceNotFound"));
  endDeviceStreams(deviceId);
}

/** The 429 beside the code when the address has used its tries. */
async function assertTriesLeft(address: string, now: Date): Promise<void> {
  const row = await db.loginThrottle.findUnique({ where: { key: triesKey(address) }, select: { lockedUntil: true } });
  if (!row?.lockedUntil || row.lockedUntil <= now) return;
  const error = tooMany(said("rules.kitchenDevices.tooMany"), row.lockedUntil.getTime(), now);
  throw new ApiError(error.code, error.said, { code: error.said }, error.headers);
}

/**
 * A tablet pairs: the code's restaurant gains a device acting as the member who made the code; the
 * code is used up (of two tablets typing it at once, one pairs). Answers the device and its token
 * (for its cookie, never shown). A wrong, expired or used code is a 400 beside `code`, counted
 * against `address`.
 */
export async function pairKitchenDevice(input: PairInput, address: string, now = new Date()) {
  await assertTriesLeft(address, now);
  const pairing = await db.kitchenPairing.findUnique({ where: { codeHash: hashApiKey(input.code) } });
  const wrong = async () => {
    await db.$transaction((tx) => bumpWindow(tx, triesKey(address), PAIRING_TRIES_PER_ADDRESS, now, TRIES_WINDOW_MS));
    return fieldError("code", said("rules.kitchenDevices.wrongCode"));
  };
  if (!pairing || pairing.expiresAt <= now) throw await wrong();
  const token = mintSecret();
  const device = await db.$transaction(async (tx) => {
    // Used once: the conditional delete is the claim.
    const { count } = await tx.kitchenPairing.deleteMany({ where: { id: pairing.id, codeHash: pairing.codeHash } });
    if (!count) return null;
    if ((await tx.kitchenDevice.count({ where: { restaurantId: pairing.restaurantId } })) >= MAX_KITCHEN_DEVICES) {
      throw conflict(said("messages.kitchenDevicesFull", { max: MAX_KITCHEN_DEVICES }));
    }
    return tx.kitchenDevice.create({
      data: { restaurantId: pairing.restaurantId, name: input.name, tokenHash: hashApiKey(token), pairedById: pairing.createdById, lastSeenAt: now },
      select: { id: true, name: true, restaurantId: true },
    });
  });
  if (!device) throw await wrong();
  return { device, token };
}
