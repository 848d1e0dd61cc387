import { describe, expect, it } from "vitest";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Messages sent by hand ("Send test event", "Resend") are POSTs at someone else's server: on a
// real migrated SQLite file, parallel calls are all counted, each limit (an endpoint's and a
// restaurant's minute, an owner's hour across their restaurants) refuses with a 429 and
// Retry-After, and a refused call writes nothing.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  fixtures: await import("../platform/testing/fixtures"),
  manage: await import("../restaurants/manage"),
  throttle: await import("../platform/throttle"),
  endpoints: await import("./endpoints"),
};

const start = Date.parse("2026-11-29T12:00:00Z");
const at = (seconds: number) => new Date(start + seconds * 1000);
const url = "http://127.0.0.1:9/hook";
type Outcome = PromiseSettledResult<unknown>;
const sent = (results: Outcome[]) => results.filter((result) => result.status === "fulfilled").length;
const refusals = (results: Outcome[]) =>
  results.flatMap((result) => (result.status === "rejected" ? [result.reason as { code: string; message: string; headers?: Record<string, string> }] : []));

async function endpointsOf(owner: { id: number }, restaurantId: number, count: number) {
  const made = [];
  for (let i = 0; i < count; i++) made.push((await m.endpoints.addEndpoint(owner as never, restaurantId, { url: `${url}/${i}`, events: ["order.placed"] })).endpoint);
  return made;
}

describe("webhook messages sent by hand", () => {
  it("test events: 5 a minute for an endpoint and 10 for a restaurant, 60 at once all counted; the rest refused with Retry-After, nothing written; the next minute sends again", async () => {
    const { owner, restaurant } = await m.fixtures.shop("by-hand-tests");
    const endpoints = await endpointsOf(owner, restaurant.id, 3);
    const burst = endpoints.flatMap((endpoint) => Array.from({ length: 20 }, () => ({ endpoint })));
    const results = await Promise.allSettled(burst.map(({ endpoint }) => m.endpoints.sendTestEvent(owner, restaurant.id, endpoint.id, at(0))));
    expect(sent(results)).toBe(10);
    const counts = await Promise.all(endpoints.map((endpoint) => m.db.webhookMessage.count({ where: { endpointId: endpoint.id } })));
    expect(counts.reduce((a, b) => a + b)).toBe(10);
    for (const count of counts) expect(count).toBeLessThanOrEqual(5);
    const refused = refusals(results);
    expect(refused).toHaveLength(50);
    for (const error of refused) {
      expect(error.code).toBe("too_many_requests");
      expect([inEnglish(m.endpoints.WEBHOOK_SAID.testsPerEndpoint), inEnglish(m.endpoints.WEBHOOK_SAID.testsPerRestaurant)]).toContain(error.message);
      expect(Number(error.headers?.["Retry-After"])).toBeGreaterThanOrEqual(59);
    }
    // A minute later each endpoint has its five again (within the restaurant's ten).
    expect(sent(await Promise.allSettled(Array.from({ length: 8 }, () => m.endpoints.sendTestEvent(owner, restaurant.id, endpoints[0]!.id, at(61)))))).toBe(5);
  });

  it("resends: 10 a minute for an endpoint, refused with Retry-After and the message left as it was", async () => {
    const { owner, restaurant } = await m.fixtures.shop("by-hand-resends");
    const [endpoint] = await endpointsOf(owner, restaurant.id, 1);
    const { id } = await m.endpoints.sendTestEvent(owner, restaurant.id, endpoint!.id, at(0));
    await m.db.webhookMessage.update({ where: { id }, data: { state: "failed", nextAttemptAt: null } });
    const results = await Promise.allSettled(Array.from({ length: 15 }, () => m.endpoints.resendDelivery(owner, restaurant.id, endpoint!.id, id, at(1))));
    expect(sent(results)).toBe(10);
    expect(new Set(refusals(results).map((error) => error.message))).toEqual(new Set([inEnglish(m.endpoints.WEBHOOK_SAID.resendsPerEndpoint)]));
    await m.db.webhookMessage.update({ where: { id }, data: { state: "failed", nextAttemptAt: null } });
    await expect(m.endpoints.resendDelivery(owner, restaurant.id, endpoint!.id, id, at(2))).rejects.toMatchObject({ code: "too_many_requests" });
    expect(await m.db.webhookMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ state: "failed", nextAttemptAt: null });
  });

  it("an owner's hour: 100 sent by hand across their restaurants, then refused on another restaurant of theirs, kept through a prune; another owner is not held back", async () => {
    const { owner, restaurant } = await m.fixtures.shop("by-hand-owner");
    const pair = await endpointsOf(owner, restaurant.id, 2);
    const tenAMinute = async (seconds: number) => {
      for (const endpoint of pair) for (let i = 0; i < 5; i++) await m.endpoints.sendTestEvent(owner, restaurant.id, endpoint.id, at(seconds));
    };
    // Ten minutes of ten test events each (two endpoints, five each): 100 in the hour, the
    // counter pruned in between (an hour's count outlives the login window's 15 minutes).
    for (let minute = 0; minute < 5; minute++) await tenAMinute(minute * 61);
    await m.throttle.pruneThrottles(at(16 * 60));
    for (let minute = 16; minute < 21; minute++) await tenAMinute(minute * 61);
    const second = await m.manage.createRestaurant(owner, restaurantInput("By hand second"));
    const [elsewhere] = await endpointsOf(owner, second.id, 1);
    await expect(m.endpoints.sendTestEvent(owner, second.id, elsewhere!.id, at(22 * 61))).rejects.toMatchObject({
      code: "too_many_requests",
      message: inEnglish(m.endpoints.WEBHOOK_SAID.perOwnerHour),
    });
    const other = await m.fixtures.shop("by-hand-other");
    const [theirs] = await endpointsOf(other.owner, other.restaurant.id, 1);
    await expect(m.endpoints.sendTestEvent(other.owner, other.restaurant.id, theirs!.id, at(700))).resolves.toMatchObject({ msgId: expect.any(String) });
    // An hour after the owner's first, their restaurants send again.
    await expect(m.endpoints.sendTestEvent(owner, second.id, elsewhere!.id, at(3601))).resolves.toMatchObject({ msgId: expect.any(String) });
  });
});
