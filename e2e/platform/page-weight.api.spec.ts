import { expect, test } from "../fixtures";
import { newClient } from "../support/api";

// A page's client components get their props as JSON in the page's HTML (the RSC payload), so
// the catalog pages hand them only the fields they read (components/browse/format.ts:
// restaurantCardSource, openStatusSource, dishSource; docs/log/performance.md "Page performance").
// These keys of the restaurant's JSON are read by no card, status line or purchase form.
const UNREAD = ["ownerId", "businessHours", "closingTime", "zip"];

for (const path of ["/home", "/restaurants/2", "/menu-items/3"]) {
  test(`${path} hands its client components no more of a restaurant than they show`, async ({ baseURL }) => {
    const response = await (await newClient(baseURL!)).get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("self.__next_f"); // the payload is there to look at
    for (const key of UNREAD) expect(html, key).not.toMatch(new RegExp(`\\\\?"${key}\\\\?"`));
  });
}

test("/home renders the first screen of its grid (8 cards); the browser loads the rest of the page as the visitor scrolls", async ({ baseURL }) => {
  const html = await (await (await newClient(baseURL!)).get("/home")).text();
  const grid = html.slice(html.indexOf('id="restaurants-title"'));
  expect(grid.match(/<article\b/g)).toHaveLength(8);
  // The rest: e2e/browse/home-sort.journey.spec.ts (the grid's names once scrolled to).
});

// A catalog page is sent whole (no loading.tsx): a streamed skeleton made React reveal the
// content, LCP photo included, up to 300 ms after the skeleton's paint (docs/log/performance.md).
for (const [path, label] of [
  ["/home", "Loading restaurants…"],
  ["/restaurants/2", "Loading restaurant…"],
]) {
  test(`${path} is sent whole, without a loading skeleton before its content`, async ({ baseURL }) => {
    const html = await (await (await newClient(baseURL!)).get(path!)).text();
    expect(html).toContain("<h1");
    expect(html).not.toContain(label);
  });
}
