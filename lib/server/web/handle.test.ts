import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportedMethods } from "@/e2e/support/matrix";
import { OPERATIONS, OPERATIONS_BY_KEY, operationKey, routeKey, type Access, type AccessKind } from "@/lib/contract/operations";
import { NOT_AN_OPERATOR } from "../platform/operator";
import { NOT_A_COURIER } from "../dispatch/courier";
import { admit } from "./handle";
import type { SignedInUser } from "./session";
import { inEnglish } from "@/lib/contract/testing/in-english";

// No API route bypasses its declaration: every method of every app/api/**/route.ts is
// `handle("<its own METHOD /api/path>", ...)` (lib/server/web/handle.ts), which applies the
// operation's access before the handler runs, and no route file checks a session, a role, a
// restaurant's ownership or its input by hand (a team route's restaurant is admitted by handle(),
// an owner's record by the data layer). The catch-all 404 (app/api/[...path]) is the one route
// with no operation.

const APP = path.resolve(process.cwd(), "app");

/** Every route file under app/api with its key's path ("/api/orders/[id]/submit"), the catch-all left out. */
function routeFiles(): { file: string; url: string }[] {
  const files: { file: string; url: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSyncSorted(dir)) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith("[...")) walk(full);
      } else if (/^route\.(ts|tsx|js|mjs)$/.test(entry.name)) files.push({ file: full, url: "/" + path.relative(APP, dir).split(path.sep).join("/") });
    }
  };
  walk(path.join(APP, "api"));
  return files;
}
const readdirSyncSorted = (dir: string) => readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));

