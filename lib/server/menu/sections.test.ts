import { describe, expect, it } from "vitest";
import { sectionCreateSchema, sectionUpdateSchema } from "@/lib/contract/menu/section-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// Menu sections (docs/architecture/menu-sections.md): an owner's sections and the dishes' places
// in them, against the real database; concurrent reorders leave one whole order, never a mix; a
// section's time window is enforced at checkout.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  sections: await import("./sections"),
  arrangement: await import("./arrangement"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  fixtures: await import("../platform/testing/fixtures"),
};

/** An owner's restaurant with `count` more dishes (besides the fixture's Dumplings), their ids in creation order. */
async function menuOf(count: number) {
  const { owner, restaurant, dish } = await m.fixtures.shop();
  const ids = [dish.id];
  for (let i = 0; i < count; i++) {
    const row = await m.db.menuItem.create({
      data: { restaurantId: restaurant.id, name: `Dish ${i}`, description: "-", priceCents: 500, foodImage: "/d.webp", foodType: "entree" },
    });
    ids.push(row.id);
  }
  return { owner, restaurant, ids };
}

const lunch = { name: "Lunch", availableFrom: "11:00", availableUntil: "15:00" };
const allDay = (name: string) => ({ name, availableFrom: null, availableUntil: null });
const shuffled = <T>(list: T[], seed: number) => [...list].sort((a, b) => ((Number(a) * 7919 + seed * 104729) % 97) - ((Number(b) * 7919 + seed * 104729) % 97));

