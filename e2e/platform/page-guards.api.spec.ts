import { formatCents } from "@/lib/shared/money/money";
import { checkoutDeliveryFeeCents } from "@/lib/shared/money/pricing";
import { expect, test } from "../fixtures";
import { newClient, type Client } from "../support/api";
import { buttonsOf, headings, redirectOf, textOf } from "../support/html";

// What the server alone decides about a page, read over HTTP (e2e/support/html.ts): an anonymous
// visitor to an account page is sent to /login, a guest to the signup offer, a signed-in visitor
// from the landing, login and signup pages to /home; a junk orderId leaves the reviews page
// without its form; every junk, out-of-range or unknown id of a record's page is a 404 whose
// flight data carries that record's not-found page (its HTML is Next.js's error shell, so the
// page as rendered, heading, tab title and link, is read in a browser once per route:
// e2e/platform/page-guards.journey.spec.ts).

async function demo(baseURL: string, id: number): Promise<Client> {
  const client = await newClient(baseURL);
  expect((await client.post(`/api/users/demo/${id}`)).status()).toBe(200);
  return client;
}

const JUNK_IDS = ["abc", "0", "-1", "1.5", "1e3", "2147483648", "99999999999999999999"];
const MISSING_IDS = ["999999", "2147483647"];
const NOT_FOUND: [prefix: string, title: string][] = [
  ["/restaurants/", "Restaurant not found"],
  ["/reviews/restaurant/", "Restaurant not found"],
  ["/menu-items/", "Dish not found"],
  ["/orders/", "Order not found"],
];

/**
 * A GET of `path` is a 404 thrown by the page itself (notFound(): the flight data's
 * NEXT_HTTP_ERROR_FALLBACK digest, not a 500 nor the catch-all route), in a route that carries
 * the record's not-found page. Which boundary shows it is the route's shape, the same for every
 * id: the journey reads it once per route, rendered.
 */
async function expectNotFound(client: Client, path: string) {
  const response = await client.get(path);
  expect(response.status(), path).toBe(404);
  const html = await response.text();
  expect(html, path).toContain("NEXT_HTTP_ERROR_FALLBACK;404");
  const title = NOT_FOUND.find(([prefix]) => path.startsWith(prefix))![1];
  expect(html, path).toMatch(new RegExp(`\\\\"h1\\\\",null,\\{[^}]*\\\\"children\\\\":\\\\"${title}\\\\"`));
  // A record's own page is titled by what is missing; the owner pages keep their own tab title.
  if (!/\/(menu|orders|update|delete)$/.test(path)) expect(html, path).toContain(`<title>${title} · Nosh</title>`);
}

test.describe("route ids on pages", () => {
  test("a junk or unknown id on a restaurant's, a dish's and a restaurant's reviews page is the record's not-found page", async ({ baseURL }) => {
    const visitor = await newClient(baseURL!);
    for (const pattern of ["/restaurants/ID", "/menu-items/ID", "/reviews/restaurant/ID"]) {
      for (const id of [...JUNK_IDS, ...MISSING_IDS]) await expectNotFound(visitor, pattern.replace("ID", id));
    }
  });

  test("a signed-in owner's pages answer a junk or unknown id with the record's not-found page", async ({ baseURL }) => {
    const owner = await demo(baseURL!, 1);
    for (const pattern of ["/restaurants/ID/menu", "/restaurants/ID/orders", "/restaurants/ID/update", "/menu-items/ID/update", "/menu-items/ID/delete", "/orders/ID"]) {
      for (const id of ["abc", "2147483648", "999999"]) await expectNotFound(owner, pattern.replace("ID", id));
    }
  });

  test("a junk orderId in the reviews page's query shows the page without a form", async ({ baseURL }) => {
    const customer = await demo(baseURL!, 4);
    const response = await customer.get("/reviews/restaurant/1?orderId=2147483648");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(headings(html)[0]).toContain("Reviews for");
    // The form's card ("Rate your order") would be rendered with the page for the viewer's own order.
    expect(headings(html, 2)).not.toContain("Rate your order");
    expect(buttonsOf(html)).not.toContain("Submit review");
  });
});