/** What a route file may not do itself: handle() does it from the declaration. */
const BY_HAND = [
  [/\broute\s*[(<]/, "wraps a handler in route() instead of handle()"],
  [/\brequire(User|Operator)\s*\(/, "checks the session by hand"],
  [/\bas(Courier|Operator)\s*\(/, "checks a role by hand"],
  [/\b(assertOwns|getOwned|lockOwned|admitTo|admitTeam)\w*\s*\(/, "checks a restaurant's ownership by hand"],
  [/\bparse(Id|Body)\s*\(/, "parses its path or body by hand"],
  [/\bidempotencyKeyOf\s*\(/, "reads the Idempotency-Key by hand"],
] as const;

describe("every API route is served by handle() from its declaration", () => {
  const files = routeFiles();

  it("finds the route files", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it("tells a check by hand when a route has one", () => {
    const byHand = (source: string) => BY_HAND.filter(([pattern]) => pattern.test(source)).map(([, what]) => what);
    expect(byHand("async ({ user, params: { id } }) => {\n  await assertOwnsRestaurant(user, id);")).toEqual(["checks a restaurant's ownership by hand"]);
    expect(byHand("await getOwnedMenuItem(user, id);")).toEqual(["checks a restaurant's ownership by hand"]);
    expect(byHand("const page = await listOwnedRestaurants(user.id, query);")).toEqual([]);
  });

  it.each(files.map(({ file, url }) => [path.relative(APP, file), url]))("%s", (relative, url) => {
    const source = readFileSync(path.join(APP, relative), "utf8");
    const methods = exportedMethods(source);
    expect(methods.length, "exports a method").toBeGreaterThan(0);
    for (const method of methods) {
      const served = new RegExp(`export const ${method} = handle\\(\\s*"([^"]+)"`).exec(source);
      expect(served, `${method}: export const ${method} = handle("${method} ...", ...)`).not.toBeNull();
      const operation = OPERATIONS_BY_KEY.get(served![1]!);
      expect(operation, `${method}: "${served![1]}" is a declared operation`).toBeDefined();
      expect(routeKey(operation!), `${method}: the operation of this file's method and path`).toBe(`${method} ${url}`);
    }
    for (const [pattern, what] of BY_HAND) expect(pattern.test(source), `the route ${what}`).toBe(false);
  });
});

/** The callers of the access check: who signs in, and as what. */
const person = (traits: Partial<SignedInUser>): SignedInUser =>
  ({ id: 7, firstName: "Ada", guestAccount: false, courier: false, operator: false, ...traits }) as SignedInUser;
const CALLERS = {
  anonymous: null,
  guest: person({ guestAccount: true }),
  customer: person({}),
  courier: person({ courier: true }),
  operator: person({ operator: true }),
} as const;
type Caller = keyof typeof CALLERS;

/** What handle() itself answers each caller, by access kind; "in" lets the call through to the data layer (which checks the record, the guest, the path's user). */
const EXPECTED: Record<AccessKind, Record<Caller, "in" | 401 | 403>> = (() => {
  const open = { anonymous: "in", guest: "in", customer: "in", courier: "in", operator: "in" } as const;
  const signedIn = { ...open, anonymous: 401 } as const;
  const courierOnly = { anonymous: 401, guest: 403, customer: 403, courier: "in", operator: 403 } as const;
  return {
    anyone: open,
    signedLink: open,
    signedIn,
    member: signedIn,
    self: signedIn,
    restaurantOwner: signedIn,
    // The caller's role at the restaurant is the next step's (restaurant-access.ts; lib/server/team/team.test.ts).
    restaurantManager: signedIn,
    restaurantStaff: signedIn,
    recordOwner: signedIn,
    groupToken: signedIn,
    groupHost: signedIn,
    courier: courierOnly,
    jobCourier: courierOnly,
    operator: { anonymous: 401, guest: 403, customer: 403, courier: 403, operator: "in" },
    // A kitchen printer's calls: its HTTP Basic credentials (printers/caller.ts), never a session.
    printer: { anonymous: 401, guest: 401, customer: 401, courier: 401, operator: 401 },
  };
})();

async function outcome(access: Access, caller: Caller): Promise<{ status: "in" | number; message?: string; readSession: boolean; handed?: object }> {
  let readSession = false;
  try {
    const handed = await admit(access, async () => {
      readSession = true;
      return CALLERS[caller];
    });
    return { status: "in", readSession, handed };
  } catch (error) {
    const { status, message } = error as { status: number; message: string };
    return { status, message, readSession };
  }
}

describe("handle() applies each declared operation's access", () => {
  it.each(OPERATIONS.map((operation) => [operationKey(operation), operation.access] as const))("%s", async (_key, access) => {
    for (const caller of Object.keys(CALLERS) as Caller[]) {
      const got = await outcome(access, caller);
      expect(got.status, `${caller} (${access.kind})`).toBe(EXPECTED[access.kind][caller]);
      // Anyone's operations answer without reading the session (a shared answer stays shared).
      expect(got.readSession, `${caller} reads the session`).toBe(access.signedIn && access.kind !== "printer");
      if (got.status === 403) expect(got.message).toBe(access.kind === "operator" ? inEnglish(NOT_AN_OPERATOR) : inEnglish(NOT_A_COURIER));
      if (got.status === "in" && access.signedIn) expect(got.handed).toMatchObject({ user: CALLERS[caller] });
    }
  });

  it("covers every access kind the contract declares", () => {
    expect(new Set(OPERATIONS.map((operation) => operation.access.kind))).toEqual(new Set(Object.keys(EXPECTED)));
  });
});

describe("a team route declares where its restaurant comes from (restaurant-access.ts reads the declaration)", () => {
  const team = OPERATIONS.filter((operation) => operation.access.kind === "restaurantManager" || operation.access.kind === "restaurantStaff");
  const PREFIX = { path: "/api/manage/{id}", dish: "/api/menu-items/{id}", review: "/api/reviews/{id}" } as const;

  it("every one declares it, and the declaration agrees with its path", () => {
    expect(team.length).toBeGreaterThan(30);
    for (const operation of team) {
      const from = operation.access.restaurantFrom;
      const key = operationKey(operation);
      if (from === "body") expect(operation.path, key).not.toContain("{id}");
      else {
        expect(from, key).toBeDefined();
        expect(operation.path.startsWith(PREFIX[from!]), `${key} declares its restaurant from ${from}`).toBe(true);
      }
    }
    expect(new Set(team.map((operation) => operation.access.restaurantFrom))).toEqual(new Set(["path", "dish", "review", "body"]));
  });

  it("no other route declares one", () => {
    expect(OPERATIONS.filter((operation) => !team.includes(operation) && operation.access.restaurantFrom !== undefined).map(operationKey)).toEqual([]);
  });
});
