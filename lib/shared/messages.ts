// The messages a person reads that more than one file says: each written once, here, and imported
// by the server's throws, the request schemas and the pages alike. Plain strings, no imports: the
// zod-free rules and the pages' first loads may take them. Where the spec
// (/work/shared/spec/marketplace-spec.md) or the API contract quotes a message, it is verbatim.
// The tables of one subject (CHECKOUT_MESSAGES, PROFILE_MESSAGES, GROUP_MESSAGES, ...) point here
// for the entries another file says too.

// Money.

/** A wallet debit that comes up short (PUT /api/users/wallet/deduct/{id}: the API contract's `{ "message": "Insufficient funds" }`), the ledger's default. */
export const INSUFFICIENT_FUNDS = "Insufficient funds";
/** Checkout paid from a wallet that comes up short (the spec's error catalogue, "Checkout"). */
export const WALLET_SHORT_AT_CHECKOUT = "Insufficient funds in your wallet.";

// Failures.

/** A status of 500 or more, and any failure the page cannot read (the spec's error catalogue). */
export const SERVER_FAILURE = "Something went wrong. Please try again";
/** No answer at all: the request never reached the server. */
export const NETWORK_FAILURE = "Network error. Check your connection and try again.";
/** The spec's error catalogue: a page of dishes or restaurants that did not load. */
export const MENU_ITEMS_FETCH_FAILED = "Failed to fetch menu items";
export const RESTAURANTS_FETCH_FAILED = "Failed to fetch restaurants";

// Fields.

/** A cart line's quantity (POST /api/orders, PUT /api/orders/{id}, a problem report's line). */
export const QUANTITY_1_TO_99 = "quantity must be a whole number from 1 to 99";
export const NAME_REQUIRED = "Name is required";
export const FIRST_NAME_REQUIRED = "First name is required";
export const AT_MOST_50_CHARACTERS = "Must be at most 50 characters";
/** The spec's profile rules: a guest who tries to save an address. */
export const GUEST_ADDRESS = "Must login to add address";

/** What /home and the arrival quote say of an address the geocoder cannot place. */
export const UNREADABLE_ADDRESS = "We could not find that address. Add its ZIP code, like 1847 Guerrero St, San Francisco, CA 94110";
/** GET /api/search/nearest-zip (the address form's "Use my location"): no known ZIP within 40 km of the position. */
export const NO_ZIP_NEAR = "No ZIP code we know is near you. Type your address instead.";
/** POST /api/push/subscriptions: the schema's check and the server's endpoint guard. */
export const PUSH_ENDPOINT_HTTPS = "endpoint must be an https URL";
/** A mail's unsubscribe link that does not check out (its token missing, too long, or not signed by us). */
export const UNSUBSCRIBE_INVALID = "This unsubscribe link is not valid";

// Refusals.

/** A delivery without an address it can be dispatched to (lib/server/orders/destination.ts, the checkout's Place order). */
export const DELIVERY_ADDRESS_NEEDED = "Add a delivery address to place this order, or choose pickup";
/** The same for a guest, whose address (searched on the landing page or typed at checkout) is sent with the order. */
export const GUEST_DELIVERY_ADDRESS_NEEDED = "Enter your delivery address (ADDRESS, CITY, STATE, ZIP) to place this order, or choose pickup";
/** A saved address whose ZIP we cannot place: no courier could be sent to it. */
export const DELIVERY_ADDRESS_UNPLACED = "We could not find your delivery address's ZIP code: change the address, or choose pickup";
/** deliveryAddress sent by an account that has a profile: its address is the saved one. */
export const DELIVERY_ADDRESS_GUESTS_ONLY = "Only a guest's order sends its address: change your saved address instead";

/** The promo-code guesses' 429 (lib/server/platform/throttle.ts). */
export const PROMO_TOO_MANY = "Too many codes that didn't work. Please try again later.";
/** A participant's change to a group order its host locked (the API's 409, the page's notice). */
export const GROUP_LOCKED = "The host has locked this order";
/** POST /api/courier/apply by a suspended courier, and the page that shows their status. */
export const COURIER_SUSPENDED = "Your courier account is suspended. Contact Nosh.";

// Done.

/** The spec's error catalogue, "reactivate": PUT /api/manage/{id}/reactivate's message and the page's notice. */
export const RESTAURANT_REACTIVATED = "Restaurant successfully reactivated!";
export const LOGGED_OUT_EVERYWHERE = "Logged out on every device";
export const REVIEW_DELETED = "Review deleted";
