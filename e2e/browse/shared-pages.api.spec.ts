import { randomInt } from "node:crypto";
import { expect, test } from "../fixtures";
import { newClient, sameSession, signUpCustomer, type Client } from "../support/api";
import { cookieOf } from "../support/events";
import { expectPriceChangeScoped, replayed, signUpOwner } from "../support/owner";
import { runnableScripts } from "../support/html";

// Catalog pages are rendered once for an anonymous visitor and replayed by the host (server/) until the
// catalog changes (docs/architecture/catalog-and-caching.md "Shared answers"), to signed-in visitors too with their
// session hole. What a visitor relies on: every answer has its own script nonce, on its policy
// and on every script; a signed-in visitor's data never reaches anyone else's page; a session
// that no longer holds is answered as before; the Delivery/Pickup mode is kept apart; and a
// change to the catalog shows on the next request, from either process, and throws away only the
// pages that show what changed.

const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? "")![1]!;
/** A replay's session hole (lib/shared/web/session-hole.ts), its JSON in group 1. */
const HOLE = / data-session="signed-in"><script type="application\/json" id="nosh-session" nonce="[^"]+">([^<]*)<\/script>/;
const holeOf = (html: string) => {
  const json = HOLE.exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as { id: number; email: string; firstName: string; restaurantOwner: boolean });
};
type Answer = { status: number; html: string; nonce: string; setCookie: string | undefined };
async function answerOf(client: Client, path: string): Promise<Answer> {
  const response = await client.get(path);
  const headers = response.headers();
  return { status: response.status(), html: await response.text(), nonce: nonceOf(headers["content-security-policy"]), setCookie: headers["set-cookie"] };
}
/** The page without its nonce and session hole: the same for every replay of one kept page (two renders differ). */
const keptPage = ({ html, nonce }: Answer) => html.replaceAll(nonce, "N").replace(HOLE, ">");
/**
 * The answers of `clients`, in turn, to `path`, once they all come from one kept page (a
 * signed-in visitor's first request may be their own render, made while the anonymous one is
 * asked for; other tests' catalog writes may drop the kept page in between: asked again).
 */
async function fromOneKeptPage(clients: Client[], path: string, signedIn: boolean[]): Promise<Answer[]> {
  let answers: Answer[] = [];
  for (let attempt = 0; attempt < 10; attempt++) {
    answers = [];
    for (const client of clients) answers.push(await answerOf(client, path));
    const holes = answers.map((answer) => HOLE.test(answer.html));
    if (new Set(answers.map(keptPage)).size === 1 && holes.every((hole, i) => hole === signedIn[i])) return answers;
  }
  throw new Error(`no two rounds of ${path} came from one kept page`);
}
const madeUpName = () =>
  "Zq" +
  Array.from({ length: 7 }, () => "bcdfghjklmnpqrstvwz"[randomInt(19)])
    .join("")
    .toLowerCase();