test.describe("sign-in redirects", () => {
  const accountPages = [
    "/account",
    "/account/name",
    "/account/email",
    "/account/phone",
    "/account/password",
    "/wallet",
    "/orders",
    "/reviews",
    "/restaurants/manage",
    "/restaurants/new",
    "/menu-items/new",
    "/restaurants/1/menu",
    "/restaurants/1/orders",
    "/restaurants/1/update",
    "/menu-items/1/update",
    "/menu-items/1/delete",
    "/orders/1",
    "/checkout",
  ];

  test("an anonymous visit to an account page goes to /login", async ({ api }) => {
    for (const path of accountPages) expect((await redirectOf(api.ctx, path)).to, path).toBe("/login");
  });

  // From the walk-through: signed-in pages redirect on the server, not after a page has rendered.
  test("an anonymous request for the account, wallet, orders, reviews and manage pages is a 307 to /login, not a page", async ({ api }) => {
    for (const path of ["/account", "/wallet", "/orders", "/reviews", "/restaurants/manage"])
      expect(await redirectOf(api.ctx, path), path).toEqual({ status: 307, to: "/login" });
  });

  // The development mailbox needs no sign-in (a reset mail is read signed out): it asks whose; the
  // login page still sends a signed-in user back to ?next=/dev/mailbox, and ?next= stays a local path.
  test("an anonymous visit to /dev/mailbox asks for an address instead of a sign-in, and the login page sends a signed-in user back there (never off the site)", async ({
    api,
    baseURL,
  }) => {
    const anonymous = await api.ctx.get("/dev/mailbox", { maxRedirects: 0 });
    expect(anonymous.status()).toBe(200);
    expect(textOf(await anonymous.text())).toContain("Type an address to read the mails sent to it.");
    const customer = await demo(baseURL!, 4);
    expect(new URL((await customer.get("/login?next=%2Fdev%2Fmailbox")).url()).pathname).toBe("/dev/mailbox");
    for (const next of ["%2F%2Fevil.example", "https%3A%2F%2Fevil.example", "%2F%5Cevil.example"])
      expect(new URL((await customer.get(`/login?next=${next}`)).url()).href, next).toBe(`${baseURL}/home`);
  });

  test("guests still get their wallet and orders pages", async ({ guest }) => {
    for (const path of ["/wallet", "/orders"]) expect((await guest.client.ctx.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
  });

  test("a guest is sent from the profile editors to /account and from the owner pages to /signup", async ({ guest }) => {
    for (const path of ["/account/name", "/account/password"]) expect((await redirectOf(guest.client.ctx, path)).to, path).toBe("/account");
    for (const path of ["/restaurants/new", "/restaurants/1/menu", "/menu-items/1/update"]) {
      expect((await redirectOf(guest.client.ctx, path)).to, path).toBe("/signup");
    }
  });

  test("signed-in users are sent from /, /login and /signup to /home", async ({ baseURL }) => {
    const customer = await demo(baseURL!, 4);
    // Followed, as a browser does: /login goes by way of /.
    for (const path of ["/", "/login", "/signup"]) expect(new URL((await customer.get(path)).url()).pathname, path).toBe("/home");
  });
});

// From the walk-through: the delivery fee (e2e/platform/walkthrough.journey.spec.ts has the customer's side, in the browser).
test("the owner's form says what the restaurant's own delivery fee means", async ({ owner }) => {
  const response = await owner.client.get(`/restaurants/${owner.restaurant.id}/update`);
  expect(response.status()).toBe(200);
  const fee = formatCents(checkoutDeliveryFeeCents("standard"));
  expect(textOf(await response.text())).toContain(`Your listed fee, 0 for free. Customers pay Nosh's ${fee} delivery fee at checkout (+$1.49 for priority).`);
});
