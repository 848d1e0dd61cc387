import { expect, test } from "../fixtures";
import fc from "fast-check";
import http from "node:http";
import type { z } from "zod";
import { CUISINES, DELIVERY_OPTIONS, FOOD_TYPES, PAYMENT_METHODS, PRICE_LEVELS } from "@/lib/shared/constants";
import { OPERATIONS, OPERATIONS_BY_KEY, operationKey, routeKey, type Operation } from "@/lib/contract/operations";
import { pushSubscriptionBody } from "../support/push";
import { fillNow } from "../support/fixture";
import { newClient, signUpCustomer, type Client } from "../support/api";
import { discoverApiRoutes } from "../support/matrix";
import { createOrder, standardWallet } from "../support/orders";
import { itemBody, restaurantBody, signUpOwner } from "../support/owner";
import { callerOf, changedTables, digest, freshDataDir, openReadOnly, reliabilityPort, SIZE, startServer, type Caller, type Server } from "../support/reliability";

// Fuzzing: property-based requests against every mutating operation the contract declares
// (lib/contract/<resource>/, which lib/contract/openapi.test.ts holds equal to the route files on
// disk), from anonymous, customer and owner callers. Bodies mix shapes derived from each
// operation's declared body schema (field names, enums, plausible values, and the support
// helpers' valid bodies where the declaration's fixture.fuzz gives one) with junk: wrong types, huge and unicode strings, negative,
// fractional and out-of-range numbers (1e309 reaches the server as Infinity), deep nesting,
// extra fields, bad JSON, wrong content types, junk path ids, bad anti-forgery tokens.
// Every answer must be below 500, and a batch answered only with 4xx must leave every table
// (read-only, by digest) exactly as it was. Seed with FUZZ_SEED to replay a failure.

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const BATCH = 8;
/** The route whose work runs after its answer (app/api/auth/password-reset/route.ts). */
const DEFERRED_WORK = "POST /api/auth/password-reset";

/** A dish's option group (lib/contract/menu/option-rules.ts), nested arrays for the fuzzer to break. */
const FUZZ_GROUP = {
  name: "Extras",
  min_choices: 0,
  max_choices: 2,
  options: [
    { name: "Cheese", price_delta: 1 },
    { name: "Bacon", price_delta: 2.5, available: false },
  ],
};

/**
 * What the fuzzer adds to an operation's declared body, query and upload, from its declaration's
 * `fixture.fuzz` (none needed): `valid`, a valid body to start from; `fields`, the schema to draw
 * fields from where the declared body is not one object (the quote's); `query`, the query strings to try.
 */
type Shape = { fields?: z.ZodType; valid?: (w: World) => Record<string, unknown>; query?: fc.Arbitrary<string> };
const MUTATING_OPERATIONS = OPERATIONS.filter((operation) => MUTATING.has(operation.method));
/** The uploads: multipart/form-data bodies (the profile picture, 5 MB; restaurant and dish photos, 10 MB). */
const isUpload = (key: string) => Boolean(OPERATIONS_BY_KEY.get(key)?.multipart);
/** Uploads whose cap is past the oversized test's largest body (8 MB): e2e/platform/limits.api.spec.ts covers them. */
const OVERSIZED_BYTES = 8 * 1024 * 1024;
const capsPastOversized = (operation: Operation) => (operation.multipart?.maxBytes ?? 0) > OVERSIZED_BYTES;
/** The schema a body's fields are drawn from. */
const fieldsOf = (key: string) => shapeOf(key)?.fields ?? OPERATIONS_BY_KEY.get(key)?.body;

