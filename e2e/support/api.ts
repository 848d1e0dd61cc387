import type { APIResponse, Cookie, Page } from "@playwright/test";
import { randomInt, randomUUID } from "node:crypto";
import { checkResponse } from "./contract";
import { NativeRequestContext, type RequestContext } from "./http-client";
import { type CookieJar, cookieOf, XSRF_COOKIE, xsrfHeaders, xsrfToken } from "./xsrf";

// The e2e suite's one API client. It behaves like the web client: it picks up the XSRF-TOKEN
// cookie first and echoes its current value on every mutating call (support/xsrf.ts), and
// every response it gets goes through the contract check (support/contract.ts). Its requests
// go out from the test worker over Node's http (support/http-client.ts), a tenth of the CPU of
// Playwright's driver; the same client speaks with a browser page's cookies over the page's own
// request context (pageClient). Clients made by newClient are tracked, so that e2e/fixtures.ts
// disposes every one a test leaves open.

export type Client = {
  ctx: RequestContext;
  /** The current XSRF-TOKEN cookie, for calls made with `ctx` directly. */
  xsrf: () => Promise<string>;
  get: (url: string, headers?: Record<string, string>) => Promise<APIResponse>;
  post: (url: string, data?: unknown, headers?: Record<string, string>) => Promise<APIResponse>;
  put: (url: string, data?: unknown, headers?: Record<string, string>) => Promise<APIResponse>;
  del: (url: string, headers?: Record<string, string>) => Promise<APIResponse>;
  cookie: (name: string) => Promise<string | undefined>;
  dispose: () => Promise<void>;
};

const CHECKED = ["get", "post", "put", "patch", "delete", "head", "fetch"] as const;

/**
 * `ctx` with every response passed to checkResponse(method, url, response) before the caller
 * sees it; everything else (storageState, dispose...) is the context's own.
 */
export function checked<Context extends RequestContext>(ctx: Context): Context {
  return new Proxy(ctx, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (!(CHECKED as readonly (string | symbol)[]).includes(property)) return value.bind(target);
      return async (url: string | { url: () => string; method: () => string }, options?: { method?: string }) => {
        const response: APIResponse = await value.call(target, url, options);
        const method = property === "fetch" ? (typeof url === "string" ? (options?.method ?? "GET") : url.method()) : String(property);
        await checkResponse(method.toUpperCase(), typeof url === "string" ? url : url.url(), response);
        return response;
      };
    },
  });
}

/** A client over an existing request context whose cookies live in `jar`. */
function clientOver(ctx: RequestContext, jar: CookieJar, dispose: () => Promise<void>): Client {
  const headers = (extra?: Record<string, string>) => xsrfHeaders(jar, extra);
  return {
    ctx,
    xsrf: () => xsrfToken(jar),
    get: (url, extra) => ctx.get(url, { headers: extra }),
    post: async (url, data, extra) => ctx.post(url, { data, headers: await headers(extra) }),
    put: async (url, data, extra) => ctx.put(url, { data, headers: await headers(extra) }),
    del: async (url, extra) => ctx.delete(url, { headers: await headers(extra) }),
    cookie: (name) => cookieOf(jar, name),
    dispose,
  };
}

const open = new Set<Client>();

/** The clients made by newClient and not disposed yet (e2e/fixtures.ts disposes them). */
export const openClients = (): ReadonlySet<Client> => open;

/**
 * A client with its own cookie jar, holding its anonymous session's XSRF token; `ownToken`: one the
 * server gave this client (GET /api/auth/), never the worker's shared copy (below).
 */
export async function newClient(baseURL: string, extraHeaders: Record<string, string> = {}, { ownToken = false } = {}): Promise<Client> {
  // A client sending headers of its own (an API key's) asks for its token itself.
  const shareable = !ownToken && SHARED_SERVERS.has(baseURL) && Object.keys(extraHeaders).length === 0;
  return tracked(new NativeRequestContext({ baseURL, extraHTTPHeaders: extraHeaders }), shareable ? baseURL : "");
}

