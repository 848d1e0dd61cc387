import { describe, expect, it } from "vitest";
import { signupSchema } from "@/lib/contract/accounts/auth-rules";
import { profileUpdateSchema } from "@/lib/contract/accounts/profile-rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { geocodeZip } from "./geocoder";
import { UNKNOWN_ZIP } from "./place";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Places on save (docs/architecture/places.md "Places"), against a real, migrated database: a
// customer's address and a restaurant get their ZIP's place whenever they are saved, and an
// unknown ZIP is a 400 naming `zip` that saves nothing.

setUpTestDatabase({ SIGNUP_MAX_PER_ADDRESS: "1000", HASH_THREADS: "2" });
const users = await import("../accounts/users");
const manage = await import("../restaurants/manage");
const { db } = await import("../platform/db");

const signupInput = (over: Record<string, unknown> = {}) =>
  signupSchema.parse({ name: "Ada Lovelace", credential: `ada${Math.random()}@example.com`, password: "correct horse", ...over });
const unknownZip = { code: "bad_request", message: inEnglish(UNKNOWN_ZIP), errors: { zip: inEnglish(UNKNOWN_ZIP) } };

describe("a customer's address", () => {
  it("is placed at signup, from the one-line address or the four fields", async () => {
    const line = await users.signUp(signupInput({ address: "1847 Guerrero St, San Francisco, CA, 94110" }), null, "test");
    expect(line).toMatchObject({ zip: "94110", ...geocodeZip("94110") });
    const parts = await users.signUp(signupInput({ address: "1 Main St", city: "Oakland", state: "CA", zip: "94607" }), null, "test");
    expect(parts).toMatchObject(geocodeZip("94607")!);
    const none = await users.signUp(signupInput(), null, "test");
    expect(none).toMatchObject({ lat: null, lng: null });
  });

  it("an unknown ZIP at signup is a 400 naming zip, and no account is made", async () => {
    const email = `nowhere${Math.random()}@example.com`;
    await expect(users.signUp(signupInput({ credential: email, address: "1 Main St, Nowhere, CA, 00000" }), null, "test")).rejects.toMatchObject(unknownZip);
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it("moves with every PUT /api/users/{id} that writes the ZIP, is cleared with it, and stays when only other fields change", async () => {
    const user = await users.signUp(signupInput(), null, "test");
    const moved = await users.updateProfile(user, user.id, profileUpdateSchema.parse({ address: "1 Main St", city: "Eugene", state: "OR", zip: "97403-1234" }));
    expect(moved).toMatchObject(geocodeZip("97403")!);
    const renamed = await users.updateProfile(moved, user.id, profileUpdateSchema.parse({ firstName: "Augusta" }));
    expect(renamed).toMatchObject(geocodeZip("97403")!);
    await expect(users.updateProfile(renamed, user.id, profileUpdateSchema.parse({ zip: "99999" }))).rejects.toMatchObject(unknownZip);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ zip: "97403-1234", ...geocodeZip("97403") });
    const cleared = await users.updateProfile(renamed, user.id, profileUpdateSchema.parse({ address: null, city: null, state: null, zip: null }));
    expect(cleared).toMatchObject({ lat: null, lng: null });
    expect(users.userToJson(moved)).toMatchObject({ lat: moved.lat, lng: moved.lng });
  });
});

describe("a restaurant", () => {
  it("is placed on create and on every update, with the default 8 km radius; an unknown ZIP is a 400 naming zip", async () => {
    const owner = await db.user.create({ data: { firstName: "Owner" } });
    const created = await manage.createRestaurant(owner, restaurantInput());
    expect(created).toMatchObject({ zip: "97403", deliveryRadiusKm: 8, ...geocodeZip("97403") });
    const moved = await manage.updateRestaurant(owner, created.id, { zip: "94110", deliveryRadiusKm: 2.5 });
    expect(moved).toMatchObject({ deliveryRadiusKm: 2.5, ...geocodeZip("94110") });
    await expect(manage.updateRestaurant(owner, created.id, { zip: "00000" })).rejects.toMatchObject(unknownZip);
    await expect(manage.createRestaurant(owner, { ...restaurantInput(), zip: "00000" })).rejects.toMatchObject(unknownZip);
    expect(await db.restaurant.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ zip: "94110", ...geocodeZip("94110") });
  });

  it("a row saved before places gets its place from its own ZIP at its next save", async () => {
    const owner = await db.user.create({ data: { firstName: "Owner" } });
    const created = await manage.createRestaurant(owner, restaurantInput());
    await db.restaurant.update({ where: { id: created.id }, data: { lat: null, lng: null } });
    expect(await manage.updateRestaurant(owner, created.id, { name: "Renamed Noodles" })).toMatchObject(geocodeZip("97403")!);
  });

  it("another owner's restaurant is a 404 before its ZIP is read", async () => {
    const owner = await db.user.create({ data: { firstName: "Owner" } });
    const stranger = await db.user.create({ data: { firstName: "Stranger" } });
    const created = await manage.createRestaurant(owner, restaurantInput());
    await expect(manage.updateRestaurant(stranger, created.id, { zip: "00000" })).rejects.toMatchObject({ code: "not_found" });
  });
});
