import { z } from "zod";
import type { ApiKeyScope } from "@/lib/shared/people/api-keys";
import { restaurantSchema } from "./restaurants/schemas";
import { reviewSchema } from "./reviews/schemas";
import { resourceOf, type Resource } from "./resources";

// How an API operation is declared: the one place a route is written down besides its route
// file (docs/architecture/api-contract.md). From these declarations come the OpenAPI document
// (/api/openapi.json), the reference page (/developers/api), the e2e response check, and the rows
// of the authorization matrix, the pagination spec and the fuzzer (e2e/README.md). Each
// resource's operations live in its own folder (lib/contract/<resource>/*operations.ts),
// collected by ./operations.ts.
//
// To add an operation: one `op("METHOD /api/path", {...})` in its resource's module: its route as
// handle() names it (the path gives its resource: PATH_RESOURCES), then who may call it (`access`, one of the constants below), its request
// schemas (<resource>/rules.ts), its success response (<resource>/schemas.ts) and, for a GET,
// whether it is a paged list (`paging`). The errors every call shares (400 bad ids or input, 401,
// the anti-forgery 403, the access's own 403, 413, 503) are added by `op()` from what the entry
// says. A Server-Sent Events route answers `ok: streamAnswer`, a CSV download `csvAnswer`, a PDF
// `contentType: "application/pdf"`: the e2e check then checks its status only.

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export { RESOURCES, type Resource } from "./resources";

/**
 * Who may call. `who` is shown on the page and in the document; `signedIn` adds the 401; `kind`
 * is what the authorization matrix (e2e/contract/authorization-matrix.api.spec.ts) derives each caller's
 * expected status from:
 * - anyone, signedLink: every caller gets the success (signedLink: the link's token is the authority);
 * - signedIn: anyone signed in, guests too; member: not a guest (a guest: 403);
 * - self: the user named in the path (anyone else: 403);
 * - restaurantOwner, recordOwner: the owner of the restaurant, order, review or device in the path
 *   (anyone else: 404, like a missing record);
 * - restaurantManager: the restaurant's owner or a manager of it; restaurantStaff: its owner, a
 *   manager or a staff member (docs/architecture/team.md). Someone not on its team: 404; a
 *   member whose role is below the route's: 403;
 * - groupToken: anyone holding the group's token (a wrong one: 404); groupHost: its host (others with the token: 403);
 * - courier: a courier (anyone else: 403); jobCourier: the courier the job in the path was offered to or is held by;
 * - operator: a Nosh operator (anyone else: 403);
 * - printer: a kitchen printer's own HTTP Basic credentials (every session and key: 401).
 */
export type AccessKind =
  | "anyone"
  | "signedLink"
  | "signedIn"
  | "member"
  | "self"
  | "restaurantOwner"
  | "restaurantManager"
  | "restaurantStaff"
  | "recordOwner"
  | "groupToken"
  | "groupHost"
  | "courier"
  | "jobCourier"
  | "operator"
  | "printer";
/**
 * Where a team route's restaurant comes from (handle() reads it: lib/server/web/restaurant-access.ts):
 * the path's `{id}` (/api/manage/{id}/...), the dish or the review the path's `{id}` names, or the
 * body's `restaurantId`.
 */
export type RestaurantFrom = "path" | "dish" | "review" | "body";
type TeamKind = "restaurantManager" | "restaurantStaff";
/**
 * `unauthorizedFields`: the 401 also names them (GET /api/auth's, which older clients read as `errors.message`).
 * `refused`: the 403 of a caller it turns away (someone who is not a courier, not an operator), in
 * every operation's document unless the operation says its own 403.
 * `restaurantFrom`: a team route's, and only theirs, declares where its restaurant comes from.
 */
export type Access<K extends AccessKind = AccessKind> = {
  kind: K;
  who: string;
  signedIn: boolean;
  unauthorizedFields?: Record<string, string>;
  refused?: string;
} & (K extends TeamKind ? { restaurantFrom: RestaurantFrom } : { restaurantFrom?: never });
const access = <const K extends Exclude<AccessKind, TeamKind>>(kind: K, who: string, signedIn: boolean, refused?: string): Access<K> =>
  ({ kind, who, signedIn, ...(refused && { refused }) }) as Access<K>;
