// The messages a person reads that more than one file says: each written once, here, and imported
// by the server's throws, the request schemas and the pages alike. Plain strings, no imports: the
// zod-free rules and the pages' first loads may take them. Where the spec
// (/work/shared/spec/marketplace-spec.md) or the API contract quotes a message, it is verbatim.
// An error message is said by its catalogue key instead (lib/shared/words/said.ts).

// Failures.

/** A status of 500 or more, and any failure the page cannot read (the spec's error catalogue). */
export const SERVER_FAILURE = "Something went wrong. Please try again";
/** No answer at all: the request never reached the server. */
export const NETWORK_FAILURE = "Network error. Check your connection and try again.";
/** The spec's error catalogue: a page of restaurants that did not load (of dishes: the catalogue's lists.dishesFailed). */
export const RESTAURANTS_FETCH_FAILED = "Failed to fetch restaurants";

// Fields.

/** The spec's profile rules: a guest who tries to save an address. */
export const GUEST_ADDRESS = "Must login to add address";
/** What /home and the arrival quote say of an address the geocoder cannot place. */
export const UNREADABLE_ADDRESS = "We could not find that address. Add its ZIP code, like 1847 Guerrero St, San Francisco, CA 94110";
/** A mail's unsubscribe link that does not check out (its token missing, too long, or not signed by us). */
export const UNSUBSCRIBE_INVALID = "This unsubscribe link is not valid";

/** A participant's change to a group order its host locked (the API's 409, the page's notice). */
export const GROUP_LOCKED = "The host has locked this order";
