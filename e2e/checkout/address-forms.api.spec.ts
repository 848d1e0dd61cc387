import { randomInt } from "node:crypto";
import { expect, test } from "../fixtures";
import { newClient, signUp, signUpGuest, uniqueEmail } from "../support/api";
import { createOrder, standardCard } from "../support/orders";

// An address line in the standard US form (docs/architecture/places.md "Address lines"): the one
// reader (parseAddressLine) takes "41 Valencia St, San Francisco, CA 94103" (what the landing
// search takes) as well as the spec's "ADDRESS, CITY, STATE, ZIP", at signup, in the address book
// signup fills, and at a guest's checkout; each stores the same normalised parts, so the ZIP's
// place and the delivery radius are found. What is really malformed keeps the spec's message.

const RULE = "Address must by ADDRESS, CITY, STATE, ZIP, seperated by commas";
const VALENCIA = { address: "41 Valencia St", city: "San Francisco", state: "CA", zip: "94103" };

test.describe("the standard US address form", () => {
  test("signup takes it, with or without the comma before the ZIP, any case; the account and its address book keep the same parts", async ({ baseURL }) => {
    for (const line of ["41 Valencia St, San Francisco, CA 94103", "41 Valencia St, San Francisco, ca 94103-1234", "41 Valencia St, San Francisco, CA, 94103"]) {
      const client = await newClient(baseURL!);
      const { user } = await signUp(client, { address: line }, "valencia");
      expect(user, line).toMatchObject(VALENCIA);
      const me = await (await client.get("/api/auth/")).json();
      expect(me).toMatchObject({ ...VALENCIA, lat: expect.any(Number), lng: expect.any(Number) });
      const { addresses } = await (await client.get("/api/addresses")).json();
      expect(addresses).toEqual([expect.objectContaining({ ...VALENCIA, isDefault: true, lat: me.lat, lng: me.lng })]);
    }
  });

  test("signup refuses what is really malformed with the spec's message under address, and creates nothing", async ({ baseURL }) => {
    // From an address of its own: each refused login below counts against its address's login
    // throttle, and the other specs sign in from 127.0.0.1 (the suite's servers trust X-Forwarded-For).
    const client = await newClient(baseURL!, { "X-Forwarded-For": `10.${randomInt(0, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}` });
    for (const address of ["41 Valencia St San Francisco CA 94103", "41 Valencia St, San Francisco CA 94103", "41 Valencia St, San Francisco, CA"]) {
      const credential = uniqueEmail("malformed");
      const response = await client.post("/api/auth/signup", { name: "Mal Formed", credential, password: "correct horse", address });
      expect(response.status(), address).toBe(400);
      expect((await response.json()).errors).toEqual({ address: RULE });
      expect((await client.post("/api/auth/login", { credential, password: "correct horse" })).status()).toBe(401);
    }
  });

  test("a guest's checkout takes the line the landing search took, and places the order there; a malformed one is the spec's message beside deliveryAddress", async ({
    baseURL,
  }) => {
    const { client: guest } = await signUpGuest(baseURL!);
    const order = await createOrder(guest, 3, 1);
    const malformed = await guest.put(`/api/orders/${order.id}/submit`, { ...standardCard, deliveryAddress: "41 Valencia St San Francisco CA 94103" });
    expect(malformed.status()).toBe(400);
    expect((await malformed.json()).errors).toEqual({ deliveryAddress: RULE });
    expect((await (await guest.get(`/api/orders/${order.id}`)).json()).status).toBe("Active");

    const placed = await guest.put(`/api/orders/${order.id}/submit`, { ...standardCard, deliveryAddress: "41 Valencia St, San Francisco, CA 94103" });
    expect(placed.status(), await placed.text()).toBe(200);
    expect(await placed.json()).toMatchObject({ status: "Submitted", deliveryAddress: VALENCIA });
    expect(await (await guest.get("/api/auth/")).json()).toMatchObject({ guestAccount: true, ...VALENCIA, lat: expect.any(Number), lng: expect.any(Number) });
  });
});
