import { expect, test } from "../fixtures";
import { OPERATIONS } from "@/lib/contract/operations";
import type { Client } from "../support/api";

// Personal answers are never stored (docs/architecture/security.md "Personal answers are never
// stored"): every operation of the contract that needs a session answers with
// `Cache-Control: private, no-store`, whatever its status, as the pages do; public reads stay
// cacheable (the offline app saves menus from them, without cookies). Sent with fetch, outside
// the contract check: the ids are made up, and only the header is asked about.

const PERSONAL = /(^|,\s*)private(,|$)/;
const NO_STORE = /(^|,\s*)no-store(,|$)/;

async function sessionHeaders(client: Client): Promise<Record<string, string>> {
  const cookie = (await client.ctx.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  return { cookie, "XSRF-Token": await client.xsrf(), "content-type": "application/json" };
}

/** The operation's path with its parameters filled in: the caller's own id where the path names a user, 1 (someone else's or nobody's) elsewhere. */
const pathOf = (path: string, userId: number) => path.replace(/\/api\/users\/\{id\}/, `/api/users/${userId}`).replace(/\{[a-zA-Z]+\}/g, "1");

const needsSession = OPERATIONS.filter((operation) => operation.access.signedIn);
// Event streams never end; their own `no-cache` is pinned by e2e/orders/events.api.spec.ts. The
// calls that end the session go last, so every other call is made signed in.
const ENDS_SESSION = /\/(logout|logout-everywhere|delete)$/;
const walked = needsSession
  .filter((operation) => !Object.values(operation.responses).some((response) => response.contentType === "text/event-stream"))
  .sort((a, b) => Number(ENDS_SESSION.test(a.path)) - Number(ENDS_SESSION.test(b.path)) || Number(a.method !== "GET") - Number(b.method !== "GET"));

test("every operation that needs a session answers Cache-Control: private, no-store, whatever its status", async ({ baseURL, customer: { client, user } }) => {
  expect(walked.length).toBeGreaterThan(60);
  const headers = await sessionHeaders(client);
  const stored: string[] = [];
  for (const operation of walked) {
    const url = `${baseURL}${pathOf(operation.path, user.id)}`;
    const response = await fetch(url, { method: operation.method, headers, body: operation.method === "GET" ? undefined : "{}", redirect: "manual" });
    await response.body?.cancel();
    const cacheControl = response.headers.get("cache-control") ?? "";
    if (!PERSONAL.test(cacheControl) || !NO_STORE.test(cacheControl)) stored.push(`${operation.method} ${operation.path} -> ${response.status}: "${cacheControl}"`);
  }
  expect(stored).toEqual([]);
});

test("signed out, a personal read's 401 is not stored either; public reads stay cacheable for the offline app", async ({ baseURL, owner }) => {
  for (const path of ["/api/auth", "/api/orders", "/api/notifications", "/api/courier/jobs"]) {
    const response = await fetch(`${baseURL}${path}`);
    expect(response.status, path).toBe(401);
    expect(response.headers.get("cache-control"), path).toBe("private, no-store");
  }
  for (const path of [`/api/restaurants/${owner.restaurant.id}`, `/api/menu-items?restaurantId=${owner.restaurant.id}&limit=100`]) {
    const response = await fetch(`${baseURL}${path}`);
    expect(response.status, path).toBe(200);
    expect(response.headers.get("cache-control") ?? "", path).not.toMatch(/private|no-store/);
  }
});
