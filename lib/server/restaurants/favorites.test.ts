import { describe, expect, it } from "vitest";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";

// Favourite restaurants against a real, migrated database.

setUpTestDatabase();
const m = {
  db: (await import("../platform/db")).db,
  manage: await import("./manage"),
  favorites: await import("./favorites"),
  account: await import("../customer-data/delete-account"),
};

async function setUp() {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const customer = await m.db.user.create({ data: { firstName: "Ada" } });
  const first = await m.manage.createRestaurant(owner, restaurantInput());
  const second = await m.manage.createRestaurant(owner, restaurantInput());
  return { customer, first, second };
}

describe("Favourite restaurants", () => {
  it("is idempotent: 20 parallel favourites make one row, and all answer the same", async () => {
    const { customer, first } = await setUp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => m.favorites.setFavoriteRestaurant(customer.id, first.id, true)));
    expect(answers.every((a) => a.favorite && a.restaurantId === first.id)).toBe(true);
    expect(await m.db.favoriteRestaurant.count({ where: { userId: customer.id } })).toBe(1);
    // Removing twice is as harmless as adding twice.
    await m.favorites.setFavoriteRestaurant(customer.id, first.id, false);
    await m.favorites.setFavoriteRestaurant(customer.id, first.id, false);
    expect(await m.db.favoriteRestaurant.count({ where: { userId: customer.id } })).toBe(0);
  });

  it("lists the newest first, one page at a time, and leaves out a suspended restaurant", async () => {
    const { customer, first, second } = await setUp();
    await m.favorites.setFavoriteRestaurant(customer.id, first.id, true);
    await m.db.favoriteRestaurant.update({
      where: { userId_restaurantId: { userId: customer.id, restaurantId: first.id } },
      data: { createdAt: new Date(Date.now() - 60_000) },
    });
    await m.favorites.setFavoriteRestaurant(customer.id, second.id, true);
    expect((await m.favorites.listFavoriteRestaurants(customer.id, { limit: 10, offset: 0 })).map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await m.favorites.listFavoriteRestaurants(customer.id, { limit: 1, offset: 1 })).map((r) => r.id)).toEqual([first.id]);
    expect((await m.favorites.favoriteRestaurantIds(customer.id, [first.id])).sort()).toEqual([first.id]);
    await m.db.restaurant.update({ where: { id: second.id }, data: { suspendedAt: new Date() } });
    expect((await m.favorites.listFavoriteRestaurants(customer.id, { limit: 10, offset: 0 })).map((r) => r.id)).toEqual([first.id]);
  });

  it("refuses an unknown restaurant with a 404 and changes nothing", async () => {
    const { customer } = await setUp();
    await expect(m.favorites.setFavoriteRestaurant(customer.id, 999_999, true)).rejects.toMatchObject({ status: 404 });
    expect(await m.db.favoriteRestaurant.count({ where: { userId: customer.id } })).toBe(0);
  });

  it("goes with a closed account", async () => {
    const { first } = await setUp();
    const guest = await m.db.user.create({ data: { firstName: "Guest", guestAccount: true } });
    await m.favorites.setFavoriteRestaurant(guest.id, first.id, true);
    await m.account.deleteAccount(guest, guest.id, {}, "203.0.113.9");
    expect(await m.db.favoriteRestaurant.count({ where: { userId: guest.id } })).toBe(0);
  });
});