/** The fuzzer's world's values the declarations' `fixture.fuzz.valid` bodies name ("$restaurant"), made afresh for each body. */
const WORLD: Record<string, (w: World) => unknown> = {
  customerEmail: (w) => w.customerEmail,
  restaurant: (w) => w.restaurantIds[0],
  item: (w) => w.itemIds[0],
  order: (w) => w.orderIds[0],
  uniqueEmail: () => `fuzz-${Math.random().toString(36).slice(2)}@example.com`,
  restaurantBody: () => restaurantBody(),
  dishBody: (w) => itemBody(w.restaurantIds[0]!, { allows_instructions: true, option_groups: [FUZZ_GROUP] }),
  optionGroup: () => FUZZ_GROUP,
  standardWallet: () => ({ ...standardWallet }),
  pushSubscriptionBody: () => pushSubscriptionBody(),
};

/** What the fuzzer adds to an operation's declaration: its `fixture.fuzz`, with this world's values in. */
function shapeOf(key: string): Shape | undefined {
  const fuzz = OPERATIONS_BY_KEY.get(key)?.fixture.fuzz;
  if (!fuzz) return undefined;
  const value = (w: World) => (name: string, field?: string) => {
    if (!WORLD[name]) throw new Error(`${key}: its fixture.fuzz names "$${name}", which the fuzzer's WORLD does not make`);
    const found = WORLD[name](w);
    return field ? (found as Record<string, unknown>)[field] : found;
  };
  return {
    fields: fuzz.fields,
    valid: fuzz.valid === undefined ? undefined : (w) => fillNow(fuzz.valid, value(w)) as Record<string, unknown>,
    query: fuzz.queries ? fc.constantFrom(...fuzz.queries) : undefined,
  };
}

type World = {
  customerEmail: string;
  restaurantIds: number[];
  itemIds: number[];
  orderIds: number[];
  reviewIds: number[];
  userIds: number[];
  /** Group order tokens ([token] in a path): the customer's open group, with a line of theirs. */
  groupTokens: string[];
  groupLineIds: number[];
};

/** The customer's open group order at the owner's restaurant, with one line of theirs. */
async function fuzzGroup(client: Client, restaurantId: number, menuItemId: number): Promise<Pick<World, "groupTokens" | "groupLineIds">> {
  const created = await client.post("/api/group-orders", { restaurantId });
  expect(created.status()).toBe(201);
  const { token } = await created.json();
  const added = await client.post(`/api/group-orders/${token}/lines`, { menuItemId, quantity: 1 });
  expect(added.status()).toBe(201);
  return { groupTokens: [token], groupLineIds: [(await added.json()).lines[0].id] };
}

// Junk --------------------------------------------------------------------------------------

/** A string marker replaced by a raw JSON number token after JSON.stringify: 1e309 parses to Infinity. */
const raw = (token: string) => `@@RAW(${token})@@`;
const unraw = (text: string) => text.replace(/"@@RAW\(([^)]*)\)@@"/g, "$1");
const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const junkString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "null",
    "NaN",
    "-1",
    "1e309",
    "12.345",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "\u202e\ufeff\u200b",
    "💥".repeat(500),
    "x".repeat(70_000),
  ),
);
const junkNumber = fc.oneof(
  fc.integer(),
  fc.double(), // NaN and ±Infinity become null in JSON
  fc.constantFrom(-1, 0, -0.01, 0.001, 0.1 + 0.2, 2 ** 31, 2 ** 53 + 2, 1e21, -1e21, Number.MAX_VALUE),
  fc.constantFrom(raw("1e309"), raw("-1e309"), raw("1e-400"), raw("-0"), raw("123456789012345678901234567890")),
);
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: junkString, weight: 3 },
  { arbitrary: junkNumber, weight: 3 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}, [1, 2], { $gt: 0 }, { __proto__: { admin: true } }), weight: 2 },
  { arbitrary: fc.object({ maxDepth: 2, maxKeys: 3 }), weight: 1 },
  { arbitrary: fc.array(fc.oneof(junkString, junkNumber), { maxLength: 4 }), weight: 1 },
);

/** Fields a client must never set (mass assignment), sprinkled in as extras. */
const FORBIDDEN_FIELDS = [
  "wallet",
  "walletCents",
  "restaurantOwner",
  "ownerId",
  "owner_id",
  "status",
  "userId",
  "user_id",
  "guestAccount",
  "sessionVersion",
  "priceCents",
  "totalCents",
  "__proto__",
  "constructor",
];

