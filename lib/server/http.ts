import "server-only";
import { cookies } from "next/headers";
import type { NextRequest } from "next/server";
import { NextResponse } from "next/server";
import { XSRF_COOKIE } from "@/lib/csrf";
import { z } from "zod";
import { finishResponse, refusal, renewSession } from "@/lib/request-guard";
import { ApiError, badRequest, errorResponse, fromZod } from "./errors";

type Params = Record<string, string | string[] | undefined>;
type Context<P> = { params: Promise<P> };

/**
 * Wraps a route handler. Before it runs: the cross-site and anti-forgery checks of every
 * mutating call (a 403, and the handler never runs). After: every thrown ApiError or ZodError
 * becomes the contract's JSON error, anything else a bare 500 (logged, never shown); the answer
 * gets the API's policy, HSTS in production, the XSRF-TOKEN cookie when missing or stale and, on reads,
 * the renewed session cookie (lib/request-guard.ts; pages get the same from proxy.ts).
 */
export function route<P extends Params = Params>(
  handler: (request: NextRequest, params: P) => Promise<Response>,
) {
  return async (request: NextRequest, context: Context<P>): Promise<Response> => {
    const refused = await refusal(request);
    let response: Response;
    if (refused) response = NextResponse.json({ message: refused }, { status: 403 });
    else {
      try {
        response = await handler(request, await context.params);
      } catch (error) {
        response = errorResponse(error);
      }
    }
    const answer = response instanceof NextResponse ? response : new NextResponse(response.body, response);
    // JSON only: nothing may run, frame or be embedded from an API answer.
    answer.headers.set("Content-Security-Policy", API_POLICY);
    if (!refused) await renewSession(request, answer);
    // A handler that started or ended a session set the token for it (lib/server/session.ts).
    const rotated = !refused && (await cookies()).get(XSRF_COOKIE)?.value !== request.cookies.get(XSRF_COOKIE)?.value;
    return finishResponse(request, answer, rotated);
  };
}

const API_POLICY = "default-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const json = (body: unknown, status = 200) => NextResponse.json(body, { status });

/** Reads a JSON object body; an unreadable or non-object body is a 400. */
export async function readJson(request: NextRequest): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    const text = await request.text();
    body = text ? JSON.parse(text) : {};
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("Request body must be a JSON object");
  }
  // camelizeKeys and zod walk the body recursively: thousands of nested arrays would overflow
  // the stack (a 500 found by the fuzzer). No body of ours nests deeper than three.
  if (depthExceeds(body, MAX_BODY_DEPTH)) throw badRequest("Request body is nested too deeply");
  return body as Record<string, unknown>;
}

const MAX_BODY_DEPTH = 16;

/** Whether a parsed JSON value nests deeper than `max`, without recursion. */
function depthExceeds(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== "object" || current === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * The contract accepts snake_case and camelCase names for every body field; bodies are
 * normalised to camelCase (the camelCase key wins when both are sent).
 */
export function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  const entries = Object.entries(value as Record<string, unknown>);
  for (const [key, v] of entries) {
    const camel = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    if (camel !== key && Object.prototype.hasOwnProperty.call(value, camel)) continue;
    out[camel] = camelizeKeys(v);
  }
  return out;
}

export async function parseBody<S extends z.ZodType>(request: NextRequest, schema: S): Promise<z.output<S>> {
  const result = schema.safeParse(camelizeKeys(await readJson(request)));
  if (!result.success) throw fromZod(result.error);
  return result.data;
}

export function parseQuery<S extends z.ZodType>(request: NextRequest, schema: S): z.output<S> {
  const query: Record<string, string> = {};
  request.nextUrl.searchParams.forEach((value, key) => {
    query[key] = value;
  });
  const result = schema.safeParse(query);
  if (!result.success) throw fromZod(result.error);
  return result.data;
}

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** A route parameter that must be a positive integer id; junk is a 400 naming the field. */
export function parseId(value: string | string[] | undefined, field = "id"): number {
  const result = idSchema.safeParse(typeof value === "string" && /^\d+$/.test(value) ? value : NaN);
  if (!result.success) throw new ApiError("bad_request", `${field} must be a positive whole number`, { [field]: `${field} must be a positive whole number` });
  return result.data;
}

/** The client's address for throttling: the first X-Forwarded-For hop when behind a trusted proxy. */
export function clientAddress(request: NextRequest, trustProxy: boolean): string {
  const forwarded = request.headers.get("x-forwarded-for");
  if (trustProxy && forwarded) return forwarded.split(",")[0]!.trim();
  return request.headers.get("x-real-ip") ?? forwarded?.split(",").at(-1)?.trim() ?? "local";
}