test.describe("shared catalog pages", () => {
  test("a kept page paints first: its async scripts (and their preloads) give way to one loader under its nonce, one marker", async ({ baseURL }) => {
    const visitor = await newClient(baseURL!);
    for (const path of ["/", "/home", "/restaurants/2", "/menu-items/3"]) {
      // The first answer is Next.js's own render; a replay of the kept page follows.
      let answer = await answerOf(visitor, path);
      for (let attempt = 0; attempt < 10 && !answer.html.includes("__noshScripts()"); attempt++) answer = await answerOf(visitor, path);
      const { html, nonce } = answer;
      expect(html, path).not.toMatch(/<script src="[^"]*"[^>]*\basync/);
      const loader = /<script nonce="([^"]+)">\(function\(\)\{var s=(\[[^\]]*\])/.exec(html);
      expect(loader?.[1], path).toBe(nonce);
      const sources = JSON.parse(loader![2]!) as string[];
      expect(sources.length, path).toBeGreaterThan(2);
      for (const src of sources) expect(html, `${path}: ${src}`).not.toContain(`href="${src}"`);
      expect(html.match(/__noshScripts\(\)<\/script>/g), path).toHaveLength(1);
      // Its stylesheets are in the page, their links kept for React but matching no media, so
      // nothing holds the first paint; the CSS is the file's, byte for byte.
      const links = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"[^>]*>/g)];
      expect(links.length, path).toBeGreaterThan(0);
      for (const [link, href] of links) {
        expect(link, path).toContain(` media="not all"`);
        const css = await (await visitor.ctx.get(href!)).text();
        expect(html, `${path}: ${href}`).toContain(`<style data-href="${href}">${css}</style>${link}`);
      }
      // The photos below the first screen wait with the scripts; the first one does not.
      const shell = html.slice(0, html.indexOf("__noshScripts()"));
      expect(shell, path).not.toMatch(/<img [^>]*loading="lazy"[^>]* src="/);
      expect(shell, path).toMatch(/<img [^>]*fetchPriority="high"[^>]* src="/);
      if (path === "/home") expect(shell.match(/data-nosh-src="/g)?.length, path).toBeGreaterThan(5);
    }
  });

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
      const scripts = runnableScripts(html);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      expect(html).toContain("</html>");
    }
    // (Whether an answer was replayed or rendered depends on the other tests' catalog writes,
    // which move the version: server/kept-answers/store.test.ts pins the replayed bytes.)
  });

  test("signed-in visitors' pages show only their own; nothing of theirs reaches another visitor", async ({ baseURL }) => {
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

  test("two signed-in users, an owner and an anonymous visitor are replayed one kept page, each with only their own session", async ({ baseURL, owner }) => {
    const [first, second] = [madeUpName(), madeUpName()];
    const a = await signUpCustomer(baseURL!, { name: `${first} Tester` });
    const b = await signUpCustomer(baseURL!, { name: `${second} Tester` });
    const visitor = await newClient(baseURL!);
    for (const path of [`/restaurants/${owner.restaurant.id}`, "/home", `/menu-items/${owner.item.id}`]) {
      const answers = await fromOneKeptPage([visitor, a.client, b.client, owner.client, visitor], path, [false, true, true, true, false]);
      const [anonymous, pageA, pageB, pageOwner, anonymousAgain] = answers as [Answer, Answer, Answer, Answer, Answer];
      // Each signed-in visitor's hole is their own user; the owner's says so (the owner controls), a customer's does not.
      expect(holeOf(pageA.html)).toMatchObject({ id: a.user.id, email: a.email, firstName: first, restaurantOwner: false });
      expect(holeOf(pageB.html)).toMatchObject({ id: b.user.id, email: b.email, firstName: second, restaurantOwner: false });
      expect(holeOf(pageOwner.html)).toMatchObject({ id: owner.user.id, email: owner.email, restaurantOwner: true });
      for (const [answer, own] of [
        [anonymous, []],
        [anonymousAgain, []],
        [pageA, [first, a.email]],
        [pageB, [second, b.email]],
        [pageOwner, [owner.email]],
      ] as const) {
        for (const other of [first, second, a.email, b.email, owner.email].filter((x) => !own.includes(x as never))) expect(answer.html, path).not.toContain(other);
        expect(answer.status).toBe(200);
        // The strict script policy: every script of the answer, the hole's included, carries its own fresh nonce.
        const scripts = runnableScripts(answer.html);
        for (const tag of scripts) expect(tag).toContain(`nonce="${answer.nonce}"`);
        expect(answer.setCookie).toBeUndefined();
      }
      expect(new Set(answers.map((answer) => answer.nonce)).size).toBe(answers.length);
    }
  });

  test("a session that no longer holds gets the signed-out page as before: logged out everywhere, the account deleted", async ({ baseURL, owner }) => {
    const path = `/restaurants/${owner.restaurant.id}`;
    const ended = await signUpCustomer(baseURL!);
    const deleted = await signUpCustomer(baseURL!);
    // Copies of the sessions as they are now, kept after they end.
    const [endedCopy, deletedCopy] = await Promise.all([sameSession(ended.client, baseURL!), sameSession(deleted.client, baseURL!)]);
    await fromOneKeptPage([ended.client, deleted.client], path, [true, true]);
    expect((await ended.client.post("/api/auth/logout-everywhere")).status()).toBe(200);
    expect((await deleted.client.post(`/api/users/${deleted.user.id}/delete`, { password: deleted.password })).status()).toBe(200);
    for (const [copy, who] of [
      [endedCopy, ended],
      [deletedCopy, deleted],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const answer = await answerOf(copy, path);
        expect(answer.status).toBe(200);
        expect(holeOf(answer.html)).toBeUndefined();
        expect(answer.html).not.toContain(who.email);
        expect(answer.html).toContain('href="/login"');
      }
    }
  });

  test("a signed-in visitor's Delivery/Pickup mode picks the page; / sends them to /home without a page", async ({ baseURL, customer }) => {
    const cookie = await cookieOf(customer.client);
    const pressed = (html: string, label: string) => new RegExp(`aria-pressed="true"[^>]*>${label}<`).test(html);
    for (const [mode, label] of [
      ["pickup", "Pickup"],
      ["delivery", "Delivery"],
    ] as const) {
      let html = "";
      for (let attempt = 0; attempt < 10 && !HOLE.test(html); attempt++)
        html = await (await fetch(`${baseURL}/home`, { headers: { cookie: `${cookie}; nosh_mode=${mode}` } })).text();
      expect(holeOf(html)).toMatchObject({ id: customer.user.id });
      expect(pressed(html, label)).toBe(true);
    }
    await (await newClient(baseURL!)).get("/");
    for (let i = 0; i < 3; i++) {
      const landing = await fetch(`${baseURL}/`, { headers: { cookie }, redirect: "manual" });
      expect(landing.status).toBe(307);
      expect(new URL(landing.headers.get("location")!, baseURL).pathname).toBe("/home");
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

  test("a dish's new price shows at once on its restaurant's page and its own, from either process; another restaurant's kept pages stay kept", async ({
    baseURL,
    owner,
  }) => {
    const elsewhere = await signUpOwner(baseURL!);
    await expectPriceChangeScoped(owner, elsewhere, [await newClient(baseURL!), await newClient(process.env.E2E_SECOND_URL!)]);
  });

  test("a search page stays kept through a write to a dish it does not show; a dish renamed into its results shows at once", async ({ baseURL, owner }) => {
    const word = madeUpName();
    const elsewhere = await signUpOwner(baseURL!);
    expect((await owner.client.put(`/api/menu-items/${owner.item.id}`, { name: `${word} bowl` })).status()).toBe(200);
    const visitor = await newClient(baseURL!);
    const path = `/search?q=${word}`;
    const kept = async () => {
      let html = await (await visitor.get(path)).text();
      for (let attempt = 0; attempt < 10 && !replayed(html); attempt++) html = await (await visitor.get(path)).text();
      expect(replayed(html), path).toBe(true);
      return html;
    };
    expect(await kept()).toContain(`${word} bowl`);
    // Another restaurant's dish repriced: a catalog write that leaves this search's results as they were.
    expect((await elsewhere.client.put(`/api/menu-items/${elsewhere.item.id}`, { price: elsewhere.item.price + 1 })).status()).toBe(200);
    expect(replayed(await (await visitor.get(path)).text()), `${path} after a write elsewhere`).toBe(true);
    // The same dish renamed into the results: the next answer shows it.
    expect((await elsewhere.client.put(`/api/menu-items/${elsewhere.item.id}`, { name: `${word} soup` })).status()).toBe(200);
    const html = await (await visitor.get(path)).text();
    expect(html).toContain(`${word} soup`);
    expect(html).toContain(`${word} bowl`);
  });
});