// Valid-looking values, from the schema's own structure --------------------------------------

type ZodDef = {
  type: string;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
  innerType?: z.ZodType;
  entries?: Record<string, string>;
  options?: z.ZodType[];
  element?: z.ZodType;
  values?: unknown[];
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** A plausible value for a field: from the schema's enums and types, steered by the field's name. */
function plausible(schema: z.ZodType, key: string, w: World): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return plausible(def.innerType!, key, w);
    case "pipe":
      return plausible(def.in!, key, w);
    case "enum":
      return fc.constantFrom(...Object.values(def.entries!));
    case "literal":
      return fc.constantFrom(...def.values!);
    case "union":
      return fc.oneof(...def.options!.map((option) => plausible(option, key, w)));
    case "array":
      return fc.array(plausible(def.element!, key, w), { minLength: 1, maxLength: 4 });
    case "object":
      return objectOf(schema, w);
    case "number":
      return plausibleNumber(key, w);
    case "string":
      return plausibleString(key);
    case "boolean":
      return fc.boolean();
    default:
      return junkValue;
  }
}

function plausibleNumber(key: string, w: World): fc.Arbitrary<unknown> {
  const k = key.toLowerCase();
  if (k.includes("restaurant")) return fc.constantFrom(...w.restaurantIds, 1, 999_999);
  if (k.includes("menuitem")) return fc.constantFrom(...w.itemIds, 999_999);
  if (k.includes("order")) return k.includes("rating") ? fc.integer({ min: -1, max: 7 }) : fc.constantFrom(...w.orderIds, 999_999);
  if (k.includes("rating")) return fc.integer({ min: -1, max: 7 });
  if (k.includes("quantity")) return fc.integer({ min: -2, max: 120 });
  if (k.includes("tippercent")) return fc.constantFrom(0, 10, 15, 20, 25, 30, 15.5);
  if (/price|fee|amount|tip/.test(k))
    return fc.oneof(
      fc.integer({ min: -100, max: 2_000_000 }).map((c) => c / 100),
      fc.double({ min: -10, max: 2e6, noNaN: true }),
    );
  if (k.includes("time")) return fc.integer({ min: -5, max: 200 });
  return fc.integer({ min: -10, max: 1000 });
}

function plausibleString(key: string): fc.Arbitrary<unknown> {
  const k = key.toLowerCase();
  if (k === "credential" || k === "email") return fc.oneof(fc.emailAddress(), fc.constantFrom("priya.raman@example.com", "415-555-0103", "a@b", "@.", ""));
  if (k.includes("phone")) return fc.constantFrom("415-555-0101", "4155550101", "123", "(415) 555 0101");
  if (k.includes("password")) return fc.oneof(fc.string({ minLength: 8, maxLength: 20 }), fc.constantFrom("nosh-demo-pass", "short", "é".repeat(40)));
  if (k === "state") return fc.constantFrom("CA", "NY", "ca", "California");
  if (k === "zip") return fc.constantFrom("94105", "9410", "ABCDE");
  if (k.includes("image"))
    return fc.constantFrom(
      "/images/food/american-meatloaf.webp",
      "https://example.com/a.jpg",
      "javascript:alert(1)",
      "/images/../../etc/passwd",
      "data:image/png;base64,AAAA",
    );
  if (k.includes("closing")) return fc.constantFrom("22:00", "24:00", "9:00", "23:59");
  if (k.includes("hours")) return fc.constantFrom("11:00 AM - 10:00 PM", "always");
  if (k.includes("scheduled"))
    return fc.integer({ min: -3, max: 10 * 48 }).map((halfHours) => new Date(Math.floor(Date.now() / 1_800_000 + halfHours) * 1_800_000).toISOString());
  if (k.includes("cuisine")) return fc.constantFrom(...CUISINES, "Martian");
  if (k.includes("pricelevel")) return fc.constantFrom(...PRICE_LEVELS);
  if (k.includes("foodtype")) return fc.constantFrom(...FOOD_TYPES);
  if (k.includes("delivery")) return fc.constantFrom(...DELIVERY_OPTIONS);
  if (k.includes("payment")) return fc.constantFrom(...PAYMENT_METHODS);
  return fc.oneof(
    fc.string({ minLength: 1, maxLength: 30 }),
    fc.constantFrom("Margherita Pizza", "A perfectly ordinary description.", "100 Market Street", "San Francisco"),
  );
}

