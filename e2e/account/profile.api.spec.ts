import { expect, test } from "../fixtures";
import { newClient, signUpCustomer, uniqueEmail, uniquePhone } from "../support/api";

test.describe("PUT /api/users/{id}", () => {
  test("updates the caller's own profile, partially, and returns the full user", async ({ customer: { client, user } }) => {
    const phone = uniquePhone();
    const response = await client.put(`/api/users/${user.id}`, {
      first_name: "Ada",
      last_name: "Byron",
      phone_number: phone,
      address: "12 Analytical Way",
      city: "San Francisco",
      state: "CA",
      zip: "94107",
      delivery_instructions: "Leave at the door",
    });
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({
      id: user.id,
      firstName: "Ada",
      lastName: "Byron",
      phoneNumber: phone,
      address: "12 Analytical Way",
      city: "San Francisco",
      state: "CA",
      zip: "94107",
      deliveryInstructions: "Leave at the door",
      wallet: 999.99,
    });
    const partial = await client.put(`/api/users/${user.id}`, { city: "Oakland" });
    expect(await partial.json()).toMatchObject({ firstName: "Ada", city: "Oakland", address: "12 Analytical Way" });
  });

  for (const [body, field, message] of [
    [{ phone_number: "415-555-0101" }, "phoneNumber", "Phone number must have only numbers in it"],
    [{ phone_number: "41555" }, "phoneNumber", "Phone number must be 10 digits"],
    [{ email: "ada.example.com" }, "email", "Email must include @"],
    [{ email: "ada@example" }, "email", "Email must include a '.' after the @"],
    [{ first_name: "" }, "firstName", "First name is required"],
    [{ first_name: 42 }, "firstName", undefined],
  ] as const) {
    test(`refuses ${JSON.stringify(body)} naming ${field} and changes nothing`, async ({ customer: { client, user } }) => {
      const response = await client.put(`/api/users/${user.id}`, { ...body, city: "Changed" });
      expect(response.status()).toBe(400);
      const json = await response.json();
      if (message) expect(json.errors[field]).toBe(message);
      else expect(json.errors).toHaveProperty(field);
      expect((await (await client.get("/api/auth/")).json()).city).toBeNull();
    });
  }

  test("an email or phone already in use is a 409 naming the field", async ({ baseURL }) => {
    const phone = uniquePhone();
    const { email } = await signUpCustomer(baseURL!, { phoneNumber: phone });
    const { client, user } = await signUpCustomer(baseURL!);
    const taken = await client.put(`/api/users/${user.id}`, { email });
    expect(taken.status()).toBe(409);
    expect((await taken.json()).errors).toEqual({ email: "Email is already in use" });
    const takenPhone = await client.put(`/api/users/${user.id}`, { phone_number: phone });
    expect(takenPhone.status()).toBe(409);
    expect((await takenPhone.json()).errors).toHaveProperty("phoneNumber");
    expect((await client.put(`/api/users/${user.id}`, { email: uniqueEmail("mine") })).status()).toBe(200);
  });

  test("someone else's profile is refused and untouched; anonymous callers get 401", async ({
    baseURL,
    customer: { client: victim, user: victimUser, email: victimEmail },
  }) => {
    const { client: attacker } = await signUpCustomer(baseURL!);
    const response = await attacker.put(`/api/users/${victimUser.id}`, { first_name: "Pwned", address: "1 Evil St" });
    expect(response.status()).toBe(403);
    expect(await response.text()).not.toContain(victimEmail);
    expect((await (await victim.get("/api/auth/")).json()).firstName).toBe("Test");
    expect((await (await newClient(baseURL!)).put(`/api/users/${victimUser.id}`, { first_name: "X" })).status()).toBe(401);
  });

  test("never changes password, wallet or owner flag, whatever the body says", async ({ baseURL, customer: { client, user, email, password } }) => {
    await client.put(`/api/users/${user.id}`, { password: "new password 123", wallet: 1_000_000, restaurantOwner: true, guestAccount: true });
    const me = await (await client.get("/api/auth/")).json();
    expect(me).toMatchObject({ wallet: 999.99, restaurantOwner: false, guestAccount: false });
    const relog = await (await newClient(baseURL!)).post("/api/auth/login", { credential: email, password });
    expect(relog.status()).toBe(200);
  });

  test("guests are told to log in to add an address", async ({ api: client }) => {
    const guest = await (await client.post("/api/auth/guest")).json();
    const response = await client.put(`/api/users/${guest.id}`, { address: "1 Main St", city: "Oakland", state: "CA", zip: "94607" });
    expect(response.status()).toBe(403);
    expect((await response.json()).message).toBe("Must login to add address");
  });
});
