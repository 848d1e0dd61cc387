import "server-only";
import { randomBytes } from "node:crypto";
import type { PosStatusJson } from "@/lib/contract/pos/schemas";
import type { PosConnection } from "@/lib/generated/prisma/client";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { badRequest, conflict } from "../platform/errors";
import { appLog } from "../platform/log";
import { seal, unseal } from "../platform/sealed";
import { plainSql } from "../platform/sql";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { lastOrderEvent } from "../printers/queries";
import { posProvider } from "./providers/select";
import { PosError, type PosAuth, type PosProvider } from "./providers/provider";
import { said } from "@/lib/shared/words/said";

// A restaurant's point-of-sale connection (docs/architecture/kitchen.md "The point of sale"): its
// owner or a manager starts the seller's OAuth from the settings page (a sealed `state` naming the
// restaurant, the person and ten minutes), the provider sends them back to /pos/connected, whose
// code is exchanged here. The tokens are sealed in the row (this server alone opens them) and never
// answered; a token near its expiry is refreshed before use. Disconnecting revokes the app's access,
// forgets the tokens, the dish links and the orders still to push; the menu stays as it is.

const STATE_PURPOSE = "pos-oauth-state";
const TOKEN_PURPOSE = "pos-token";
const STATE_MINUTES = 10;
const REFRESH_BEFORE_MS = 24 * 3600_000;

function requireProvider(): PosProvider {
  const provider = posProvider();
  if (!provider) throw conflict(said("messages.posUnavailable"));
  return provider;
}

/** The settings page's view: never a token. */
export async function posStatus(actor: Actor, restaurantId: number): Promise<PosStatusJson> {
  await getOwnedRestaurant(actor, restaurantId);
  const provider = posProvider();
  const connection = await db.posConnection.findUnique({ where: { restaurantId } });
  const [dishes, pushed, waiting] = connection
    ? await Promise.all([
        db.posLink.count({ where: { restaurantId } }),
        db.posOrder.count({ where: { restaurantId, state: "pushed" } }),
        db.posOrder.count({ where: { restaurantId, state: { not: "pushed" } } }),
      ])
    : [0, 0, 0];
  return {
    provider: provider?.name ?? null,
    connection: connection && {
      provider: connection.provider,
      merchantId: connection.merchantId,
      locationId: connection.locationId,
      connectedAt: connection.connectedAt.toISOString(),
      lastSyncAt: connection.lastSyncAt?.toISOString() ?? null,
      lastSyncError: connection.lastSyncError,
      dishes,
      ordersPushed: pushed,
      ordersWaiting: waiting,
    },
  };
}

/** Where the provider sends the seller back: the page that finishes the connection (the URL registered with the POS). */
const redirectUri = () => `${config().linkOrigin}/pos/connected`;

/** Where to send the seller to say yes (the provider's authorize page). */
export async function startPosConnect(actor: Actor, restaurantId: number, now = new Date()): Promise<{ url: string }> {
  await getOwnedRestaurant(actor, restaurantId);
  const provider = requireProvider();
  // The restaurant in clear first (the page sends it, for the team check), then the sealed claims.
  const sealed = seal(
    STATE_PURPOSE,
    JSON.stringify({ r: restaurantId, u: actor.id, p: provider.name, x: now.getTime() + STATE_MINUTES * 60_000, n: randomBytes(8).toString("hex") }),
  );
  return { url: provider.authorizeUrl(`${restaurantId}.${sealed}`, redirectUri()) };
}

/** The code exchanged for the seller's tokens, and the location their orders go to. */
async function linkSeller(provider: PosProvider, code: string, preferred: string | null) {
  const tokens = await provider.exchange(code, redirectUri());
  return { tokens, locationId: await provider.location(tokens.accessToken, preferred) };
}

