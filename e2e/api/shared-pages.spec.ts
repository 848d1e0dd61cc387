import { randomInt } from "node:crypto";
import { expect, test } from "../fixtures";
import { newClient, signUpCustomer } from "../support/api";

// Catalog pages for anonymous visitors are rendered once and replayed by server.mjs until the
// catalog changes (docs/architecture.md "Shared answers"). What a visitor relies on: every
// answer has its own script nonce, on its policy and on every script; a signed-in visitor always
// gets a page of their own and their data never reaches anyone else's; the Delivery/Pickup mode
// is kept apart; and a change to the catalog shows on the next request, from either process.

const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? "")![1]!;
const madeUpName = () =>
  "Zq" +
  Array.from({ length: 7 }, () => "bcdfghjklmnpqrstvwz"[randomInt(19)])
    .join("")
    .toLowerCase();

test.describe("shared catalog pages", () => {
  test("every answer to an anonymous visitor carries its own nonce on its policy and its scripts", async ({ baseURL }) => {
    const visitor = await newClient(baseURL!);
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const response = await visitor.get("/restaurants/2");
      expect(response.status()).toBe(200);
      expect(response.headers()["set-cookie"]).toBeUndefined();
      expect(Object.keys(response.headers()).filter((name) => name.startsWith("x-nosh"))).toEqual([]);
      const nonce = nonceOf(response.headers()["content-security-policy"]);
      expect(seen.has(nonce)).toBe(false);
      seen.add(nonce);
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      expect(html).toContain("</html>");
    }
    // (Whether an answer was replayed or rendered depends on the other tests' catalog writes,
    // which move the version: lib/server/shared-responses.test.ts pins the replayed bytes.)
  });

  test("signed-in visitors get their own page; nothing of theirs reaches another visitor", async ({ baseURL }) => {
    const [first, second] = [madeUpName(), madeUpName()];
    const a = await signUpCustomer(baseURL!, { name: `${first} Tester` });
    const b = await signUpCustomer(baseURL!, { name: `${second} Tester` });
    const visitor = await newClient(baseURL!);
    for (let round = 0; round < 2; round++) {
      const [pageA, pageB, anonymous] = await Promise.all([a.client.get("/home"), b.client.get("/home"), visitor.get("/home")].map(async (r) => (await r).text()));
      expect(pageA).toContain(first);
      expect(pageA).not.toContain(second);
      expect(pageB).toContain(second);
      expect(pageB).not.toContain(first);
      expect(anonymous).not.toContain(first);
      expect(anonymous).not.toContain(second);
    }
  });

  test("the Delivery/Pickup mode is a page of its own", async ({ baseURL }) => {
    const visitor = await newClient(baseURL!);
    const xsrf = await visitor.xsrf();
    const pressed = (html: string, label: string) => new RegExp(`aria-pressed="true"[^>]*>${label}<`).test(html);
    for (let i = 0; i < 3; i++) {
      for (const [mode, label] of [
        ["pickup", "Pickup"],
        ["delivery", "Delivery"],
      ]) {
        const response = await fetch(`${baseURL}/home`, { headers: { cookie: `nosh_mode=${mode}; XSRF-TOKEN=${xsrf}` } });
        expect(pressed(await response.text(), label!)).toBe(true);
      }
    }
  });

  test("a renamed restaurant shows on the next anonymous request, from either process", async ({ baseURL, owner }) => {
    const visitor = await newClient(baseURL!);
    const other = await newClient(process.env.E2E_SECOND_URL!);
    const path = `/restaurants/${owner.restaurant.id}`;
    for (const client of [visitor, visitor, other, other]) expect(await (await client.get(path)).text()).toContain(owner.restaurant.name);
    const renamed = `${madeUpName()} Kitchen`;
    expect((await owner.client.put(`/api/manage/${owner.restaurant.id}`, { name: renamed })).status()).toBe(200);
    for (const client of [visitor, other]) {
      const html = await (await client.get(path)).text();
      expect(html).toContain(renamed);
    }
  });
});
