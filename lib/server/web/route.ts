import "server-only";
import { cookies } from "next/headers";
import type { NextRequest } from "next/server";
import { NextResponse } from "next/server";
import { XSRF_COOKIE } from "@/lib/shared/web/csrf";
import { finishResponse, refusal, renewSession, sessionOf } from "@/lib/edge/request-guard";
import { shareOpenedSession } from "@/lib/edge/session-cookie";
import { languageOfRequest } from "./request-language";
import { errorResponse } from "../platform/errors";
import { keepBody, MAX_JSON_BYTES, jsonTooLarge, readCapped, releaseUpload, MUTATING } from "./body";
import { markingAnswer, type AnswerMarks } from "./personal-answer";
import { currentSessionCookieName } from "./session";
import { bearerKeyOf } from "../api-keys/bearer";

// The route wrapper every API handler runs in (through handle(), ./handle.ts, which adds the
// operation's access and input checks): refusal, body cap, errors, headers.

type Params = Record<string, string | string[] | undefined>;
type Context<P> = { params: Promise<P> };

/**
 * Wraps a route handler. Before it runs: the cross-site and anti-forgery checks of every
 * mutating call (a 403, and the handler never runs). After: every thrown ApiError or ZodError
 * becomes the contract's JSON error, anything else a bare 500 (logged, never shown); the answer
 * gets the API's policy, HSTS in production, the XSRF-TOKEN cookie when missing or stale and, on reads,
 * the renewed session cookie (lib/edge/request-guard.ts; pages get the same from proxy.ts).
 *
 * The body of a mutating call is read (at most MAX_JSON_BYTES, else a 413) before the handler
 * runs, so that routes which take no body refuse a huge one instead of acting on the call;
 * readJson then parses those bytes. `{ body: "handler" }` leaves the stream to the handler
 * (the picture upload, which checks who is asking before it reads, with its own cap).
 */
export function route<P extends Params = Params>(
  handler: (request: NextRequest, params: P) => Promise<Response>,
  options: { body?: "json" | "handler"; signedLink?: boolean; apiKeys?: boolean; machine?: boolean } = {},
) {
  const readsBody = options.body !== "handler";
  return async (request: NextRequest, context: Context<P>): Promise<Response> => {
    // `signedLink`: the call's authority is a signed token in its URL, not a session (the mail's
    // one-click unsubscribe, which mail providers POST without cookies; Apple's sign-in answer,
    // posted cross-site, whose state is its authority): no forgery check applies.
    // `apiKeys` (an operation that takes API keys) and the request carries one: the key is its only
    // authority (handle() never reads the session then), and a browser cannot send it on its own.
    // `machine` (a kitchen printer's call): its HTTP Basic credentials are its only authority, likewise.
    const keyed = (options.apiKeys === true && bearerKeyOf(request) !== null) || options.machine === true;
    const refused = options.signedLink || keyed ? null : await refusal(request);
    let response: Response;
    // Whether the answer depends on who asks: the handler read or changed the session
    // (personal-answer.ts), or the request carried one.
    const marks: AnswerMarks = { personal: request.cookies.has(currentSessionCookieName()) };
    // Its session is opened once for the whole request: the checks here and the handler's
    // getCurrentUser (through the request's cookie store) share one opening.
    if (marks.personal) {
      sessionOf(request).catch(() => {});
      shareOpenedSession(request, await cookies());
    }
    if (refused) response = NextResponse.json({ message: refused }, { status: 403 });
    else {
      try {
        if (readsBody && MUTATING.has(request.method)) keepBody(request, await readCapped(request, MAX_JSON_BYTES, jsonTooLarge));
        response = await markingAnswer(marks, async () => handler(request, await context.params));
      } catch (error) {
        response = errorResponse(error, languageOfRequest(request));
      } finally {
        releaseUpload(request);
      }
    }
    const answer = response instanceof NextResponse ? response : new NextResponse(response.body, response);
    // JSON only: nothing may run, frame or be embedded from an API answer (a signed link's small
    // HTML page may post its own form and carry inline styles, nothing else).
    answer.headers.set("Content-Security-Policy", options.signedLink ? SIGNED_LINK_POLICY : API_POLICY);
    // A person's answer (their orders, profile, wallet, notifications, a 401...) is never stored by
    // a browser, a proxy or a shared cache, like the pages (Next.js sends them so): `private,
    // no-store` unless the handler chose its own (the CSV downloads' is the same; an event stream's
    // is `no-cache`). Public reads (the catalog, the offline app's menus) stay cacheable.
    if (marks.personal && !answer.headers.has("Cache-Control")) answer.headers.set("Cache-Control", PERSONAL);
    // A write's answer (an order, a profile, a review: 0.1-3 KB) is read once and never cached:
    // gzip cost more CPU than it saved (8% of a wallet checkout, docs/log/performance.md), and
    // `no-transform` is what makes Next.js's compression leave it as it is. Reads stay compressed.
    if (MUTATING.has(request.method)) answer.headers.set("Cache-Control", withNoTransform(answer.headers.get("Cache-Control")));
    // A key's request renews no cookie session it happens to carry: the key is its only authority.
    if (!refused && !keyed) await renewSession(request, answer);
    // A handler that started or ended a session set the token for it (lib/server/web/session.ts).
    const rotated = !refused && (await cookies()).get(XSRF_COOKIE)?.value !== request.cookies.get(XSRF_COOKIE)?.value;
    return finishResponse(request, answer, rotated);
  };
}

/** The Cache-Control of every answer that depends on the session. */
export const PERSONAL = "private, no-store";
export const withNoTransform = (cacheControl: string | null) => (cacheControl ? `${cacheControl}, no-transform` : "no-store, no-transform");

export const API_POLICY = "default-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const SIGNED_LINK_POLICY = "default-src 'none'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export const json = (body: unknown, status = 200) => NextResponse.json(body, { status });