/** The seller said yes: the code exchanged, the tokens sealed and kept, the orders accepted from now on pushed. */
export async function finishPosConnect(
  actor: Actor,
  providerName: string,
  input: { restaurantId: number; code: string; state: string },
  now = new Date(),
): Promise<{ restaurantId: number }> {
  const provider = requireProvider();
  await getOwnedRestaurant(actor, input.restaurantId);
  const [named, ...rest] = input.state.split(".");
  const opened = unseal(STATE_PURPOSE, rest.join("."));
  const state = opened ? (JSON.parse(opened) as { r: number; u: number; p: string; x: number }) : null;
  const fits = state && named === String(state.r) && state.r === input.restaurantId && state.u === actor.id && state.p === providerName && state.p === provider.name;
  if (!state || !fits || state.x < now.getTime()) throw badRequest(said("messages.posStateInvalid"), { state: said("messages.posStateInvalid") });
  const settings = config().pos;
  const { tokens, locationId } = await linkSeller(provider, input.code, settings.provider === "square" ? settings.locationId : null).catch((error: unknown) => {
    if (!(error instanceof PosError)) throw error;
    appLog.warn("pos connect failed", { err: error });
    throw badRequest(said("messages.posRefused"), { code: said("messages.posRefused") });
  });
  const pushedThrough = await lastOrderEvent(plainSql());
  const data = {
    provider: provider.name,
    merchantId: tokens.merchantId,
    locationId,
    accessToken: seal(TOKEN_PURPOSE, tokens.accessToken),
    refreshToken: tokens.refreshToken && seal(TOKEN_PURPOSE, tokens.refreshToken),
    expiresAt: tokens.expiresAt,
    connectedAt: now,
    lastSyncAt: null,
    lastSyncError: null,
    pushedThrough,
  };
  await db.posConnection.upsert({ where: { restaurantId: state.r }, create: { restaurantId: state.r, ...data }, update: data });
  return { restaurantId: state.r };
}

/** The connection's tokens opened (refreshed first when they expire within a day), or null when the provider configured is not the one it was made with. */
export async function authOf(connection: PosConnection, now = new Date()): Promise<{ provider: PosProvider; auth: PosAuth } | null> {
  const provider = posProvider();
  if (!provider || provider.name !== connection.provider) return null;
  let accessToken = unseal(TOKEN_PURPOSE, connection.accessToken);
  if (!accessToken) return null;
  const refreshToken = connection.refreshToken && unseal(TOKEN_PURPOSE, connection.refreshToken);
  if (connection.expiresAt && refreshToken && connection.expiresAt.getTime() - now.getTime() < REFRESH_BEFORE_MS) {
    const fresh = await provider.refresh(refreshToken);
    accessToken = fresh.accessToken;
    await db.posConnection.update({
      where: { id: connection.id },
      data: {
        accessToken: seal(TOKEN_PURPOSE, fresh.accessToken),
        refreshToken: fresh.refreshToken && seal(TOKEN_PURPOSE, fresh.refreshToken),
        expiresAt: fresh.expiresAt,
      },
    });
  }
  return { provider, auth: { accessToken, merchantId: connection.merchantId, locationId: connection.locationId } };
}

/** The restaurant's connection, opened; a 409 when it has none. */
export async function connectedPos(actor: Actor, restaurantId: number) {
  await getOwnedRestaurant(actor, restaurantId);
  const connection = await db.posConnection.findUnique({ where: { restaurantId } });
  const opened =
    connection &&
    (await authOf(connection).catch((error: unknown) => {
      if (error instanceof PosError) throw conflict(said("messages.posFailed"));
      throw error;
    }));
  if (!connection || !opened) throw conflict(said("messages.posNotConnected"));
  return { connection, ...opened };
}

/** Revoked at the provider (a failure there is logged: the link is forgotten all the same), then the tokens, links and orders still to push deleted; the menu stays. */
export async function disconnectPos(actor: Actor, restaurantId: number): Promise<void> {
  await getOwnedRestaurant(actor, restaurantId);
  const connection = await db.posConnection.findUnique({ where: { restaurantId } });
  if (!connection) return;
  const opened = await authOf(connection).catch(() => null);
  if (opened) await opened.provider.revoke(opened.auth).catch((error: unknown) => appLog.warn("pos revoke failed", { err: error }));
  await db.$transaction([
    db.posConnection.deleteMany({ where: { restaurantId } }),
    db.posLink.deleteMany({ where: { restaurantId } }),
    db.posOrder.deleteMany({ where: { restaurantId, state: { not: "pushed" } } }),
  ]);
}
