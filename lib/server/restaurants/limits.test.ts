import { describe, expect, it } from "vitest";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Restaurants per account (limits.ts, docs/deploying.md "Limits") with the default settings on a
// real database: 3 added in any 24 hours (a 429 with Retry-After), 3 in all until the email is
// verified (a 409 saying so), 30 owned in all (a 409), creations at once all counted, a
// refused creation writes nothing; the seeded demo owners (13 and 12 restaurants) may add more.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  manage: await import("./manage"),
  limits: await import("./limits"),
};
const { RESTAURANT_LIMIT_SAID: MESSAGES } = m.limits;
const DAY_MS = 24 * 3600_000;

const owner = (verified: boolean) => m.db.user.create({ data: { firstName: "Owner", emailVerifiedAt: verified ? new Date() : null } });
const add = (user: { id: number; guestAccount: boolean }) => m.manage.createRestaurant(user, restaurantInput());
const countOf = (ownerId: number) => m.db.restaurant.count({ where: { ownerId } });
/** Restaurants the account owns from before (as the seeds write them: added days ago). */
const ownedBefore = (ownerId: number, count: number) =>
  m.db.restaurant.createMany({ data: Array.from({ length: count }, () => ({ ...restaurantInput(), ownerId, createdAt: new Date(Date.now() - 30 * DAY_MS) })) });

describe("restaurants per account", () => {
  it("a verified account adds 3 in a day; the 4th is a 429 with Retry-After until the oldest turns a day old", async () => {
    const user = await owner(true);
    for (let i = 0; i < 3; i++) await add(user);
    const refused = await add(user).catch((error: { status: number; message: string; headers?: Record<string, string> }) => error);
    expect(refused).toMatchObject({ status: 429, message: inEnglish(MESSAGES.perDay(3)) });
    const retryAfter = Number((refused as { headers: Record<string, string> }).headers["Retry-After"]);
    expect(retryAfter).toBeGreaterThan(DAY_MS / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(DAY_MS / 1000);
    expect(await countOf(user.id)).toBe(3);
    // A day later for the oldest: one more.
    const oldest = await m.db.restaurant.findFirstOrThrow({ where: { ownerId: user.id }, orderBy: { id: "asc" } });
    await m.db.restaurant.update({ where: { id: oldest.id }, data: { createdAt: new Date(Date.now() - DAY_MS - 1_000) } });
    await add(user);
    await expect(add(user)).rejects.toMatchObject({ status: 429 });
  });

  it("six creations at once by one account: three are made, three refused", async () => {
    const user = await owner(true);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => add(user)));
    expect(results.map((result) => (result.status === "fulfilled" ? 201 : (result.reason as { status: number }).status)).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    expect(await countOf(user.id)).toBe(3);
  });

  it("an account whose email is not verified has at most 3 in all, whatever the day", async () => {
    const user = await owner(false);
    await ownedBefore(user.id, 2);
    await add(user);
    await expect(add(user)).rejects.toMatchObject({ status: 409, message: inEnglish(MESSAGES.unverified(3)) });
    expect(await countOf(user.id)).toBe(3);
    await m.db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    await add(user);
    expect(await countOf(user.id)).toBe(4);
  });

  it("an account owns at most 30; the seeded demo owners' 13 and 12 leave room", async () => {
    const user = await owner(true);
    await ownedBefore(user.id, 29);
    await add(user);
    await expect(add(user)).rejects.toMatchObject({ status: 409, message: inEnglish(MESSAGES.perAccount(30)) });
    expect(await countOf(user.id)).toBe(30);
    for (const seeded of [13, 12]) {
      const demo = await owner(true);
      await ownedBefore(demo.id, seeded);
      await add(demo);
      expect(await countOf(demo.id)).toBe(seeded + 1);
    }
  });
});
