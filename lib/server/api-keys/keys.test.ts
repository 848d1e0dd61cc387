import { describe, expect, it } from "vitest";
import { OPERATIONS_BY_KEY, type OperationKey } from "@/lib/contract/operations";
import { API_KEY_PATTERN, API_KEY_REQUESTS_PER_MINUTE } from "@/lib/shared/people/api-keys";
import { setUpTestDatabase } from "../platform/testing/db";

// A restaurant's API keys (docs/architecture/api-keys.md) on a real migrated SQLite file: kept as
// their hash only, found by it, limited to their scopes and their restaurant, revoked at once,
// their last use written at most once a minute, their requests limited per key.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  fixtures: await import("../platform/testing/fixtures"),
  keys: await import("./keys"),
  bearer: await import("./bearer"),
  access: await import("../web/restaurant-access"),
  roles: await import("../team/roles"),
  owned: await import("../team/owned"),
};

const op = (key: OperationKey) => OPERATIONS_BY_KEY.get(key)!;
const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: { status?: number }) => error.status,
  );

describe("API keys", () => {
  it("stores only the key's SHA-256, shows the key once, and finds the key by it", async () => {
    const { owner, restaurant } = await m.fixtures.shop("keys-owner");
    const { apiKey, key } = await m.keys.createApiKey(owner, restaurant.id, { name: "POS", scopes: ["orders.read"] });
    expect(key).toMatch(API_KEY_PATTERN);
    expect(key.startsWith("nosh_test_")).toBe(true);
    const row = await m.db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(row.hash).toBe(m.keys.hashApiKey(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(14));
    expect(apiKey).toMatchObject({ name: "POS", scopes: ["orders.read"], start: key.slice(0, 14), lastUsedAt: null });
    expect(JSON.stringify(await m.keys.listApiKeys(owner, restaurant.id))).not.toContain(key.slice(14));
    const admitted = await m.bearer.admitApiKey(op("GET /api/manage/{id}/orders"), key);
    expect(admitted).toMatchObject({ user: { id: owner.id }, apiKey: { keyId: apiKey.id, restaurantId: restaurant.id } });
  });

  it("reads the bearer header only", () => {
    const of = (value?: string) => m.bearer.bearerKeyOf({ headers: new Headers(value ? { authorization: value } : {}) });
    expect(of("Bearer nosh_test_abc")).toBe("nosh_test_abc");
    expect(of("bearer  nosh_test_abc ")).toBe("nosh_test_abc");
    expect(of("Basic dXNlcjpwYXNz")).toBeNull();
    expect(of()).toBeNull();
  });

  it("refuses unknown and revoked keys (401), a scope the key lacks (403), and operations that take no keys (401)", async () => {
    const { owner, restaurant } = await m.fixtures.shop("keys-scopes");
    const { apiKey, key } = await m.keys.createApiKey(owner, restaurant.id, { name: "Menu", scopes: ["menu.read"] });
    expect(await code(m.bearer.admitApiKey(op("GET /api/manage/{id}/menu"), key))).toBe("ok");
    await expect(m.bearer.admitApiKey(op("GET /api/manage/{id}/orders"), key)).rejects.toMatchObject({
      status: 403,
      message: "This API key's scopes do not allow this operation",
    });
    await expect(m.bearer.admitApiKey(op("PUT /api/manage/{id}"), key)).rejects.toMatchObject({
      status: 401,
      message: "This operation does not accept API keys: sign in instead",
    });
    await expect(m.bearer.admitApiKey(op("GET /api/manage/{id}/api-keys"), key)).rejects.toMatchObject({ status: 401 });
    expect(await code(m.bearer.admitApiKey(op("GET /api/manage/{id}/menu"), `nosh_test_${"A".repeat(43)}`))).toBe(401);
    expect(await code(m.bearer.admitApiKey(op("GET /api/manage/{id}/menu"), "not-a-key"))).toBe(401);
    await m.keys.revokeApiKey(owner, restaurant.id, apiKey.id);
    expect(await code(m.bearer.admitApiKey(op("GET /api/manage/{id}/menu"), key))).toBe(401);
    expect(await code(m.keys.revokeApiKey(owner, restaurant.id, apiKey.id))).toBe(404);
  });

  it("reaches the key's restaurant only, with a grant even for its owner, and as its maker's role", async () => {
    const { owner, restaurant } = await m.fixtures.shop("keys-reach");
    const second = await m.db.restaurant.create({
      data: { ...(await m.db.restaurant.findUniqueOrThrow({ where: { id: restaurant.id }, omit: { id: true } })), name: "Second Shop" },
    });
    const { key } = await m.keys.createApiKey(owner, restaurant.id, { name: "All", scopes: ["orders.read", "menu.read"] });
    const orders = op("GET /api/manage/{id}/orders");
    const { user, apiKey } = await m.bearer.admitApiKey(orders, key);
    const admitted = await m.access.admitTeamCall(orders, user, { id: restaurant.id }, undefined, apiKey);
    expect(admitted.restaurantGrant).toEqual({ restaurantId: restaurant.id, role: "owner" });
    expect(await code(m.owned.getOwnedRestaurant(admitted, second.id))).toBe(404);
    expect(await code(m.access.admitTeamCall(orders, user, { id: second.id }, undefined, apiKey))).toBe(404);
    // A manager's key: a manager's grant; removed from the team, the key stops reaching the restaurant.
    const manager = await m.fixtures.customer("keys-manager");
    await m.db.restaurantMember.create({ data: { restaurantId: restaurant.id, userId: manager.id, role: "manager" } });
    const made = await m.keys.createApiKey({ ...manager, restaurantGrant: { restaurantId: restaurant.id } }, restaurant.id, { name: "M", scopes: ["menu.read"] });
    const menu = op("GET /api/manage/{id}/menu");
    const byManager = await m.bearer.admitApiKey(menu, made.key);
    expect((await m.access.admitTeamCall(menu, byManager.user, { id: restaurant.id }, undefined, byManager.apiKey)).restaurantGrant?.role).toBe("manager");
    await m.db.restaurantMember.deleteMany({ where: { userId: manager.id } });
    expect(await code(m.access.admitTeamCall(menu, byManager.user, { id: restaurant.id }, undefined, byManager.apiKey))).toBe(404);
  });

  it("writes the last use at most once a minute", async () => {
    const { owner, restaurant } = await m.fixtures.shop("keys-touch");
    const { apiKey, key } = await m.keys.createApiKey(owner, restaurant.id, { name: "T", scopes: ["menu.read"] });
    const menu = op("GET /api/manage/{id}/menu");
    const lastUsed = async () => (await m.db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).lastUsedAt?.getTime();
    const t0 = new Date("2026-12-01T10:00:00Z");
    await m.bearer.admitApiKey(menu, key, t0);
    expect(await lastUsed()).toBe(t0.getTime());
    await m.bearer.admitApiKey(menu, key, new Date(t0.getTime() + 30_000));
    expect(await lastUsed()).toBe(t0.getTime());
    const later = new Date(t0.getTime() + 61_000);
    await m.bearer.admitApiKey(menu, key, later);
    expect(await lastUsed()).toBe(later.getTime());
  });

  it("limits each key's requests a minute (429 with Retry-After), not its restaurant's other keys", async () => {
    const { owner, restaurant } = await m.fixtures.shop("keys-limit");
    const busy = await m.keys.createApiKey(owner, restaurant.id, { name: "Busy", scopes: ["menu.read"] });
    const quiet = await m.keys.createApiKey(owner, restaurant.id, { name: "Quiet", scopes: ["menu.read"] });
    const menu = op("GET /api/manage/{id}/menu");
    const now = new Date();
    for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i++) await m.bearer.admitApiKey(menu, busy.key, now);
    const refused = await m.bearer.admitApiKey(menu, busy.key, now).catch((error: { status: number; headers?: Record<string, string> }) => error);
    expect(refused).toMatchObject({ status: 429 });
    expect(Number((refused as { headers: Record<string, string> }).headers["Retry-After"])).toBeGreaterThan(0);
    expect(await code(m.bearer.admitApiKey(menu, quiet.key, now))).toBe("ok");
  });

  it("holds at most 20 keys a restaurant", async () => {
    const { owner, restaurant } = await m.fixtures.shop("keys-cap");
    for (let i = 0; i < 20; i++) await m.keys.createApiKey(owner, restaurant.id, { name: `K${i}`, scopes: ["menu.read"] });
    expect(await code(m.keys.createApiKey(owner, restaurant.id, { name: "One more", scopes: ["menu.read"] }))).toBe(409);
  });
});
