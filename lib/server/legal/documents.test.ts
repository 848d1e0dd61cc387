import { describe, expect, it } from "vitest";
import { signupSchema } from "@/lib/contract/accounts/auth-rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";

// The legal documents and acceptances against a real, migrated database: sign-up, adding a
// restaurant and applying to deliver record the versions in effect; an operator's new version
// keeps the old one and asks the owners who accepted the old one again, nobody else; a version's
// translation is that version's text in the reader's language, never an earlier version's.

setUpTestDatabase({ SIGNUP_MAX_PER_ADDRESS: "1000", HASH_THREADS: "2" });
const m = {
  db: (await import("../platform/db")).db,
  users: await import("../accounts/users"),
  manage: await import("../restaurants/manage"),
  couriers: await import("../operators/couriers"),
  admin: await import("../operators/legal"),
  legal: await import("./documents"),
};

async function signUp(label: string) {
  const user = await m.users.signUp(
    signupSchema.parse({ name: `${label} Person`, credential: `${label}${Math.random()}@example.com`, password: "correct horse battery" }),
    null,
    "test",
  );
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}
const accepted = async (userId: number) =>
  (await m.db.legalAcceptance.findMany({ where: { userId }, orderBy: [{ kind: "asc" }, { version: "asc" }] })).map((row) => `${row.kind} ${row.version} ${row.via}`);

