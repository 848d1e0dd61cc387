import { formatCents } from "@/lib/shared/money";
import { checkoutDeliveryFeeCents } from "@/lib/shared/pricing";
import { expect, test } from "../fixtures";
import { newClient, type Client } from "../support/api";
import { buttonsOf, contentOf, headings, linksOf, redirectOf, textOf, titleOf } from "../support/html";

// Pages answer route ids and sign-in the way the API does (lib/server/web/page.ts beside
// lib/server/web/http.ts): a junk, out-of-range or unknown id renders the route's not-found page
// (what is missing, a sentence, a way back to browsing) with a real 404 status, never a 500 and
// never the spec's 'Feature Coming Soon!', which is for unknown paths; an anonymous visitor to an
// account page is sent to /login, a guest to the signup offer, a signed-in visitor from the
// landing, login and signup pages to /home. All of it is what the server answers, so it is read
// over HTTP (e2e/support/html.ts); what needs a browser (the pages' accessibility, clicks) is in
// the browser journeys.

const JUNK_IDS = ["abc", "0", "-1", "1.5", "1e3", "2147483648", "99999999999999999999"];
const MISSING_IDS = ["999999", "2147483647"];

const NOT_FOUND: Record<string, string> = {
  "/restaurants/": "Restaurant not found",
  "/reviews/restaurant/": "Restaurant not found",
  "/menu-items/": "Dish not found",
  "/orders/": "Order not found",
};

async function demo(baseURL: string, id: number): Promise<Client> {
  const client = await newClient(baseURL);
  expect((await client.post(`/api/users/demo/${id}`)).status()).toBe(200);
  return client;
}

async function expectNotFound(client: Client, path: string) {
  const title = Object.entries(NOT_FOUND).find(([prefix]) => path.startsWith(prefix))![1];
  const response = await client.get(path);
  expect(response.status(), path).toBe(404);
  const html = await response.text();
  expect(headings(html), path).toContain(title);
  // The owner pages keep their own tab title ("Manage menu"); a record's own page names what is missing.
  if (!/\/(menu|orders|update|delete)$/.test(path)) expect(titleOf(html), path).toBe(`${title} · Nosh`);
  expect(linksOf(contentOf(html)), path).toContainEqual({ text: "Browse restaurants", href: "/home" });
  expect(textOf(html), path).not.toContain("Feature Coming Soon!");
}

test.describe("route ids on pages", () => {
  test("a junk or unknown id on a restaurant's, a dish's and a restaurant's reviews page is the record's not-found page", async ({ api }) => {
    for (const pattern of ["/restaurants/ID", "/menu-items/ID", "/reviews/restaurant/ID"]) {
      for (const id of [...JUNK_IDS, ...MISSING_IDS]) await expectNotFound(api, pattern.replace("ID", id));
    }
  });

  test("a signed-in owner's pages answer a junk or unknown id with the record's not-found page", async ({ baseURL }) => {
    const owner = await demo(baseURL!, 1);
    for (const pattern of ["/restaurants/ID/menu", "/restaurants/ID/orders", "/restaurants/ID/update", "/menu-items/ID/update", "/menu-items/ID/delete", "/orders/ID"]) {
      for (const id of ["abc", "2147483648", "999999"]) await expectNotFound(owner, pattern.replace("ID", id));
    }
  });

  test("a well-formed group link that leads nowhere says so to a signed-in visitor, with a way back to browsing", async ({ baseURL }) => {
    const customer = await demo(baseURL!, 4);
    for (const token of ["A".repeat(22), "no-such-group-link-0000000000"]) {
      const response = await customer.get(`/group/${token}`);
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(textOf(html)).toContain("This group order link is no longer active");
      expect(linksOf(contentOf(html)).map((link) => link.text)).toContain("Browse restaurants");
      expect(textOf(html)).not.toContain("Feature Coming Soon!");
    }
  });

  test("an unknown path keeps the spec's 'Feature Coming Soon!'", async ({ api }) => {
    for (const path of ["/restaurant/1", "/no/such/page"]) {
      const response = await api.get(path);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(headings(html), path).toEqual(["Feature Coming Soon!"]);
      // With a matching tab title (the walk-through's item 9).
      expect(titleOf(html), path).toBe("Feature Coming Soon! · Nosh");
    }
  });

  test("a junk orderId in the reviews page's query shows the page without a form", async ({ baseURL }) => {
    const customer = await demo(baseURL!, 4);
    const response = await customer.get("/reviews/restaurant/1?orderId=2147483648");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(headings(html)[0]).toContain("Reviews for");
    // The form's card ("Rate your order") is server-rendered when the order is the viewer's own.
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

  // The walk-through's item 10: signed-in pages redirect on the server, not after a page has rendered.
  test("an anonymous request for the account, wallet, orders, reviews and manage pages is a 307 to /login, not a page", async ({ api }) => {
    for (const path of ["/account", "/wallet", "/orders", "/reviews", "/restaurants/manage"])
      expect(await redirectOf(api.ctx, path), path).toEqual({ status: 307, to: "/login" });
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
    for (const path of ["/", "/login", "/signup"]) expect((await redirectOf(customer.ctx, path)).to, path).toBe("/home");
  });
});

// The walk-through's item 4 (e2e/browser/walkthrough.spec.ts has the customer's side, in the browser).
test("the owner's form says what the restaurant's own delivery fee means", async ({ owner }) => {
  const response = await owner.client.get(`/restaurants/${owner.restaurant.id}/update`);
  expect(response.status()).toBe(200);
  const fee = formatCents(checkoutDeliveryFeeCents("standard"));
  expect(textOf(await response.text())).toContain(`Your listed fee, 0 for free. Customers pay Nosh's ${fee} delivery fee at checkout (+$1.49 for priority).`);
});
