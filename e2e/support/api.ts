import { request, type APIRequestContext, type APIResponse } from "@playwright/test";
import { randomInt, randomUUID } from "node:crypto";
import { checkResponse } from "./contract";

// An API client with its own cookie jar that behaves like the web client: it picks up the
// XSRF-TOKEN cookie first and echoes its current value in the XSRF-Token header on every
// mutating call (the token is bound to the session, so login, signup and logout replace it).

export type Client = {
  ctx: APIRequestContext;
  /** The current XSRF-TOKEN cookie, for calls made with `ctx` directly. */
  xsrf: () => Promise<string>;
  get: (url: string, headers?: Record<string, string>) => Promise<APIResponse>;
  post: (url: string, data?: unknown, headers?: Record<string, string>) => Promise<APIResponse>;
  put: (url: string, data?: unknown, headers?: Record<string, string>) => Promise<APIResponse>;
  del: (url: string, headers?: Record<string, string>) => Promise<APIResponse>;
  cookie: (name: string) => Promise<string | undefined>;
  dispose: () => Promise<void>;
};

export async function newClient(baseURL: string, extraHeaders: Record<string, string> = {}): Promise<Client> {
  const ctx = await request.newContext({ baseURL, extraHTTPHeaders: extraHeaders });
  await ctx.get("/api/auth/");
  const cookie = async (name: string) => (await ctx.storageState()).cookies.find((c) => c.name === name)?.value;
  const xsrf = async () => (await cookie("XSRF-TOKEN"))!;
  const h = async (headers?: Record<string, string>) => ({ "XSRF-Token": await xsrf(), ...headers });
  // Every answer is checked against the OpenAPI document (e2e/support/contract.ts).
  const checked = async (method: string, url: string, response: APIResponse) => {
    await checkResponse(method, url, response);
    return response;
  };
  return {
    ctx,
    xsrf,
    get: async (url, headers) => checked("GET", url, await ctx.get(url, { headers })),
    post: async (url, data, headers) => checked("POST", url, await ctx.post(url, { data, headers: await h(headers) })),
    put: async (url, data, headers) => checked("PUT", url, await ctx.put(url, { data, headers: await h(headers) })),
    del: async (url, headers) => checked("DELETE", url, await ctx.delete(url, { headers: await h(headers) })),
    cookie,
    dispose: () => ctx.dispose(),
  };
}

export const uniqueEmail = (label = "user") => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** A random 10-digit phone number (collisions are one in billions). */
export const uniquePhone = () => String(randomInt(2_000_000_000, 9_999_999_999));

/** Signs up a fresh customer and returns the signed-in client with its user. */
export async function signUpCustomer(baseURL: string, over: Record<string, unknown> = {}) {
  const client = await newClient(baseURL);
  const email = uniqueEmail();
  const password = "correct horse battery";
  const response = await client.post("/api/auth/signup", { name: "Test Customer", credential: email, password, ...over });
  if (response.status() !== 201) throw new Error(`signup failed: ${response.status()} ${await response.text()}`);
  const user = (await response.json()) as { id: number; wallet: number };
  return { client, user, email, password };
}
