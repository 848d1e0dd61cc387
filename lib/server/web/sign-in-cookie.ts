import "server-only";
import { cookies } from "next/headers";
import type { NextRequest } from "next/server";
import { config } from "../platform/config";

// The browser's half of a Google or Apple sign-in under way (accounts/sign-in-flows.ts): the
// state, in a cookie of its own that only the sign-in's routes receive, for the flow's 10 minutes.

const FLOW_COOKIE = "nosh_sign_in";
const options = (maxAge: number) => ({ httpOnly: true, sameSite: "lax" as const, secure: config().secureCookies, path: "/api/auth/oidc", maxAge });

/** Gives the browser the state of the flow it starts. */
export async function setFlowCookie(state: string, seconds: number): Promise<void> {
  (await cookies()).set(FLOW_COOKIE, state, options(seconds));
}

/** The state the browser holds (empty when none), the cookie cleared: it answers one callback. */
export async function takeFlowCookie(request: NextRequest): Promise<string> {
  const state = request.cookies.get(FLOW_COOKIE)?.value ?? "";
  (await cookies()).set(FLOW_COOKIE, "", options(0));
  return state;
}
