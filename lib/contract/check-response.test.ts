import type { APIResponse } from "@playwright/test";
import { describe, expect, test } from "vitest";
import { checkResponse, pathTemplate } from "@/e2e/support/contract";

// The e2e response check (e2e/support/contract.ts) on hand-made answers: what it accepts and
// what it refuses, so an API test cannot pass against a drifting document.

function answer(status: number, body: unknown, type = "application/json"): APIResponse {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return { status: () => status, headers: () => ({ "content-type": type }), text: async () => text } as unknown as APIResponse;
}

const user = {
  id: 7,
  firstName: "Ada",
  lastName: null,
  email: "ada@example.com",
  phoneNumber: null,
  address: null,
  city: null,
  state: null,
  zip: null,
  wallet: 999.99,
  profileImage: null,
  restaurantOwner: false,
  courier: false,
  guestAccount: false,
  deliveryInstructions: null,
  lat: null,
  lng: null,
  avoidAllergens: [],
  language: null,
};

describe("checkResponse", () => {
  test("finds path templates, literal segments first", () => {
    expect(pathTemplate("/api/orders/12")).toBe("/api/orders/{id}");
    expect(pathTemplate("/api/orders/")).toBe("/api/orders");
    expect(pathTemplate("/api/restaurants/current")).toBe("/api/restaurants/current");
    expect(pathTemplate("/api/users/wallet/3/transactions")).toBe("/api/users/wallet/{id}/transactions");
  });

  test("accepts a documented status with a body of its schema", async () => {
    await expect(checkResponse("GET", "http://127.0.0.1:1/api/auth/", answer(200, user))).resolves.toBeUndefined();
    await expect(checkResponse("PUT", "/api/users/7", answer(400, { message: "Bad", errors: { email: "Bad" } }))).resolves.toBeUndefined();
  });

  test("refuses a body with a missing, mistyped or undocumented field", async () => {
    const { wallet: _wallet, ...withoutWallet } = user;
    await expect(checkResponse("GET", "/api/auth", answer(200, withoutWallet))).rejects.toThrow(/must have required property 'wallet'/);
    await expect(checkResponse("GET", "/api/auth", answer(200, { ...user, wallet: "999.99" }))).rejects.toThrow(/\/wallet must be number/);
    await expect(checkResponse("GET", "/api/auth", answer(200, { ...user, passwordHash: "x" }))).rejects.toThrow(/additional properties "passwordHash"/);
  });

  test("refuses a status the operation does not document", async () => {
    await expect(checkResponse("GET", "/api/restaurants/1", answer(409, { message: "No" }))).rejects.toThrow(/status 409 is not documented for getRestaurantsId/);
  });

  test("refuses an error body not in the contract's shape", async () => {
    await expect(checkResponse("GET", "/api/orders/1", answer(404, { error: "Not found" }))).rejects.toThrow(/must have required property 'message'/);
  });

  test("refuses an operation missing from the document, but not pages or the catch-all's 404", async () => {
    await expect(checkResponse("PATCH", "/api/orders/1", answer(200, {}))).rejects.toThrow(/no operation for PATCH \/api\/orders\/\{id\}/);
    await expect(checkResponse("GET", "/api/nowhere", answer(404, { message: "No such API endpoint" }))).resolves.toBeUndefined();
    await expect(checkResponse("GET", "/orders/1", answer(200, "<html>", "text/html"))).resolves.toBeUndefined();
  });
});