// The run's two shared servers (playwright.config.ts: E2E_PORT and E2E_PORT + 1, one data folder,
// so one session secret for the whole run).
const sharedPort = Number(process.env.E2E_PORT ?? 3111);
const SHARED_SERVERS = new Set([sharedPort, sharedPort + 1].map((port) => `http://127.0.0.1:${port}`));
/**
 * The XSRF-TOKEN cookie a shared server gave this worker's first anonymous client. A visitor
 * without a session is bound to the empty session id (lib/edge/xsrf-token.ts), so that token is
 * every anonymous client's on those servers: a new client there starts with a copy of it rather
 * than asking GET /api/auth/ (a request of the server's for every client, some thousands a run). A
 * signup, login or guest session replaces it as before. A server of a test's own (another data
 * folder, so another secret, and maybe restarted) is asked each time.
 */
const anonymousToken = new Map<string, Cookie>();

/**
 * A client on `baseURL` (another server process, say) with a copy of `client`'s cookies as
 * they are now: the same session, or a replay of it once `client` has moved on.
 */
export async function sameSession(client: Client, baseURL: string): Promise<Client> {
  return tracked(new NativeRequestContext({ baseURL, storageState: await client.ctx.storageState() }), null);
}

/** `prime`: null, or the client asks its anonymous XSRF token (GET /api/auth/), or copies the one `prime` (a shared server's URL) gave. */
async function tracked(raw: NativeRequestContext, prime: string | null): Promise<Client> {
  const ctx = checked(raw);
  const client = clientOver(ctx, raw, async () => {
    // Idempotent: a spec may dispose a client the fixtures dispose again.
    if (open.delete(client)) await raw.dispose();
  });
  open.add(client);
  if (prime === null) return client;
  const shared = anonymousToken.get(prime);
  if (shared) {
    await raw.addCookies([shared]);
    return client;
  }
  await ctx.get("/api/auth/");
  const token = (await raw.storageState()).cookies.find((cookie) => cookie.name === XSRF_COOKIE);
  if (token && prime) anonymousToken.set(prime, token);
  return client;
}

/**
 * The same client speaking with a browser page's cookies (page.request): what it does shows in
 * the page's session. Disposing it is a no-op (the page owns its context).
 */
export async function pageClient(page: Page): Promise<Client> {
  const jar = page.context();
  if ((await cookieOf(jar, "XSRF-TOKEN")) === undefined) await page.request.get("/api/auth/");
  return clientOver(checked(page.request), jar, async () => {});
}

export const uniqueEmail = (label = "user") => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** A random 10-digit phone number (collisions are one in billions). */
export const uniquePhone = () => String(randomInt(2_000_000_000, 9_999_999_999));

export const TEST_PASSWORD = "correct horse battery";

export type SignedUp = { client: Client; user: { id: number; wallet: number } & Record<string, unknown>; email: string; password: string };

/** Signs `client` up as a fresh customer (201 or it throws); the session's new token is picked up by the next call. */
export async function signUp(client: Client, over: Record<string, unknown> = {}, label = "user"): Promise<Omit<SignedUp, "client">> {
  const email = (over.credential as string | undefined) ?? uniqueEmail(label);
  const password = (over.password as string | undefined) ?? TEST_PASSWORD;
  const response = await client.post("/api/auth/signup", { name: "Test Customer", credential: email, password, ...over });
  if (response.status() !== 201) throw new Error(`signup failed: ${response.status()} ${await response.text()}`);
  return { user: await response.json(), email, password };
}

/** Signs up a fresh customer and returns the signed-in client with its user. */
export async function signUpCustomer(baseURL: string, over: Record<string, unknown> = {}): Promise<SignedUp> {
  const client = await newClient(baseURL);
  return { client, ...(await signUp(client, over)) };
}

/** A fresh guest session (POST /api/auth/guest) and its user. */
export async function signUpGuest(baseURL: string): Promise<{ client: Client; user: { id: number } & Record<string, unknown> }> {
  const client = await newClient(baseURL);
  const response = await client.post("/api/auth/guest");
  if (response.status() >= 300) throw new Error(`guest failed: ${response.status()} ${await response.text()}`);
  return { client, user: await response.json() };
}
