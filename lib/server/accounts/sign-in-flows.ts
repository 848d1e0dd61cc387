import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import type { NextRequest } from "next/server";
import type { SignInProvider } from "@/lib/shared/people/sign-in-providers";
import { ownOrigin } from "@/lib/edge/request-guard";
import { safeReturnPath } from "@/lib/shared/web/return-path";
import type { Locale } from "@/lib/i18n/locale";
import type { SessionUser } from "../platform/session-user";
import { db } from "../platform/db";
import { appLog } from "../platform/log";
import { authorizationRequest, providerSettings, verifiedClaims, type IdClaims } from "./sign-in-providers";
import { linkIdentity, signInWithIdentity, SignInRefused, type Identity } from "./linked-sign-ins";
import type { WalletUser } from "./users";

// A Google or Apple sign-in from the button to the session (docs/architecture/accounts-security.md
// "Google and Apple"). Starting it keeps a SignInFlow row (the state's SHA-256, the PKCE verifier,
// the nonce, 10 minutes) and gives the browser the state in a cookie of its own; the callback
// takes the row once, by a conditional UPDATE, only when the answer's state is the cookie's: a
// replayed answer, another browser's, a forged or expired state signs nobody in. Apple answers by
// a cross-site form_post, which carries no SameSite=Lax cookie: its POST only keeps the answer on
// the flow's row and sends the browser on to the GET, which carries the cookie and finishes.

const FLOW_PATH = "/api/auth/oidc";
const FLOW_TTL_MS = 10 * 60_000;
/** The answer's parameters kept from Apple's form_post. */
const ANSWER_FIELDS = ["code", "state", "iss", "error", "user"] as const;

const hashOf = (state: string) => createHash("sha256").update(state).digest("base64url");
const originOf = (request: NextRequest) => ownOrigin(request) ?? request.nextUrl.origin;
/** Where the provider sends its answer: the callback on this site's own origin. */
const callbackUrl = (request: NextRequest, provider: SignInProvider) => `${originOf(request)}${FLOW_PATH}/${provider}/callback`;

/** Starts a sign-in (or, with `linkFor`, a link to that signed-in account): the provider's URL to open. */
export async function startFlow(request: NextRequest, provider: SignInProvider, options: { next?: string | null; linkFor?: Pick<SessionUser, "id"> }, now = new Date()) {
  // The state rides in the browser's cookie (web/sign-in-cookie.ts), set by the route.
  providerSettings(provider);
  const { url, state, nonce, codeVerifier } = await authorizationRequest(provider, callbackUrl(request, provider));
  await db.signInFlow.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 3_600_000) } } });
  await db.signInFlow.create({
    data: {
      stateHash: hashOf(state),
      provider,
      codeVerifier,
      nonce,
      userId: options.linkFor?.id ?? null,
      next: safeReturnPath(options.next ?? null) ?? "/",
      createdAt: now,
      expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
    },
  });
  return { url, state, seconds: FLOW_TTL_MS / 1000 };
}

/** Apple's form_post: its answer kept on the flow its state names (once, while the flow is open); the GET to send the browser on to. */
export async function keepPostedAnswer(request: NextRequest, provider: SignInProvider, form: URLSearchParams, now = new Date()): Promise<string> {
  providerSettings(provider);
  const state = form.get("state");
  if (!state) return failurePath("failed", false);
  const answer = Object.fromEntries(ANSWER_FIELDS.flatMap((field) => (form.has(field) ? [[field, String(form.get(field)).slice(0, 4096)]] : [])));
  await db.signInFlow.updateMany({
    where: { stateHash: hashOf(state), provider, answer: null, usedAt: null, expiresAt: { gt: now } },
    data: { answer: JSON.stringify(answer) },
  });
  return `${FLOW_PATH}/${provider}/callback?${new URLSearchParams({ state })}`;
}

type Finish = {
  /** The state in the browser's cookie (web/sign-in-cookie.ts), taken with this callback. */
  cookieState: string;
  /** The signed-in user now, for a link's check that the account that started it is the one finishing it. */
  current: SessionUser | null;
  address: string;
  language: Locale | null;
  /** Starts the session of the account signed in to. */
  startSession: (user: WalletUser) => Promise<void>;
};

/** The callback (the GET): checks the state against the browser's cookie, takes the flow once, verifies the answer and signs in or links. The page to open next. */
export async function finishFlow(request: NextRequest, provider: SignInProvider, finish: Finish, now = new Date()): Promise<string> {
  providerSettings(provider);
  const state = request.nextUrl.searchParams.get("state") ?? "";
  if (!state || !sameText(state, finish.cookieState)) return failurePath("failed", false, "state does not match the browser's");
  const { count } = await db.signInFlow.updateMany({ where: { stateHash: hashOf(state), provider, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  if (count !== 1) return failurePath("failed", false, "unknown, used or expired state");
  const flow = await db.signInFlow.findUniqueOrThrow({ where: { stateHash: hashOf(state) } });
  const linking = flow.userId !== null;
  const posted = flow.answer ? (JSON.parse(flow.answer) as Record<string, string>) : null;
  const params = posted ?? Object.fromEntries(request.nextUrl.searchParams);
  if (params.error) return failurePath("cancelled", linking);
  const answer = new URL(callbackUrl(request, provider));
  for (const field of ["code", "state", "iss"]) if (params[field] !== undefined) answer.searchParams.set(field, params[field]!);
  let claims: IdClaims;
  try {
    claims = await verifiedClaims(provider, answer, { state, nonce: flow.nonce, codeVerifier: flow.codeVerifier });
  } catch (error) {
    return failurePath("failed", linking, error instanceof Error ? error.message : String(error));
  }
  const identity = identityOf(provider, claims, posted?.user);
  try {
    if (linking) {
      if (finish.current?.id !== flow.userId) throw new SignInRefused("failed");
      await linkIdentity(finish.current, identity, now);
      return `/account?linked=${provider}#account-sign-ins`;
    }
    const user = await signInWithIdentity(identity, finish.address, finish.language, now);
    await finish.startSession(user);
    return flow.next;
  } catch (error) {
    if (error instanceof SignInRefused) return failurePath(error.reason, linking);
    throw error;
  }
}

/** The person as the ID token says, with Apple's name from its first form_post (`user`, JSON) when the token has none. */
function identityOf(provider: SignInProvider, claims: IdClaims, user: string | undefined): Identity {
  let posted: { firstName?: unknown; lastName?: unknown } = {};
  try {
    posted = (JSON.parse(user ?? "{}") as { name?: typeof posted }).name ?? {};
  } catch {}
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim().slice(0, 50) : null);
  return {
    provider,
    subject: claims.subject,
    email: claims.email,
    emailVerified: claims.emailVerified,
    firstName: claims.givenName ?? text(posted.firstName) ?? claims.name,
    lastName: claims.familyName ?? text(posted.lastName),
  };
}

/** Where a refused sign-in or link goes: the login page or the account page, saying why (`signIn=<reason>`). */
function failurePath(reason: string, linking: boolean, why?: string): string {
  if (why) appLog.warn("sign-in with a provider refused", { reason, why });
  return linking ? `/account?signIn=${reason}#account-sign-ins` : `/login?signIn=${reason}`;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