describe("menu sections", () => {
  it("are created last, renamed, reordered and deleted; a deleted section's dishes go back to unsectioned; another owner's is a 404", async () => {
    const { owner, restaurant, ids } = await menuOf(2);
    const scope = async () => (await m.db.catalogScope.findUnique({ where: { scope: `menu:${restaurant.id}` } }))?.version ?? 0;
    const before = await scope();
    const bowls = await m.sections.createSection(owner, restaurant.id, allDay("Bowls"));
    // A section is catalog data: its write moves its restaurant's menu scope (the kept page is rendered again).
    expect(await scope()).toBeGreaterThan(before);
    const noon = await m.sections.createSection(owner, restaurant.id, lunch);
    expect([bowls.position, noon.position]).toEqual([0, 1]);
    await m.sections.updateSection(owner, restaurant.id, bowls.id, { name: "Big bowls" });
    await m.sections.reorderSections(owner, restaurant.id, [noon.id, bowls.id]);
    await m.arrangement.setSectionDishes(owner, restaurant.id, bowls.id, [ids[2]!, ids[0]!]);
    let arrangement = await m.arrangement.menuArrangement(restaurant.id);
    expect(arrangement.sections.map((s) => [s.name, s.position, s.menuItemIds])).toEqual([
      ["Lunch", 0, []],
      ["Big bowls", 1, [ids[2], ids[0]]],
    ]);
    expect(arrangement.sections[0]).toMatchObject({ availableFrom: "11:00", availableUntil: "15:00" });

    await expect(m.sections.reorderSections(owner, restaurant.id, [noon.id])).rejects.toMatchObject({ status: 409 });
    const stranger = await m.fixtures.shop("stranger");
    await expect(m.sections.deleteSection(stranger.owner, restaurant.id, bowls.id)).rejects.toMatchObject({ status: 404 });
    await expect(m.sections.updateSection(stranger.owner, stranger.restaurant.id, bowls.id, { name: "Mine" })).rejects.toMatchObject({ status: 404 });

    await m.sections.deleteSection(owner, restaurant.id, noon.id);
    await m.sections.deleteSection(owner, restaurant.id, bowls.id);
    arrangement = await m.arrangement.menuArrangement(restaurant.id);
    expect(arrangement.sections).toEqual([]);
    const dishes = await m.db.menuItem.findMany({ where: { id: { in: ids } } });
    expect(dishes.every((dish) => dish.sectionId === null)).toBe(true);
  });

  it("keeps a dish in at most one section, refuses another restaurant's dish naming the field, and orders the featured dishes", async () => {
    const { owner, restaurant, ids } = await menuOf(3);
    const a = await m.sections.createSection(owner, restaurant.id, allDay("A"));
    const b = await m.sections.createSection(owner, restaurant.id, allDay("B"));
    await m.arrangement.setSectionDishes(owner, restaurant.id, a.id, [ids[0]!, ids[1]!]);
    await m.arrangement.setSectionDishes(owner, restaurant.id, b.id, [ids[1]!, ids[2]!]);
    const { sections } = await m.arrangement.menuArrangement(restaurant.id);
    expect(sections.map((s) => s.menuItemIds)).toEqual([[ids[0]], [ids[1], ids[2]]]);

    const other = await m.fixtures.shop("other");
    const refused = m.arrangement.setSectionDishes(owner, restaurant.id, a.id, [other.dish.id]);
    await expect(refused).rejects.toMatchObject({ status: 400, errors: { menuItemIds: `Menu item ${other.dish.id} is not on this restaurant's menu` } });

    await m.arrangement.setFeatured(owner, restaurant.id, [ids[3]!, ids[0]!]);
    expect((await m.arrangement.menuArrangement(restaurant.id)).featured).toEqual([ids[3], ids[0]]);
    await m.arrangement.setFeatured(owner, restaurant.id, [ids[0]!]);
    expect((await m.arrangement.menuArrangement(restaurant.id)).featured).toEqual([ids[0]]);
  });

  it("leaves one whole order when reorders and moves run at the same time", async () => {
    const { owner, restaurant, ids } = await menuOf(7);
    const section = await m.sections.createSection(owner, restaurant.id, allDay("Mains"));
    const other = await m.sections.createSection(owner, restaurant.id, allDay("Sides"));
    const extra = await m.sections.createSection(owner, restaurant.id, allDay("Drinks"));
    const orders = Array.from({ length: 10 }, (_, seed) => shuffled(ids, seed + 1));
    const sectionOrders = Array.from({ length: 6 }, (_, seed) => shuffled([section.id, other.id, extra.id], seed + 1));
    await Promise.all([
      ...orders.map((order) => m.arrangement.setSectionDishes(owner, restaurant.id, section.id, order)),
      ...sectionOrders.map((order) => m.sections.reorderSections(owner, restaurant.id, order)),
      // Half the dishes asked for by the other section meanwhile: each dish ends in exactly one.
      m.arrangement.setSectionDishes(owner, restaurant.id, other.id, ids.slice(0, 4)),
    ]);
    const { sections } = await m.arrangement.menuArrangement(restaurant.id);
    expect(sections.map((s) => s.position)).toEqual([0, 1, 2]);
    expect(sectionOrders).toContainEqual(sections.map((s) => s.id));
    const mains = sections.find((s) => s.id === section.id)!.menuItemIds;
    const sides = sections.find((s) => s.id === other.id)!.menuItemIds;
    expect([...mains, ...sides].sort((x, y) => x - y)).toEqual(ids);
    if (sides.length) expect(sides).toEqual(ids.slice(0, 4));
    else expect(orders).toContainEqual(mains);
    const rows = await m.db.menuItem.findMany({ where: { sectionId: section.id }, orderBy: { sectionPosition: "asc" } });
    // Positions in the section follow the last whole list written: strictly increasing, no two the same.
    expect(new Set(rows.map((row) => row.sectionPosition)).size).toBe(rows.length);
  });

  it("refuses a dish outside its section's window at checkout (409 naming the line) and takes it inside", async () => {
    const { owner, restaurant, ids } = await menuOf(0);
    const section = await m.sections.createSection(owner, restaurant.id, lunch);
    await m.arrangement.setSectionDishes(owner, restaurant.id, section.id, [ids[0]!]);
    const { timeZone } = await m.db.restaurant.findUniqueOrThrow({ where: { id: restaurant.id } });
    expect(timeZone).toBe("America/Los_Angeles");
    const buyer = await m.fixtures.customer();
    const input = { restaurantId: restaurant.id, items: [{ menuItemId: ids[0]!, quantity: 1 }] };
    const order = (at: string) => m.db.$transaction((tx) => m.create.createOrder(m.sql.sqlOf(tx), buyer, input, new Date(at)));
    const message = "Dumplings is only available 11:00 AM - 3:00 PM";
    // 09:00 and 15:00 in Los Angeles: outside (until is exclusive).
    await expect(order("2026-12-01T17:00:00Z")).rejects.toMatchObject({ status: 409, message, errors: { "items.0": message } });
    await expect(order("2026-12-01T23:00:00Z")).rejects.toMatchObject({ status: 409 });
    // 12:30 in Los Angeles: inside.
    await expect(order("2026-12-01T20:30:00Z")).resolves.toMatchObject({ restaurantId: restaurant.id });
  });

  it("checks a scheduled order's dishes against their section's window at its slot, not at the time of the checkout", async () => {
    const { owner, restaurant, ids } = await menuOf(0);
    const section = await m.sections.createSection(owner, restaurant.id, lunch);
    await m.arrangement.setSectionDishes(owner, restaurant.id, section.id, [ids[0]!]);
    const buyer = await m.fixtures.customer();
    const input = (slot: string) =>
      placeOrderSchema.parse({
        restaurantId: restaurant.id,
        items: [{ menuItemId: ids[0]!, quantity: 1 }],
        submit: { deliveryOption: "schedule", scheduledFor: slot, tip: 0, paymentMethod: "wallet" },
      });
    const place = (slot: string, at: string) =>
      m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, buyer, { cart: input(slot) }, input(slot).submit!, paymentFor(input(slot).submit!), new Date(at)));
    // At 09:00 in Los Angeles (the lunch window closed) for 12:30 the same day: taken.
    await expect(place("2026-12-01T20:30:00.000Z", "2026-12-01T17:00:00Z")).resolves.toMatchObject({ restaurantId: restaurant.id, stage: "placed" });
    // At 12:30 (open) for 16:00: refused, naming the line.
    const message = "Dumplings is only available 11:00 AM - 3:00 PM";
    await expect(place("2026-12-02T00:00:00.000Z", "2026-12-01T20:30:00Z")).rejects.toMatchObject({ status: 409, message, errors: { "items.0": message } });
  });

  it("validates a section's fields, naming the one at fault", () => {
    const issue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => result.error?.issues[0];
    expect(issue(sectionCreateSchema.safeParse({ name: " " }))).toMatchObject({ path: ["name"] });
    expect(issue(sectionCreateSchema.safeParse({ name: "Lunch", availableFrom: "25:00", availableUntil: "15:00" }))).toMatchObject({ path: ["availableFrom"] });
    expect(issue(sectionCreateSchema.safeParse({ name: "Lunch", availableFrom: "11:00" }))).toMatchObject({ path: ["availableUntil"] });
    expect(issue(sectionCreateSchema.safeParse({ name: "Lunch", availableFrom: "11:00", availableUntil: "11:00" }))).toMatchObject({ path: ["availableUntil"] });
    expect(issue(sectionUpdateSchema.safeParse({}))).toMatchObject({ path: ["name"] });
    expect(sectionCreateSchema.parse({ name: " Late ", availableFrom: "22:00", availableUntil: "02:00" })).toEqual({
      name: "Late",
      availableFrom: "22:00",
      availableUntil: "02:00",
    });
  });
});
