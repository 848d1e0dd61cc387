import { expect, test } from "../fixtures";
import { newClient, signUpCustomer } from "../support/api";
import { signUpOperator } from "../support/operator";
import { createRestaurant } from "../support/owner";

// The legal documents (docs/architecture/legal.md): pages with a version and date linked from
// every footer, the versions a person accepted at sign-up and on adding a restaurant, and an
// operator's new version (only the cookie notice here: a new version of anything an owner or a
// courier accepts would send the other specs' owners and couriers to the accept page).

type Acceptances = { accepted: { kind: string; version: number; via: string }[]; pending: unknown[] };

const MONTHS_ES = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];
/** The date a page says a version is in effect from ("Nov 29, 2026", "29 nov 2026"), as that day's start in UTC. */
function effectiveDay(page: string): number {
  const english = /In effect from ([A-Z][a-z]{2}) (\d{1,2}), (\d{4})/.exec(page) ?? /version \d+, from ([A-Z][a-z]{2}) (\d{1,2}), (\d{4})/.exec(page);
  if (english) return Date.parse(`${english[2]} ${english[1]} ${english[3]} UTC`);
  const spanish = /desde el (\d{1,2}) ([a-z]+)\.? (\d{4})/.exec(page);
  if (!spanish) throw new Error("no date of effect on the page");
  return Date.UTC(Number(spanish[3]), MONTHS_ES.indexOf(spanish[2]!), Number(spanish[1]));
}

test.describe("legal documents", () => {
  test("sign-up records the terms and privacy policy in effect; adding a restaurant the partner agreement", async ({ baseURL }) => {
    const person = await signUpCustomer(baseURL!);
    const read = async () => (await (await person.client.get("/api/legal/acceptances")).json()) as Acceptances;
    const after = await read();
    expect(after.accepted.map(({ kind, version, via }) => ({ kind, version, via })).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: "privacy", version: 1, via: "signup" },
      { kind: "terms", version: 1, via: "signup" },
    ]);
    expect(after.pending).toEqual([]);
    await createRestaurant(person.client);
    expect((await read()).accepted).toContainEqual(expect.objectContaining({ kind: "restaurant-partners", version: 1, via: "restaurant" }));
    // The sign-up form says so, with links.
    const signup = await (await (await newClient(baseURL!)).get("/signup")).text();
    expect(signup).toMatch(/By signing up you agree to the (?:<[^>]+>)*<a[^>]*href="\/legal\/terms"[^>]*>Terms<\/a>/);
    expect(signup).toContain('href="/legal/privacy"');
  });

  test("each document is a page with its version and date, linked from the footer; unknown ones are the 404 page", async ({ baseURL }) => {
    const visitor = await newClient(baseURL!);
    const home = await (await visitor.get("/home")).text();
    for (const kind of ["terms", "privacy", "restaurant-partners", "couriers", "cookies"]) {
      expect(home, kind).toContain(`href="/legal/${kind}"`);
      const page = await visitor.get(`/legal/${kind}`);
      expect(page.status(), kind).toBe(200);
      const text = await page.text();
      expect(text, kind).toMatch(/Version \d+ · In effect from [A-Z][a-z]{2} \d{1,2}, \d{4}/);
      // A version is in effect from when it was published: never a day to come.
      expect(effectiveDay(text), kind).toBeLessThanOrEqual(Date.now());
    }
    const spanish = await (await visitor.ctx.get("/legal/terms", { headers: { "Accept-Language": "es" } })).text();
    expect(spanish).toMatch(/Versión \d+ · Vigente desde el \d{1,2} [a-z]+\.? \d{4}/);
    expect(effectiveDay(spanish)).toBeLessThanOrEqual(Date.now());
    expect(await (await visitor.get("/legal/privacy")).text()).toContain("Download your data");
    for (const path of ["/legal/nothing", "/legal/terms?version=999", "/legal/terms?version=abc"]) {
      const missing = await visitor.get(path);
      expect(missing.status(), path).toBe(404);
      expect(await missing.text(), path).toContain("Feature Coming Soon!");
    }
  });

  test("an operator publishes a new version: the old one stays readable, raw HTML is shown as text, nobody else may", async ({ baseURL }) => {
    const operator = await signUpOperator(baseURL!);
    const customer = await signUpCustomer(baseURL!);
    const body = { kind: "cookies", title: "Cookie Notice", body: `## Cookies ${Date.now()}\n\n<script>alert(1)</script> [bad](javascript:alert(1))` };
    expect((await customer.client.post("/api/admin/legal", body)).status()).toBe(403);
    const invalid = await operator.client.post("/api/admin/legal", { ...body, body: " " });
    expect(invalid.status()).toBe(400);
    expect((await invalid.json()).errors).toHaveProperty("body");
    const published = await operator.client.post("/api/admin/legal", body);
    expect(published.status()).toBe(201);
    const { version } = (await published.json()) as { version: number };
    expect(version).toBeGreaterThan(1);
    const page = await (await customer.client.get("/legal/cookies")).text();
    expect(page).toContain(`Version ${version} ·`);
    expect(page).toContain(body.body.split("\n")[0]!.slice(3));
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).not.toContain('href="javascript:');
    const adminPage = await operator.client.get("/admin/legal");
    expect(adminPage.status()).toBe(200);
    expect(effectiveDay(await adminPage.text())).toBeLessThanOrEqual(Date.now());
    const first = await (await customer.client.get("/legal/cookies?version=1")).text();
    expect(first).toContain("This is an earlier version.");
    expect(first).toContain("nosh_session");
  });

  test("a document in the reader's language: version 1 in Spanish as shipped; an operator's translation of a newer one; English with a note where none exists", async ({
    baseURL,
  }) => {
    const visitor = await newClient(baseURL!);
    const read = async (path: string, language: string) => (await visitor.ctx.get(path, { headers: { "Accept-Language": language } })).text();
    const terms = await read("/legal/terms", "es");
    expect(terms).toContain("Términos del servicio");
    expect(terms).toContain("Un pedido es una solicitud al restaurante.");
    expect(terms).not.toContain("Your account");
    expect(terms).not.toContain("aún no está traducido");

    const operator = await signUpOperator(baseURL!);
    const customer = await signUpCustomer(baseURL!);
    const text = `Aviso de cookies ${Date.now()}`;
    const translation = { kind: "cookies", language: "es", title: "Aviso de cookies", body: `## ${text}\n\nSolo las necesarias.` };
    expect((await customer.client.post("/api/admin/legal", translation)).status()).toBe(403);
    const german = await operator.client.post("/api/admin/legal", { ...translation, language: "de" });
    expect(german.status()).toBe(400);
    expect((await german.json()).errors).toHaveProperty("language");
    // Without `version`: the version in effect (other specs publish the cookie notice meanwhile).
    const saved = await operator.client.post("/api/admin/legal", translation);
    expect(saved.status()).toBe(201);
    const { version, language } = (await saved.json()) as { version: number; language: string };
    expect(language).toBe("es");
    expect(await read(`/legal/cookies?version=${version}`, "es")).toContain(text);
    const french = await read(`/legal/cookies?version=${version}`, "fr");
    expect(french).not.toContain(text);
    expect(french).toContain("This document is not yet translated into your language: here it is in English.");
    expect(french).toMatch(/<div[^>]*lang="en"/);
  });
});