const team = <const K extends TeamKind>(kind: K, who: string, restaurantFrom: RestaurantFrom): Access<K> => ({ kind, who, signedIn: true, restaurantFrom }) as Access<K>;
export const anyone = access("anyone", "Anyone", false);
export const signedLink = access("signedLink", "Anyone holding the mail's signed link (no session)", false);
export const signedIn = access("signedIn", "Any signed-in user (guests too)", true);
export const member = access("member", "A signed-in user who is not a guest", true);
export const self = access("self", "The user themself (anyone else: 403)", true);
export const restaurantOwner = access("restaurantOwner", "The restaurant's owner (anyone else: 404)", true);
const MANAGER = "The restaurant's owner or a manager of it (a staff member: 403; anyone else: 404)";
/** A route of the restaurant in the path (/api/manage/{id}/...) for its owner and managers. */
export const restaurantManager = team("restaurantManager", MANAGER, "path");
export const restaurantStaff = team("restaurantStaff", "The restaurant's owner, a manager or a staff member of it (anyone else: 404)", "path");
/** A route for the owner and managers of the restaurant found elsewhere: the path's dish, the path's review, or the body's restaurantId. */
export const managerOf = (from: Exclude<RestaurantFrom, "path">) => team("restaurantManager", MANAGER, from);
export const author = access("recordOwner", "The record's owner (anyone else: 404)", true);
export const tokenHolder = access("groupToken", "Any signed-in user with the group's token (a wrong, expired or canceled token: 404)", true);
export const courier = access("courier", "A courier (anyone else: 403)", true, "Not a courier");
/** The courier's record (docs/architecture/courier-screens.md "Record"): a courier, a suspended one too; anyone else: 403 (the data layer's check). */
export const recordHolder = access("self", "A courier, a suspended one too (anyone else: 403)", true);
export const jobCourier = access(
  "jobCourier",
  "The courier the job was offered to or is held by (anyone else: 404; someone who is not a courier: 403)",
  true,
  "Not a courier",
);
export const operator = access("operator", "A Nosh operator (anyone else signed in: 403)", true, "Not an operator");
/** A kitchen printer's CloudPRNT calls: its HTTP Basic credentials are the authority (no session, no anti-forgery check). */
export const printer = access("printer", "A kitchen printer with its own HTTP Basic credentials (anyone else: 401)", true);
export const groupHost = access("groupHost", "The group's host (a participant or anyone else with the token: 403)", true);

/**
 * A GET's answer: a list honouring `?limit=` and `?offset=` (the conventions' "Pagination";
 * e2e/contract/pagination.api.spec.ts pages through each), or not a list of that kind, and why (one record,
 * a capped working set, a stream, a download...).
 */
export type Paging = "limit-offset" | { unpaged: string };
/** Server-Sent Events: each message is one event; a reconnect resumes after Last-Event-ID. */
export const eventStream: Paging = { unpaged: "an event stream: each message is one event, a reconnect resumes after Last-Event-ID" };
/** A streamed CSV download of a range of days. */
export const rangeDownload: Paging = { unpaged: "a streamed CSV download of a date range (at most 366 days), read by a keyset cursor" };

/** The answers that are not JSON, as the operations giving one describe them. */
export const streamAnswer = { description: "An event stream", contentType: "text/event-stream" } as const;
export const csvAnswer = { description: "A CSV download", contentType: "text/csv" } as const;
export const photoAnswer = { description: "The photo", contentType: "image/webp" } as const;

/** Path parameters that are text, not row ids: a group order's token, a payment provider's name, a payment intent's or a test provider dispute's id. */
export const TEXT_PARAMS = ["token", "provider", "intentId", "disputeId"] as const;
export type TextParam = (typeof TEXT_PARAMS)[number];
export const isTextParam = (name: string): name is TextParam => (TEXT_PARAMS as readonly string[]).includes(name);