/** An object of the schema's fields, any subset, each plausible or (one time in five) junk. */
function objectOf(schema: z.ZodType, w: World): fc.Arbitrary<Record<string, unknown>> {
  let def = defOf(schema);
  while (def.type === "pipe") def = defOf(def.in!);
  // One of several shapes (`{ ids }` or `{ all: true }`): any one of them.
  if (def.type === "union") return fc.oneof(...def.options!.map((option) => objectOf(option, w)));
  if (def.type !== "object") return fc.dictionary(fc.string({ maxLength: 10 }), junkValue, { maxKeys: 4 });
  const fields = Object.fromEntries(
    Object.entries(def.shape!).map(([key, field]) => [key, fc.oneof({ arbitrary: plausible(field, key, w), weight: 4 }, { arbitrary: junkValue, weight: 1 })]),
  );
  return fc.record(fields, { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;
}

const snake = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]));

// Requests ------------------------------------------------------------------------------------

type Fuzzed = {
  key: string;
  caller: number;
  method: string;
  url: string;
  body?: string;
  form?: Uint8Array;
  contentType?: string;
  xsrf: "ok" | "missing" | "wrong";
  idempotencyKey?: string;
};

function bodyArb(key: string, w: World): fc.Arbitrary<string | undefined> {
  const shape = shapeOf(key);
  const schema = fieldsOf(key);
  const object = schema ? objectOf(schema, w) : fc.constant({});
  const withBase = shape?.valid ? fc.tuple(fc.boolean(), object).map(([useValid, fields]) => (useValid ? { ...shape.valid!(w), ...fields } : fields)) : object;
  const shaped = fc
    .tuple(withBase, fc.boolean(), fc.dictionary(fc.oneof(fc.constantFrom(...FORBIDDEN_FIELDS), fc.string({ maxLength: 8 })), junkValue, { maxKeys: 3 }))
    .map(([fields, useSnake, extra]) => unraw(JSON.stringify({ ...(useSnake ? snake(fields) : fields), ...extra })));
  return fc.oneof(
    { arbitrary: shaped, weight: 8 },
    { arbitrary: junkValue.map((value) => unraw(JSON.stringify(value) ?? "null")), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        undefined,
        "",
        "{",
        '{"amount":',
        "[]]",
        "{'a':1}",
        "\u0000",
        nested(5_000),
        nested(200_000),
        `{"a":${nested(3_000)}}`,
        "x".repeat(2_000_000),
      ),
      weight: 1,
    },
  );
}

const junkId = fc.constantFrom(
  "-1",
  "0",
  "1e309",
  "abc",
  "1.5",
  "2147483648",
  "99999999999999999999",
  "0x10",
  "%20",
  "%00",
  "١",
  "１",
  "1%2F2",
  // Escapes that do not decode (Next.js answered them with a plain-text 500; server/json-errors.mjs).
  "%",
  "%ZZ",
  "%E0%A4%A",
  "' OR 1=1",
  "null",
  "-0",
  "+1",
);

