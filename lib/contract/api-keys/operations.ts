import { apiKeyInputSchema } from "@/lib/contract/api-keys/rules";
import { deletedSchema } from "../common/schemas";
import { apiKeyListSchema, createdApiKeySchema } from "./schemas";
import { op, restaurantManager } from "../define";

// A restaurant's API keys (docs/architecture/api-keys.md): its owner's and managers', from a
// signed-in session only (a key cannot make or list keys).

export const apiKeyOperations = [
  op("GET /api/manage/{id}/api-keys", {
    summary: "The restaurant's API keys, newest first: name, scopes, first characters, created, last used (never the key)",
    access: restaurantManager,
    paging: { unpaged: "a capped working set: at most 20 keys" },
    ok: { description: "The keys", schema: apiKeyListSchema },
    errors: { 404: "Unknown restaurant, or not on its team" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("POST /api/manage/{id}/api-keys", {
    summary: "Create a named API key with scopes: the answer carries the key this once (only its SHA-256 is kept). Requests send it as `Authorization: Bearer <key>`",
    access: restaurantManager,
    body: apiKeyInputSchema,
    ok: { status: 201, description: "The key, shown once", schema: createdApiKeySchema },
    errors: { 404: "Unknown restaurant, or not on its team", 409: "The restaurant already holds 20 keys" },
    fixture: {
      matrix: { path: { id: "$restaurant" }, body: { name: "Matrix key", scopes: ["orders.read"] } },
      fuzz: { valid: { name: "Fuzz key", scopes: ["menu.read"] } },
    },
  }),
  op("DELETE /api/manage/{id}/api-keys/{keyId}", {
    summary: "Revoke an API key at once: its next request is a 401",
    access: restaurantManager,
    ok: { description: "Revoked", schema: deletedSchema },
    errors: { 404: "Unknown restaurant or key, or not on its team" },
    fixture: { matrix: { path: { id: "$restaurant", keyId: "$apiKey" } } },
  }),
];
