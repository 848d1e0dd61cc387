import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { addGroupLineSchema, createGroupSchema, groupQuerySchema, joinGroupSchema, updateGroupLineSchema, updateGroupSchema } from "@/lib/contract/group-orders/rules";
import { groupCheckoutSchema, groupSchema } from "./schemas";
import { op, signedIn, tokenHolder, groupHost } from "../define";

// Group orders (docs/architecture/group-orders.md "Group orders"): the token in the path is the capability.

/** Most calls answer the group as it now stands. */
const theGroup = { description: "The group", schema: groupSchema };

export const groupOrderOperations = [
  op("POST /api/group-orders", {
    summary: "Start a group order at a restaurant: the caller hosts it and joins under their first name; share its token",
    access: signedIn,
    body: createGroupSchema,
    ok: { status: 201, description: "The group", schema: groupSchema },
    errors: { 404: "Unknown restaurant", 409: "The restaurant is not taking orders" },
    fixture: { matrix: { body: { restaurantId: "$restaurant" } }, fuzz: { valid: { restaurantId: "$restaurant" } } },
  }),
  op("GET /api/group-orders/{token}", {
    summary: "The group: everyone's lines priced today, each person's subtotal, and once placed the order (participants only). Poll with ?since=<version>",
    access: tokenHolder,
    paging: { unpaged: "one group: at most 25 participants and 100 lines" },
    query: groupQuerySchema,
    ok: theGroup,
    errors: { 204: "Nothing changed since `since` (no body)", 404: "Unknown, expired or canceled token; a placed group for someone who did not take part" },
    fixture: { matrix: { path: { token: "$joinedGroup.token" } } },
  }),
  op("PATCH /api/group-orders/{token}", {
    summary: "Lock or unlock the group, set or clear its deadline (after it participants can no longer change their items)",
    access: groupHost,
    body: updateGroupSchema,
    ok: theGroup,
    errors: { 403: "Not the host", 404: "Unknown, expired or canceled token", 409: "Already placed" },
    fixture: { matrix: { path: { token: "$joinedGroup.token" }, body: { locked: true } }, fuzz: { valid: { locked: true, deadline: null } } },
  }),
  op("DELETE /api/group-orders/{token}", {
    summary: "Cancel the group: its link stops working for everyone",
    access: groupHost,
    ok: { description: "The canceled group", schema: groupSchema },
    errors: { 403: "Not the host", 404: "Unknown, expired or canceled token", 409: "Already placed" },
    fixture: { matrix: { path: { token: "$joinedGroup.token" } } },
  }),
  op("POST /api/group-orders/{token}/participants", {
    summary: "Join the group with a display name (joining again changes the name); 25 people at most",
    access: tokenHolder,
    body: joinGroupSchema,
    ok: theGroup,
    errors: { 404: "Unknown, expired or canceled token", 409: "The group is full, locked, past its deadline or placed" },
    // Joining needs only the link (the customer joins here); without it: 404.
    fixture: { matrix: { path: { token: "$group.token" }, body: { displayName: "Matrix" } }, fuzz: { valid: { displayName: "Fuzz" } } },
  }),
  op("POST /api/group-orders/{token}/lines", {
    summary: "Add one's item, checked and priced like a cart line (see Dish options); 100 lines at most",
    access: tokenHolder,
    body: addGroupLineSchema,
    ok: { status: 201, description: "The group", schema: groupSchema },
    errors: { 403: "Not joined", 404: "Unknown, expired or canceled token", 409: "Locked, past the deadline, placed, or 100 lines already" },
    // The customer has the link but has not joined: writing is a 403.
    fixture: {
      matrix: { customer: 403, path: { token: "$group.token" }, body: { menuItemId: "$item", quantity: 1 } },
      fuzz: { valid: { menuItemId: "$item", quantity: 1, options: [] } },
    },
  }),
  op("PATCH /api/group-orders/{token}/lines/{lineId}", {
    summary: "Change the quantity of one's own line",
    access: tokenHolder,
    body: updateGroupLineSchema,
    ok: theGroup,
    errors: { 403: "Not joined, or not one's line", 404: "Unknown token or line", 409: "Locked, past the deadline or placed" },
    fixture: { matrix: { customer: 403, path: { token: "$joinedGroup.token", lineId: "$joinedGroup.lineId" }, body: { quantity: 2 } }, fuzz: { valid: { quantity: 2 } } },
  }),
  op("DELETE /api/group-orders/{token}/lines/{lineId}", {
    summary: "Remove one's own line (the host: anyone's)",
    access: tokenHolder,
    ok: theGroup,
    errors: { 403: "Not joined, or another's line and not the host", 404: "Unknown token or line", 409: "Locked, past the deadline or placed" },
    fixture: { matrix: { customer: 403, path: { token: "$joinedGroup.token", lineId: "$joinedGroup.lineId" } } },
  }),
  op("POST /api/group-orders/{token}/checkout", {
    summary:
      "The host pays for everyone: exactly the locked lines become the host's order, priced and placed (a wallet charged once) in one transaction; the group is placed",
    access: groupHost,
    body: submitOrderSchema,
    idempotent: { scope: "group-orders.checkout.{token}" },
    ok: { description: "The placed order and the group", schema: groupCheckoutSchema },
    errors: {
      400: "No items, insufficient funds, or a delivery time not offered (nothing changes)",
      403: "Not the host, or the host owns the restaurant (owners cannot order from their own restaurant)",
      402: "paymentMethod card: the card was declined, or a 3-D Secure challenge is needed (`payment.challengeUrl`, then `paymentIntent`); nothing changes",
      404: "Unknown, expired or canceled token",
      409: "Not locked, already placed, the restaurant stopped taking orders, a dish is unavailable, or prices changed since `expectedTotal`",
      422: "Idempotency-Key reused with a different body",
      429: "The host already has 5 orders waiting for restaurants to accept them, or 3 at this restaurant, whatever pays for them (Retry-After); nothing changes",
    },
    fixture: { matrix: { path: { token: "$lockedGroup.token" }, body: "$standardWallet" }, fuzz: { valid: "$standardWallet" } },
  }),
];