function requestArb(routes: string[], w: World): fc.Arbitrary<Fuzzed> {
  const id = fc.oneof(
    { arbitrary: fc.constantFrom(...w.restaurantIds, ...w.itemIds, ...w.orderIds, ...w.reviewIds, ...w.userIds).map(String), weight: 3 },
    { arbitrary: junkId, weight: 2 },
  );
  return fc.constantFrom(...routes).chain((key) => {
    const [method, template] = key.split(" ") as [string, string];
    const shape = shapeOf(key);
    const params = template.match(/\{[^}]+\}/g) ?? [];
    const multipart = isUpload(key);
    // A group order's token is its capability: the real one, or junk.
    const token = fc.oneof(
      { arbitrary: fc.constantFrom(...w.groupTokens), weight: 3 },
      { arbitrary: junkId, weight: 1 },
      { arbitrary: fc.constant("A".repeat(22)), weight: 1 },
    );
    const param = (name: string) => (name === "{token}" ? token : name === "{lineId}" ? fc.oneof(fc.constantFrom(...w.groupLineIds).map(String), id) : id);
    return fc
      .record({
        caller: fc.integer({ min: 0, max: 2 }),
        ids: params.length ? fc.tuple(...params.map(param)) : fc.constant([] as string[]),
        query: shape?.query ?? fc.constantFrom("", "", "", "?limit=-1&offset=abc", "?type=hard"),
        body: multipart ? fc.constant(undefined) : bodyArb(key, w),
        form: multipart
          ? fc
              .tuple(fc.boolean(), fc.uint8Array({ maxLength: 3_000 }))
              .map(([png, bytes]) => (png ? new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...bytes]) : bytes))
          : fc.constant(undefined),
        contentType: fc.oneof(
          { arbitrary: fc.constant(multipart ? "multipart" : "application/json"), weight: 6 },
          {
            arbitrary: fc.constantFrom(
              undefined,
              "text/plain",
              "application/x-www-form-urlencoded",
              "multipart/form-data; boundary=xyz",
              "application/json; charset=utf-16",
              "application/xml",
            ),
            weight: 1,
          },
        ),
        xsrf: fc.constantFrom("ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "missing", "wrong"),
        idempotencyKey: fc.option(fc.oneof(fc.uuid(), fc.constantFrom(" ", "k".repeat(300), "ключ".replace(/./g, "\u00e9"))), { freq: 4 }),
      })
      .map(({ caller, ids, query, body, form, contentType, xsrf, idempotencyKey }) => {
        let i = 0;
        const url = template.replace(/\{[^}]+\}/g, () => ids[i++]!) + query;
        return { key, caller, method, url, body, form, contentType, xsrf, idempotencyKey: idempotencyKey ?? undefined } as Fuzzed;
      });
  });
}

async function send(server: Server, callers: Caller[], request: Fuzzed): Promise<number> {
  const caller = callers[request.caller]!;
  const headers: Record<string, string> = { cookie: caller.cookie };
  if (request.xsrf === "ok") headers["XSRF-Token"] = caller.token;
  if (request.xsrf === "wrong") headers["XSRF-Token"] = "0".repeat(64);
  if (request.idempotencyKey !== undefined) headers["Idempotency-Key"] = request.idempotencyKey;
  let body: BodyInit | undefined = request.body;
  if (request.form) {
    const form = new FormData();
    form.set(OPERATIONS_BY_KEY.get(request.key)!.multipart!.field, new Blob([new Uint8Array(request.form)], { type: "image/png" }), "me.png");
    body = form;
    if (request.contentType !== "multipart" && request.contentType) headers["content-type"] = request.contentType;
  } else if (request.contentType) {
    headers["content-type"] = request.contentType;
  }
  const response = await fetch(server.url + request.url, { method: request.method, headers, body, redirect: "manual", signal: AbortSignal.timeout(60_000) });
  await response.arrayBuffer();
  return response.status;
}

// One server for the file (its data folder emptied first): each test compares the database
// before and after its own requests, so it needs no fresh one, and afterAll stops the server
// even when a test times out (a leftover one would hold the port for the next test).
let server: Server;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  freshDataDir("fuzz");
  server = await startServer({ name: "fuzz", port: reliabilityPort(0) });
});
test.afterAll(async () => {
  await server?.stop();
});

const describe = (request: Fuzzed, status: number) =>
  `${status} ${request.method} ${request.url} caller=${["anonymous", "customer", "owner"][request.caller]} xsrf=${request.xsrf} type=${request.contentType} body=${(request.body ?? (request.form ? `<${request.form.length} bytes>` : "")).slice(0, 300)}`;