export type Operation = {
  method: HttpMethod;
  /** OpenAPI path template: /api/orders/{id}. */
  path: string;
  resource: Resource;
  summary: string;
  access: Access;
  /** GET only: a paged list or not (every GET says which). */
  paging?: Paging;
  /** The JSON body's zod schema, as the handler parses it (camelCase; snake_case accepted too). */
  body?: z.ZodType;
  /** A multipart/form-data body instead of JSON (the picture and photo uploads), and its size cap. */
  multipart?: { field: string; description: string; maxBytes: number };
  query?: z.ZodType;
  /**
   * An Idempotency-Key header makes a retry answer like the first call: `scope` names the stored
   * answers' scope, `{param}` filled from the path (handle() hands the handler `idempotent`).
   */
  idempotent?: { scope: string };
  /** The schema handle() parses the body with when it is not `body` itself (the quote's either-shape body, with its own messages); `body` is then what the document shows. */
  parseBody?: z.ZodType;
  /**
   * The API key scopes that admit a key to this operation (any one of them; docs/architecture/api-keys.md).
   * Only restaurantManager and restaurantStaff operations take keys; without `keys` a bearer key is a 401.
   */
  keys?: readonly ApiKeyScope[];
  /**
   * One of the board's steps: a kitchen tablet paired to the restaurant (its own cookie, no session;
   * docs/architecture/kitchen.md "A board that lives on a tablet") may call it, as a staff member of
   * that restaurant only. Only restaurantStaff operations declare it; without it a device is a 401.
   */
  kitchenDevice?: true;
  /** Status -> what it means; success statuses carry the response schema, errors the error shape. */
  responses: Record<number, Response>;
  /** How the suites reach it (./fixtures.ts): the authorization matrix's call, and a paged list's reader. */
  fixture: Fixture;
};

/** A JSON body of `schema`, or a stream of `contentType` (Server-Sent Events: "text/event-stream"). */
export type Response = { description: string; schema?: z.ZodType; contentType?: StreamType };
/** An answer that is not JSON: Server-Sent Events, a CSV or PDF download (an attachment), a page, a picture. */
export type StreamType = "text/event-stream" | "text/csv" | "text/html" | "text/xml" | "image/webp" | "application/pdf" | "application/vnd.star.starprnt";

/**
 * How the e2e suites call an operation, in words of the worlds they build: a string "$name" is a
 * value of that world ("$submittedOrder", "$group.token"; e2e/contract/authorization-matrix.api.spec.ts
 * and e2e/contract/pagination.api.spec.ts name theirs), anything else is sent as written.
 */
export type Fixture = {
  /** The authorization matrix's call, as the record's owner makes it (every caller sends the same). */
  matrix: {
    /** The path's parameters. */
    path?: Record<string, string | number>;
    query?: Record<string, string>;
    /** The JSON body ("$name" strings anywhere in it are world values; a body of one "$name" is that value whole). */
    body?: unknown;
    /** World values made before the call, in order, for what they do (the owner made a courier, an order placed...). */
    before?: string[];
    /** The row changes the world (its set-up or the owner's call): it gets a world of its own (the matrix's ownWorldOf says which part). */
    fresh?: true;
    /** The record owner's answer when it is not the declared success: the call is refused past the access check. */
    status?: number;
    /** The body names a private record of the owner's (signedIn and member operations): other callers get the 404 of a missing one. */
    private?: true;
    /** Group rows: the customer holds the link; their answer when it is not the success (403: not joined, or another's line). */
    customer?: number;
  };
  /** A paged list (paging "limit-offset"): who reads it, and where, in the pagination spec's world. */
  list?: { as: "anyone" | "customer" | "owner" | "operator"; path?: Record<string, string>; query?: Record<string, string> };
  /**
   * What the fuzzer (e2e/reliability/fuzz.spec.ts) starts from besides the declared body: `valid`,
   * a valid body in words of its world; `fields`, the schema to draw fields from where the body is
   * not one object (the quote's either-shape body); `queries`, the query strings to try.
   */
  fuzz?: { valid?: unknown; fields?: z.ZodType; queries?: string[] };
};

