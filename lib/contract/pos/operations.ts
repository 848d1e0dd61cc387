import { menuImportResultSchema } from "../menu/file-schemas";
import { posConnectSchema } from "./rules";
import { posAuthorizeSchema, posConnectedSchema, posDisconnectedSchema, posStatusSchema, posWebhookAnswerSchema } from "./schemas";
import { managerOf, op, restaurantManager, type Access } from "../define";

// A restaurant's point-of-sale link (docs/architecture/kitchen.md "The point of sale"): its owner
// or a manager connects the seller's POS by OAuth, imports its catalog through the menu file's
// preview and apply, and disconnects; the POS's webhooks, whose authority is their signature.

/** The POS's side: no session, no anti-forgery token; a webhook's authority is its signature. */
const posSide: Access<"signedLink"> = { kind: "signedLink", who: "Anyone: the point of sale's side (no session; the authority is the signature)", signedIn: false };
const notConnected = "No point of sale connected, or none can be linked on this site";

export const posOperations = [
  op("GET /api/manage/{id}/pos", {
    summary: "The restaurant's point-of-sale link: the POS this site links to, and the connection with its last sync and orders pushed (never a token)",
    access: restaurantManager,
    paging: { unpaged: "one connection" },
    ok: { description: "The link", schema: posStatusSchema },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("POST /api/manage/{id}/pos/authorize", {
    summary:
      "Start connecting the seller's POS: the provider's authorize page to send them to (its `state`, `<restaurant id>.<sealed>`, names the restaurant and the caller, valid 10 minutes)",
    access: restaurantManager,
    ok: { description: "Where to send the seller", schema: posAuthorizeSchema },
    errors: { 404: "Unknown restaurant, or not yours", 409: "No point of sale can be linked on this site" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("POST /api/pos/{provider}/connect", {
    resource: "Manage",
    summary:
      "The seller came back from the POS's authorize page: its `code` exchanged for tokens (sealed, never shown), the location chosen, and the orders accepted from now on pushed",
    access: managerOf("body"),
    body: posConnectSchema,
    ok: { description: "The restaurant connected", schema: posConnectedSchema },
    errors: {
      400: "A wrong, expired or someone else's `state` (or another restaurant's), or a code the POS refused (`code`)",
      404: "Unknown restaurant, or not yours",
      409: "No point of sale can be linked on this site",
    },
    fixture: {
      matrix: { path: { provider: "builtin" }, body: { restaurantId: "$restaurant", code: "matrix", state: "matrix" }, status: 400 },
      fuzz: { valid: { restaurantId: "$restaurant", code: "c", state: "s" } },
    },
  }),
  op("DELETE /api/manage/{id}/pos", {
    summary: "Disconnect the POS: the app's access revoked at the POS, the tokens, dish links and orders still to push forgotten; the menu stays as it is",
    access: restaurantManager,
    ok: { description: "Disconnected (also when nothing was connected)", schema: posDisconnectedSchema },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("POST /api/manage/{id}/pos/import/preview", {
    summary: "A dry run of importing the POS's catalog as the menu (sections, dishes, prices, options, photos), as the menu file's preview answers it; writes nothing",
    access: restaurantManager,
    ok: { description: "What applying would do", schema: menuImportResultSchema },
    errors: { 404: "Unknown restaurant, or not yours", 409: `${notConnected}, or the POS did not answer` },
    fixture: { matrix: { path: { id: "$restaurant" }, status: 409 } },
  }),
  op("POST /api/manage/{id}/pos/import", {
    summary:
      "Import the POS's catalog as the menu through the menu file's apply (one transaction, dishes matched by name; what the POS does not know of a dish, its allergens among it, kept), each dish linked to its POS item and synced",
    access: restaurantManager,
    ok: { description: "What was done", schema: menuImportResultSchema },
    errors: {
      400: "No dish of the catalog can be written (`rows.<row>.<column>`)",
      404: "Unknown restaurant, or not yours",
      409: `${notConnected}, or the POS did not answer`,
    },
    fixture: { matrix: { path: { id: "$restaurant" }, status: 409 } },
  }),
  op("POST /api/pos/webhooks/{provider}", {
    resource: "Manage",
    summary:
      "The POS's signed event (`square`: x-square-hmacsha256-signature, base64 HMAC-SHA256 of the notification URL and the body; `builtin`: the same in x-nosh-pos-signature): inventory.count.updated applies sold-out at once, catalog.version.updated syncs now",
    access: posSide,
    ok: { description: "Received", schema: posWebhookAnswerSchema },
    errors: { 403: "A missing or wrong signature (nothing changes)", 404: "Not the POS configured" },
    fixture: { matrix: { path: { provider: "builtin" }, body: { merchant_id: "matrix" }, status: 403 } },
  }),
];