test("fuzzing every mutating endpoint: no 5xx, and refused requests change nothing", async () => {
  const url = server.url;
  const routes = MUTATING_OPERATIONS.map(operationKey);
  expect(routes.length).toBeGreaterThan(20);
  expect(
    discoverApiRoutes().filter((key) => MUTATING.has(key.split(" ")[0]!)),
    "mutating routes on disk and declarations differ (lib/contract/openapi.test.ts names which)",
  ).toEqual(MUTATING_OPERATIONS.map(routeKey).sort());
  expect(
    OPERATIONS.filter((operation) => operation.fixture.fuzz && !MUTATING.has(operation.method)).map(operationKey),
    "fixture.fuzz on an operation that is not mutating",
  ).toEqual([]);

  // The world the valid-looking requests point at.
  const owner = await signUpOwner(url);
  const customer = await signUpCustomer(url);
  const active = await createOrder(customer.client, owner.restaurant.id);
  const submitted = await createOrder(customer.client, owner.restaurant.id);
  expect((await customer.client.put(`/api/orders/${submitted.id}/submit`, standardWallet)).status()).toBe(200);
  const review = await customer.client.post("/api/reviews/", {
    restaurant_id: owner.restaurant.id,
    order_id: submitted.id,
    review: "Good.",
    order_rating: 5,
    restaurant_rating: 5,
  });
  expect(review.status()).toBe(201);
  const world: World = {
    customerEmail: customer.email,
    restaurantIds: [owner.restaurant.id, 3],
    itemIds: [owner.item.id],
    orderIds: [active.id, submitted.id],
    reviewIds: [(await review.json()).data.id],
    userIds: [customer.user.id, owner.user.id, 3],
    ...(await fuzzGroup(customer.client, owner.restaurant.id, owner.item.id)),
  };
  const anonymous = await newClient(url);
  const callers = [await callerOf("anonymous", anonymous), await callerOf("customer", customer.client), await callerOf("owner", owner.client)];

  const db = openReadOnly(server.dbFile);
  let before = digest(db);
  const counts = { requests: 0, byClass: {} as Record<string, number>, provenUnchanged: 0 };
  const hits = new Map<string, number>();
  const started = Date.now();
  const result = await fc.check(
    fc.asyncProperty(fc.array(requestArb(routes, world), { minLength: BATCH, maxLength: BATCH }), async (batch) => {
      const statuses = await Promise.all(batch.map((request) => send(server, callers, request)));
      let after = digest(db);
      counts.requests += batch.length;
      statuses.forEach((status, i) => {
        const cls = `${Math.floor(status / 100)}xx`;
        counts.byClass[cls] = (counts.byClass[cls] ?? 0) + 1;
        hits.set(batch[i]!.key, (hits.get(batch[i]!.key) ?? 0) + 1);
      });
      const errors = statuses.flatMap((status, i) => (status >= 500 ? [describe(batch[i]!, status)] : []));
      if (errors.length) throw new Error(`server errors:\n${errors.join("\n")}`);
      // The one route that works after its answer (a password reset's link and mail, made by
      // `after()` so that the answer does not tell whether the email has an account): its rows
      // land a moment later and would be laid at the next batch's door. Wait until they are in.
      if (batch.some((request, i) => request.key === DEFERRED_WORK && statuses[i]! < 300)) {
        for (let tries = 0, previous = ""; tries < 30; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          const now = JSON.stringify(digest(db));
          if (now === previous) break;
          previous = now;
        }
        after = digest(db);
      }
      if (statuses.every((status) => status >= 400)) {
        const changed = changedTables(before, after);
        if (changed.length) throw new Error(`refused requests changed ${changed.join(", ")}:\n${batch.map((r, i) => describe(r, statuses[i]!)).join("\n")}`);
        counts.provenUnchanged += batch.length;
      }
      before = after;
    }),
    { numRuns: Math.ceil(SIZE.fuzzRequests / BATCH), seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
  );
  // fast-check's own report would print whole counterexamples (some are megabytes).
  if (result.failed) throw new Error(`fuzzing failed (FUZZ_SEED=${result.seed}): ${String(result.errorInstance).slice(0, 6_000)}\n${server.output().slice(-3_000)}`);
  db.close();
  const perRoute = routes.map((key) => hits.get(key) ?? 0);
  console.log(`[fuzz] ${JSON.stringify(counts)}, ${Math.min(...perRoute)}-${Math.max(...perRoute)} per route, in ${Math.round((Date.now() - started) / 1000)} s`);
  expect(counts.requests).toBeGreaterThanOrEqual(SIZE.fuzzRequests);
  // Every mutating route gets its share (routes are drawn evenly: at 3,000 requests some 40 each;
  // a quarter of that is more than 5 standard deviations below), not just one request.
  const share = Math.max(1, Math.floor(SIZE.fuzzRequests / routes.length / 4));
  expect(
    routes.filter((key) => (hits.get(key) ?? 0) < share),
    `mutating routes fuzzed fewer than ${share} times`,
  ).toEqual([]);
  // Most batches must be all-refused, or the "changed nothing" half would prove little.
  expect(counts.provenUnchanged).toBeGreaterThan(counts.requests / 3);
});

// Oversized bodies: every mutating route, as every caller, gets a body over the JSON
// cap with its Content-Length, the same chunked, and 8 MB chunked (over the picture's 5 MB;
// the photo uploads, whose cap is 10 MB, are left to e2e/platform/limits.api.spec.ts). Each must be
// refused (413, or 401/403/404 where the route refuses earlier), never a 5xx, and the database
// must not change.

/** One request with `size` bytes of body: with Content-Length, or chunked and stopped at the answer. */
function sendOversized(url: string, method: string, headers: Record<string, string>, size: number, chunked: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    let answered = false;
    // Node's client frames DELETE bodies only when told to.
    const request = http.request(url, { method, headers: { ...headers, ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(size) }) } });
    request.on("response", (response) => {
      answered = true;
      response.resume();
      response.on("end", () => {
        resolve(response.statusCode!);
        request.destroy();
      });
    });
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, " ");
    chunk.write('{"padding":"');
    let sent = 0;
    const write = () => {
      while (!answered && sent < size) {
        const next = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += next.length;
        if (!request.write(next)) return void request.once("drain", write);
      }
      if (!answered) request.end();
    };
    write();
  });
}