/** "PUT /api/orders/{id}/submit": an operation's method and path, as handle() and the suites name it (operationKey). */
export type Route = `${HttpMethod} /${string}`;
type MethodOf<R extends Route> = R extends `${infer M extends HttpMethod} ${string}` ? M : never;
type PathOf<R extends Route> = R extends `${HttpMethod} ${infer P}` ? P : never;

type Declared = Omit<Operation, "responses" | "paging" | "method" | "path" | "resource"> & {
  /** Only where the path's first segment says another (PATH_RESOURCES). */
  resource?: Resource;
  ok: { status?: 200 | 201 } & ({ description: string; schema: z.ZodType } | { description: string; contentType: StreamType });
  /** Errors particular to this call: status -> when. */
  errors?: Record<number, string>;
};
/** A GET states whether it is a paged list; no other method does. */
type Entry<R extends Route> = R extends `GET ${string}` ? Declared & { paging: Paging } : Declared & { paging?: never };

const MUTATING = new Set<HttpMethod>(["POST", "PUT", "PATCH", "DELETE"]);

/** An operation as declared: its method, path, access, body, query and idempotency keep their own types (handle() types its handler from them). */
export type Declaration<R extends Route, E extends Entry<R>> = Operation & {
  method: MethodOf<R>;
  path: PathOf<R>;
  access: E["access"];
  body: E["body"];
  query: E["query"];
  parseBody: E["parseBody"];
  idempotent: E["idempotent"];
};

/** One operation: `route` its method and path as handle() names it, `entry` the rest (module comment above). */
export function op<const R extends Route, const E extends Entry<R>>(route: R, entry: E): Declaration<R, E> {
  const method = route.slice(0, route.indexOf(" ")) as HttpMethod;
  const path = route.slice(method.length + 1);
  const { ok, errors: own = {}, access, resource = resourceOf(path), ...rest } = entry;
  const errors: Record<number, string> = access.refused ? { 403: access.refused, ...own } : own;
  const { status = 200, ...success } = ok;
  const responses: Operation["responses"] = { [status]: success };
  const fail = (status: number, description: string) => {
    responses[status] = { description: responses[status] ? `${responses[status].description}; ${description}` : description };
  };
  if (path.includes("{") || entry.body || entry.query || entry.multipart) fail(400, "Invalid input: `errors` names each field at fault");
  if (access.signedIn) fail(401, "Not signed in");
  if (MUTATING.has(method)) fail(403, "Missing or wrong XSRF-Token header, or a call from another site");
  if (access.kind === "restaurantManager") fail(403, "A staff member of the restaurant: this is its owner's and managers'");
  if (entry.keys) {
    fail(401, "An unknown or revoked API key");
    fail(403, `An API key without any of the scopes ${entry.keys.join(", ")}`);
    fail(429, "Too many requests with this API key: retry after Retry-After seconds");
  }
  for (const [status, description] of Object.entries(errors)) fail(Number(status), description);
  if (entry.kitchenDevice) fail(401, "A revoked kitchen tablet (and no session)");
  if (MUTATING.has(method)) fail(413, "Body larger than 64 KB");
  fail(503, "The service is busy: retry after Retry-After seconds");
  return { method, path, resource, access, ...rest, responses } as unknown as Declaration<R, E>;
}

export const list = <T extends z.ZodType>(key: string, item: T) => z.object({ [key]: z.array(item) });
export const withRestaurant = z.object({ restaurant: restaurantSchema });
export const reviewData = z.object({ data: reviewSchema });
/** "PUT /api/orders/{id}/submit": how the suites name an operation. */
export const operationKey = (operation: Pick<Operation, "method" | "path">) => `${operation.method} ${operation.path}`;

/** The success status an operation declares (200 or 201). */
export const successStatus = (operation: Operation) => Number(Object.keys(operation.responses).find((status) => status.startsWith("2")));
