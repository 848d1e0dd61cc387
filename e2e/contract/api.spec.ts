import { expect, test } from "@playwright/test";
import { newClient } from "../support/api";

// The published contract (lib/contract): the OpenAPI document served by the app, and its
// readable form at /developers/api, rendered on the server and linked from every page's footer.

test("GET /api/openapi.json serves the OpenAPI 3.1 document with the contract's conventions", async ({ baseURL }) => {
  const client = await newClient(baseURL!);
  const response = await client.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  const document = (await response.json()) as { openapi: string; info: { description: string }; paths: Record<string, Record<string, unknown>> };
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths["/api/orders/{id}/submit"] ?? {})).toEqual(["put"]);
  for (const phrase of ["XSRF-Token", "Idempotency-Key", '"errors"', "dollars"]) expect(document.info.description).toContain(phrase);
  await client.dispose();
});

test("/developers/api shows every operation by resource, with who may call it and its statuses, from the footer", async ({ baseURL }) => {
  const client = await newClient(baseURL!);
  const home = await client.get("/about");
  expect(await home.text()).toContain('href="/developers/api"');
  const page = await client.get("/developers/api");
  expect(page.status()).toBe(200);
  const html = await page.text();
  for (const text of ["Conventions", "Idempotency keys", "Orders", "Who may call", "/api/orders/{id}/submit", "Insufficient funds", "deliveryOption"]) {
    expect(html).toContain(text);
  }
  await client.dispose();
});