test("oversized bodies, with Content-Length or chunked, to every mutating route: refused, never a 5xx, nothing changes", async () => {
  test.setTimeout(300_000);
  const url = server.url;
  // The photo uploads take up to 10 MB, past these sizes: e2e/platform/limits.api.spec.ts sends them 40 MB
  // chunked and 11 MB declared, as their owner and as a stranger.
  const routes = MUTATING_OPERATIONS.filter((operation) => !capsPastOversized(operation)).map(operationKey);
  const owner = await signUpOwner(url);
  const customer = await signUpCustomer(url);
  const order = await createOrder(customer.client, owner.restaurant.id);
  const anonymous = await newClient(url);
  const callers = [await callerOf("anonymous", anonymous), await callerOf("customer", customer.client), await callerOf("owner", owner.client)];
  const ids: Record<string, number> = { id: owner.restaurant.id, orderId: order.id };
  const db = openReadOnly(server.dbFile);
  const before = digest(db);
  const sizes = [
    { size: 70 * 1024, chunked: false },
    { size: 70 * 1024, chunked: true },
    { size: 8 * 1024 * 1024, chunked: true },
  ];
  const unexpected: string[] = [];
  for (const key of routes) {
    const [method, template] = key.split(" ") as [string, string];
    const path = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
      String(ids[name] ?? (template.includes("pfp") || template.includes("users") ? customer.user.id : owner.item.id)),
    );
    const multipart = isUpload(key);
    for (const caller of callers) {
      const headers = { cookie: caller.cookie, "XSRF-Token": caller.token, "content-type": multipart ? "multipart/form-data; boundary=b" : "application/json" };
      // Only sizes past the route's own cap (the menu import takes files up to 2 MB: 70 KB is a readable size there).
      for (const { size, chunked } of sizes.filter(({ size }) => size > (OPERATIONS_BY_KEY.get(key)?.multipart?.maxBytes ?? 0))) {
        const status = await sendOversized(url + path, method, headers, size, chunked);
        if (![413, 401, 403, 404].includes(status)) unexpected.push(`${status} ${method} ${path} caller=${caller.name} ${size} bytes${chunked ? " chunked" : ""}`);
      }
    }
  }
  expect(unexpected, server.output().slice(-2_000)).toEqual([]);
  expect(changedTables(before, digest(db))).toEqual([]);
  db.close();
});

