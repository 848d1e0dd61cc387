import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { RequestCookies, ResponseCookies } from "next/dist/server/web/spec-extension/cookies";
import type { z } from "zod";
import { finishResponse, refusal, type GuardedRequest } from "@/lib/edge/request-guard";
import { EVERY_ANSWER_HEADERS } from "@/lib/shared/web/host-contract.mjs";
import { languageOfRequest } from "./request-language";
import { errorResponse, unauthorized } from "../platform/errors";
import { jsonTooLarge, MAX_JSON_BYTES, parseJsonBytes } from "./body";
import { API_POLICY, PERSONAL, withNoTransform } from "./route";
import { basicsOfRequest, type SessionBasics } from "./session";

// A JSON write served by the host itself (server/pipeline.mjs), not through Next.js's router:
// the courier's position report, 200 a second from a fleet, where the router cost more CPU than
// the write (docs/log/performance.md "Couriers, third pass"). It answers exactly as route()
// (http.ts) does for a write, through the same functions:
//  - refusal(): the cross-site and anti-forgery checks (a 403, the handler never runs);
//  - the body read before the handler, at most MAX_JSON_BYTES (a 413), then handle()'s checks
//    (body.ts parseJsonBytes: a JSON object, the depth limit, the schema's field errors);
//  - the signed-in user with getCurrentUser's checks (basicsOfRequest: lifetimes, revocation,
//    sessionVersion, the same function), a 401 without one; only the columns a host route acts
//    on (id, firstName, courier), read straight on the connection rather than through Prisma;
//  - errorResponse() for every error (the contract's JSON shape, Retry-After on a 429);
//  - the API's Content-Security-Policy, `private, no-store, no-transform`, finishResponse()
//    (HSTS in production, the XSRF-TOKEN cookie when missing or stale), and next.config.mjs's
//    headers (EVERY_ANSWER_HEADERS).
// What it leaves out is what a write never needs: renewal (reads only), the session's rotation
// (no host route starts or ends a session) and Next.js's request scope (cookies(), headers():
// a host route must not call them; it is given the user and the body instead). Nor does it build
// a NextRequest or a NextResponse: undici's Request and Response (their body streams, abort
// signals and WebIDL checks) were a tenth of a report's CPU. The guard reads and writes the
// same Headers and cookie classes a NextRequest and a NextResponse carry (GuardedRequest).

/** What a host route's handler is given in place of the request scope. */
export type HostCall = {
  request: GuardedRequest;
  /** The signed-in user, or a 401. */
  requireUser: () => Promise<SessionBasics>;
  /** The body through handle()'s checks (body.ts parseJsonBytes). */
  parseBody: <S extends z.ZodType>(schema: S) => z.output<S>;
};

/** An answer as the host writes it. */
type Answer = { status: number; body: string; headers: Headers };

/**
 * A route's answer written straight to Node's request and response. The host's registry
 * (lib/shared/web/registries/host-routes.mjs) holds such functions; this file does not import it
 * (the registry describes this file, and host-routes.ts, which puts each route in it, checks the two agree).
 */
export type HostRoute = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * A write route the host serves itself (lib/server/web/host-routes.ts names them): `handler`
 * answers 200 with the JSON of what it returns, and throws for anything else (errorResponse).
 */
export function hostRoute(handler: (call: HostCall) => Promise<unknown>): HostRoute {
  return async (req, res) => {
    const request = guardedRequestOf(req);
    const refused = await refusal(request);
    let answer: Answer;
    if (refused) answer = jsonAnswer(403, { message: refused });
    else {
      try {
        const bytes = await readCappedBody(req, MAX_JSON_BYTES);
        const result = await handler({
          request,
          requireUser: async () => (await basicsOfRequest(request)) ?? Promise.reject(unauthorized()),
          parseBody: (schema) => parseJsonBytes(bytes, schema),
        });
        answer = jsonAnswer(200, result);
      } catch (error) {
        const response = errorResponse(error, languageOfRequest(request));
        answer = { status: response.status, body: await response.text(), headers: response.headers };
      }
    }
    answer.headers.set("Content-Security-Policy", API_POLICY);
    // Every host route reads the session (a 401 depends on it too): a personal write's answer.
    answer.headers.set("Cache-Control", withNoTransform(answer.headers.get("Cache-Control") ?? PERSONAL));
    await finishResponse(request, { headers: answer.headers, cookies: new ResponseCookies(answer.headers) });
    writeAnswer(answer, res);
  };
}

/** NextResponse.json's answer, without the Response around it. */
function jsonAnswer(status: number, body: unknown): Answer {
  return { status, body: JSON.stringify(body), headers: new Headers({ "content-type": "application/json" }) };
}

/** What refusal() and finishResponse() read of a NextRequest (its headers, cookies, method and path), from the Node request. */
function guardedRequestOf(req: IncomingMessage): GuardedRequest {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else headers.set(name, value);
  }
  const url = String(req.url);
  const query = url.indexOf("?");
  return { method: req.method ?? "GET", headers, cookies: new RequestCookies(headers), nextUrl: { pathname: query < 0 ? url : url.slice(0, query) } };
}

/** The body, at most `max` bytes (a 413 as soon as Content-Length, or what has arrived, says more). */
export function readCappedBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > max) return Promise.reject(jsonTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) return void chunks.push(chunk);
      // The rest is left unread: the host closes a connection whose body was not read (server/limits.mjs).
      req.off("data", onData);
      req.pause();
      reject(jsonTooLarge());
    };
    req.on("data", onData);
    req.once("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
    req.once("error", reject);
  });
}

function writeAnswer(answer: Answer, res: ServerResponse): void {
  // The host's own body cap (server/limits.mjs) may have answered already.
  if (res.headersSent || res.writableEnded) return;
  const body = Buffer.from(answer.body);
  for (const { key, value } of EVERY_ANSWER_HEADERS) res.setHeader(key, value);
  for (const [name, value] of answer.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  res.setHeader("Content-Length", body.length);
  res.statusCode = answer.status;
  res.end(body);
}