describe("legal documents", () => {
  it("sign-up, adding a restaurant and applying to deliver record the versions in effect", async () => {
    const person = await signUp("Ada");
    expect(await accepted(person.id)).toEqual(["privacy 1 signup", "terms 1 signup"]);
    await m.manage.createRestaurant(person, restaurantInput());
    await m.couriers.applyAsCourier(person);
    expect(await accepted(person.id)).toEqual(["couriers 1 courier", "privacy 1 signup", "restaurant-partners 1 restaurant", "terms 1 signup"]);
  });

  it("a new version keeps the old, and asks again only those who accepted an earlier one, until they accept it as published", async () => {
    const owner = await signUp("Owen");
    await m.manage.createRestaurant(owner, restaurantInput());
    const customer = await signUp("Cara");
    const legacyOwner = await m.db.user.create({ data: { firstName: "Old", restaurantOwner: true } });
    const asPerson = async (id: number) => m.db.user.findUniqueOrThrow({ where: { id } });
    expect(await m.legal.mustAccept(await asPerson(owner.id))).toBe(false);

    const operator = await m.db.user.create({ data: { firstName: "Olga", operator: true } });
    const published = await m.admin.publishLegalDocument(operator, { kind: "restaurant-partners", title: "Restaurant Partner Agreement", body: "## New\n\nNew terms." });
    expect(published.version).toBe(2);
    expect((await m.legal.currentDocument("restaurant-partners")).body).toContain("New terms.");
    expect((await m.legal.documentVersion("restaurant-partners", 1))!.body).toContain("This agreement applies");
    expect((await m.legal.documentHistory("restaurant-partners")).map((v) => v.version)).toEqual([2, 1]);
    expect(await m.db.auditLog.count({ where: { action: "legal.publish", targetId: (await m.db.legalDocument.findFirstOrThrow()).id } })).toBe(1);

    const ownerNow = await asPerson(owner.id);
    expect((await m.legal.acceptancesOf(ownerNow)).pending).toEqual([{ kind: "restaurant-partners", version: 2, title: "Restaurant Partner Agreement" }]);
    expect(await m.legal.mustAccept(ownerNow)).toBe(true);
    // A customer, and an owner who never accepted any version, are not stopped.
    expect(await m.legal.mustAccept(await asPerson(customer.id))).toBe(false);
    expect(await m.legal.mustAccept(legacyOwner)).toBe(false);

    // Accepting the version read before the new one was published is refused; the new one is recorded.
    await expect(m.legal.acceptPending(ownerNow, [{ kind: "restaurant-partners", version: 1 }])).rejects.toMatchObject({ code: "conflict" });
    expect(await m.legal.acceptPending(ownerNow, [{ kind: "restaurant-partners", version: 2 }])).toEqual([{ kind: "restaurant-partners", version: 2 }]);
    expect(await m.legal.mustAccept(ownerNow)).toBe(false);
    expect(await accepted(owner.id)).toContain("restaurant-partners 2 prompt");
    // The customer cannot record an agreement the page does not ask of them.
    expect(await m.legal.acceptPending(await asPerson(customer.id), [{ kind: "restaurant-partners", version: 2 }])).toEqual([]);
  });

  it("a version in Spanish: the app's own for version 1, an operator's for a new one (a correction replaces it, audited); a newer English version is shown in English, not its predecessor's Spanish", async () => {
    const operator = await m.db.user.create({ data: { firstName: "Tere", operator: true } });
    const v1 = await m.legal.currentDocument("couriers");
    expect(v1.version).toBe(1);
    expect(await m.legal.inLanguage(v1, "es")).toMatchObject({ version: 1, language: "es", title: "Acuerdo de repartidores" });
    expect((await m.legal.inLanguage(v1, "es")).body).toContain("Repartes con un vehículo");
    // French has no text of it: the English, said so.
    expect(await m.legal.inLanguage(v1, "fr")).toMatchObject({ language: "en", title: "Courier Agreement", body: v1.body });

    await m.admin.publishLegalDocument(operator, { kind: "couriers", title: "Courier Agreement", body: "Version two." });
    const v2 = await m.legal.currentDocument("couriers");
    expect(await m.legal.inLanguage(v2, "es")).toMatchObject({ version: 2, language: "en", body: "Version two." });
    // Translating a version that is no longer in effect is refused, nothing saved.
    await expect(m.admin.publishLegalDocument(operator, { kind: "couriers", language: "es", version: 1, title: "Acuerdo", body: "Uno." })).rejects.toMatchObject({
      code: "conflict",
    });
    expect(await m.db.legalTranslation.count({ where: { kind: "couriers" } })).toBe(0);

    const saved = await m.admin.publishLegalDocument(operator, { kind: "couriers", language: "es", version: 2, title: "Acuerdo de repartidores", body: "Versión dos." });
    expect(saved).toMatchObject({ version: 2, language: "es", body: "Versión dos." });
    await m.admin.publishLegalDocument(operator, { kind: "couriers", language: "es", title: "Acuerdo de repartidores", body: "Versión dos, corregida.", reason: "typo" });
    expect(await m.legal.inLanguage(v2, "es")).toMatchObject({ version: 2, language: "es", body: "Versión dos, corregida." });
    // Still version 2 (nobody asked to accept again), one row, two audit entries.
    expect((await m.legal.currentDocument("couriers")).version).toBe(2);
    expect(await m.db.legalTranslation.count({ where: { kind: "couriers" } })).toBe(1);
    const audits = await m.db.auditLog.findMany({ where: { action: "legal.translate" }, orderBy: { id: "asc" } });
    expect(audits.map((a) => JSON.parse(a.detail ?? "{}").replaced)).toEqual([false, true]);
    // The earlier version keeps its own Spanish.
    expect(await m.legal.inLanguage((await m.legal.documentVersion("couriers", 1))!, "es")).toMatchObject({ title: "Acuerdo de repartidores", language: "es" });
  });

  it("a version's date is when it was published: version 1's when this database took the legal documents, an operator's new one's when published; none to come", async () => {
    const [applied] = await m.db.$queryRaw<
      { at: string | Date }[]
    >`SELECT "finished_at" AS "at" FROM "_prisma_migrations" WHERE "migration_name" = '20261212140000_legal_and_support'`;
    const appliedAt = applied!.at instanceof Date ? applied!.at : new Date(`${applied!.at.replace(" ", "T")}Z`);
    const before = new Date();
    const v1 = await m.legal.currentDocument("cookies");
    expect(v1.version).toBe(1);
    expect(v1.publishedAt.toISOString()).toBe(appliedAt.toISOString());
    expect(v1.publishedAt.getTime()).toBeLessThanOrEqual(before.getTime());
    expect((await m.legal.documentVersion("cookies", 1))!.publishedAt).toEqual(v1.publishedAt);

    const operator = await m.db.user.create({ data: { firstName: "Pia", operator: true } });
    const published = await m.admin.publishLegalDocument(operator, { kind: "cookies", title: "Cookie Notice", body: "Version two." });
    const after = new Date();
    expect(published.publishedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(published.publishedAt.getTime()).toBeLessThanOrEqual(after.getTime());
    const history = await m.legal.documentHistory("cookies");
    expect(history.map((v) => [v.version, v.publishedAt.toISOString()])).toEqual([
      [2, published.publishedAt.toISOString()],
      [1, appliedAt.toISOString()],
    ]);
  });
});