// Search text: random and hostile `q` values (FTS5 and tsquery syntax, LIKE wildcards,
// unbalanced quotes, backslashes, emoji, control characters, 10 KB strings) on every endpoint
// that searches, from every caller. Each answer must be a 200 or a 400 naming `q` (over 100
// characters, or characters that are not text), never a 5xx, and the database must not change
// (docs/architecture/search.md#search: the text is always bound as data, never query syntax).
const HOSTILE_Q = [
  '"',
  '""',
  '"pizza',
  "pizza\"'",
  "*",
  "pi*",
  "-pizza",
  "NOT pizza",
  "NEAR(pizza burger, 2)",
  "pizza OR burger",
  "pizza AND",
  "name:pizza",
  "{name}:pizza",
  "^pizza",
  "(pizza",
  "pizza)",
  "%",
  "_",
  "%_%",
  "\\",
  "\\%",
  "a\\_b",
  "pizza & !burger | sushi:*",
  '\'; DROP TABLE "MenuItem"; --',
  "🍕",
  "🍕🍣🍔",
  "👩‍🍳 chef",
  "é",
  "ß",
  "\u0000",
  "\u202e",
  "x".repeat(100),
  "x".repeat(101),
  "pizza ".repeat(2_000),
  "a".repeat(10 * 1024),
];
const SEARCH_URLS = ["/api/search?q=", "/api/search?type=dishes&limit=5&q=", "/api/restaurants/?q=", "/api/menu-items?q=", "/api/menu-items?restaurantId=3&q="];

test("search text: random and hostile q on every endpoint that searches: no 5xx, nothing changes", async () => {
  const customer = await signUpCustomer(server.url);
  const callers = [await callerOf("anonymous", await newClient(server.url)), await callerOf("customer", customer.client)];
  const db = openReadOnly(server.dbFile);
  const before = digest(db);
  const random = fc.sample(fc.oneof(fc.string({ unit: "binary", maxLength: 120 }), fc.string({ unit: "grapheme", maxLength: 30 }), fc.string({ maxLength: 12 })), {
    numRuns: 200,
    seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
  });
  const unexpected: string[] = [];
  const statuses: Record<number, number> = {};
  for (const [i, q] of [...HOSTILE_Q, ...random].entries()) {
    const url = SEARCH_URLS[i % SEARCH_URLS.length]! + encodeURIComponent(q);
    const caller = callers[i % callers.length]!;
    const response = await fetch(server.url + url, { headers: { cookie: caller.cookie }, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    const named = response.status === 400 && JSON.parse(text).errors?.q;
    // 414/431: a URL longer than the server's header limit, refused before Nosh sees it.
    if (!(response.status === 200 || named || (response.status >= 400 && response.status < 500 && url.length > 8_000))) {
      unexpected.push(`${response.status} ${url.slice(0, 120)} ${text.slice(0, 200)}`);
    }
  }
  expect(unexpected, server.output().slice(-2_000)).toEqual([]);
  expect(statuses[200]).toBeGreaterThan(HOSTILE_Q.length);
  expect(changedTables(before, digest(db))).toEqual([]);
  db.close();
});
