// The resources the API's operations are listed under (the OpenAPI document's tags, the reference
// page's sections), and which one an operation's path gives it (lib/contract/define.ts's op()).

export const RESOURCES = {
  Auth: "Sign up, log in and out, sessions",
  Users: "The signed-in user's profile, password, picture and wallet",
  Addresses: "The signed-in customer's address book: saved addresses, the default, the pin (docs/architecture/places.md)",
  Restaurants: "Browsing restaurants and adding one",
  Search: "Finding restaurants and dishes by text and filters",
  Manage: "A restaurant owner's restaurants, menu and incoming orders",
  "Menu items": "Dishes, their owner's edits, and favourites",
  Orders: "A customer's orders: checkout, submit, cancel, reorder",
  "Group orders": "A shared cart at one restaurant: the host shares a link, people join and add their items, the host locks and pays for everyone",
  Reviews: "Reviews of placed orders",
  Memberships: "A monthly membership per market: free delivery from a basket size and a lower service fee, on a saved card (docs/architecture/membership.md)",
  "Gift cards": "Gift cards bought by card and mailed with a code, redeemed once into the wallet; a company's many from a CSV (docs/architecture/ledger.md)",
  Couriers: "The courier app: shift, position, delivery jobs and their events (docs/architecture/couriers.md)",
  Notifications: "The bell (in-app notifications, read marks, their live stream), the notification choices and web push devices (docs/architecture/notifications.md)",
  "Problem reports":
    "Something wrong with a delivered order: the customer's report, the owner's and Nosh support's decisions, the refund (docs/architecture/problem-reports.md)",
  Payments: "Saved cards, a card order's payment, the payment providers' webhooks and the built-in test provider's endpoints (docs/architecture/payments.md)",
  Legal: "The legal documents a person accepts (terms, privacy policy, partner and courier agreements) and which versions they accepted (docs/architecture/legal.md)",
  Deliveries:
    "Delivery only: a restaurant's own orders (its website's, its point of sale's) carried by a Nosh courier: a quote, the delivery, its public tracking link (docs/architecture/api-keys.md)",
  Support: "The contact form: a message to Nosh support, answered by an operator (docs/architecture/help.md)",
  Operator: "The operator console: dashboard, restaurants, reviews, couriers, users, the audit log (docs/architecture/operator.md)",
  Printers: "A restaurant's kitchen printer polling by Star CloudPRNT with its own HTTP Basic credentials (docs/architecture/kitchen.md)",
  Meta: "This document",
} as const;
export type Resource = keyof typeof RESOURCES;

/**
 * The resource an operation is listed under, from its path's first segment after /api/: an
 * operation names its own `resource` only where it is another (/api/manage/{id}/deliveries:
 * "Deliveries"). A path whose segment is not here must name it.
 */
const PATH_RESOURCES: Record<string, Resource> = {
  account: "Users",
  addresses: "Addresses",
  admin: "Operator",
  auth: "Auth",
  calls: "Notifications",
  courier: "Couriers",
  deliveries: "Deliveries",
  events: "Users",
  favorites: "Restaurants",
  "gift-cards": "Gift cards",
  "group-orders": "Group orders",
  legal: "Legal",
  manage: "Manage",
  membership: "Memberships",
  "menu-items": "Menu items",
  notifications: "Notifications",
  "openapi.json": "Meta",
  orders: "Orders",
  pay: "Payments",
  "payment-methods": "Payments",
  payments: "Payments",
  push: "Notifications",
  restaurants: "Restaurants",
  reviews: "Reviews",
  search: "Search",
  support: "Support",
  team: "Manage",
  "test-provider": "Payments",
  texts: "Notifications",
  users: "Users",
};
export const resourceOf = (path: string): Resource => {
  const resource = PATH_RESOURCES[path.split("/")[2]];
  if (!resource) throw new Error(`${path}: name its \`resource\` (no resource for its first segment in define.ts's PATH_RESOURCES)`);
  return resource;
};
