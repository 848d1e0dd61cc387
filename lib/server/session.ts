import "server-only";
import { getIronSession, type SessionOptions } from "iron-session";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { config } from "./config";
import { db } from "./db";
import { unauthorized } from "./errors";

type SessionData = { userId?: number; version?: number };

export const SESSION_COOKIE = "nosh_session";

function options(): SessionOptions {
  return {
    cookieName: SESSION_COOKIE,
    password: config().sessionSecret,
    ttl: 60 * 60 * 24 * 30,
    cookieOptions: { httpOnly: true, sameSite: "lax", secure: config().secureCookies, path: "/" },
  };
}

async function session() {
  return getIronSession<SessionData>(await cookies(), options());
}

/**
 * The signed-in user, or null. A cookie whose session version no longer matches the user's
 * (after logout or a password change) counts as no session. Cached per request.
 */
export const getCurrentUser = cache(async () => {
  const data = await session();
  if (!data.userId) return null;
  const user = await db.user.findUnique({ where: { id: data.userId } });
  if (!user || user.sessionVersion !== data.version) return null;
  return user;
});
export type SessionUser = NonNullable<Awaited<ReturnType<typeof getCurrentUser>>>;

/** The signed-in user or a 401. */
export async function requireUser(): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) throw unauthorized();
  return user;
}

/** For pages that need a signed-in user: others are sent to /login on the server. */
export async function requirePageUser(): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  return user;
}

/** Issues a fresh session cookie for the user (login, signup, guest, demo, password change). */
export async function startSession(user: { id: number; sessionVersion: number }): Promise<void> {
  const data = await session();
  data.userId = user.id;
  data.version = user.sessionVersion;
  await data.save();
}

export async function endSession(): Promise<void> {
  const data = await session();
  data.destroy();
}
