import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { signupSchema } from "@/lib/contract/accounts/auth-rules";
import { accountExportSchema } from "@/lib/contract/accounts/privacy-schemas";
import { courierApplicationInputSchema, documentQueueQuerySchema, documentReviewSchema } from "@/lib/contract/couriers/onboarding-rules";
import { documentExpiresAt, documentsBlock, expiresSoon, ONBOARDING_SAID, type GateDocument } from "@/lib/shared/delivery/courier-onboarding";
import { matchOffers, type MatchCourier, type MatchJob } from "@/lib/shared/delivery/dispatch-matching.mjs";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Courier onboarding against a real migrated database (docs/architecture/courier-onboarding.md):
// a car needs its driving licence and insurance approved and in date, and a clear background
// check, before its shift starts and before offers reach it; an expired insurance stops offers
// at once; the sweep warns 14 days before and tells of the expiry, each once.

setUpTestDatabase({ SIGNUP_MAX_PER_ADDRESS: "1000", HASH_THREADS: "2" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  offerNow: await import("../dispatch/testing/offer-now"),
  admin: await import("../operators/couriers"),
  state: await import("../dispatch/state"),
  documents: await import("./documents"),
  review: await import("./review"),
  expiry: await import("./expiry"),
  users: await import("../accounts/users"),
  deleteAccount: (await import("../customer-data/delete-account")).deleteAccount,
  exportData: (await import("../customer-data/export")).exportData,
  pictures: await import("../platform/pictures"),
};

const HERE = { lat: 37.7599, lng: -122.4148 };
const DAY = 86_400_000;

const photo = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 60, height: 40, channels: 3, background: "#246" } })
          .png()
          .toBuffer(),
      ),
    ],
    "licence.png",
    { type: "image/png" },
  );

/** YYYY-MM-DD `days` from now. */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

async function world(vehicle: "bike" | "car") {
  await m.db.courierState.updateMany({ data: { onShift: false } });
  const customer = await m.db.user.create({
    data: { firstName: "Ada", address: "1 Main St", city: "San Francisco", state: "CA", zip: "94110", lat: HERE.lat + 0.01, lng: HERE.lng },
  });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: customer.id, amountCents: 50_000, kind: "topup" }));
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  await m.db.restaurant.update({ where: { id: restaurant.id }, data: HERE });
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  const operator = await m.db.user.create({ data: { firstName: "Op", operator: true } });
  // The courier applies with their vehicle (the offline check clears at once) and is approved.
  const person = await m.db.user.create({ data: { firstName: "Dev", lastName: "Rider", email: `dev${Date.now()}${Math.random()}@example.com` } });
  await m.admin.applyAsCourier({ id: person.id, guestAccount: false }, vehicle);
  await m.admin.actOnCourier(operator, person.id, { action: "approve", reason: "Looks good" });
  const courier = { id: person.id, firstName: "Dev" };
  return { customer, owner, restaurant, dish, operator, courier, person };
}
type World = Awaited<ReturnType<typeof world>>;

/** A new order accepted by the restaurant at `now`, with the courier on shift at the restaurant then: its job as the dispatch left it. */
async function newJob(w: World, now: Date) {
  await m.db.courierState.upsert({
    where: { userId: w.courier.id },
    create: { userId: w.courier.id, onShift: true, ...HERE, positionAt: now, updatedAt: now },
    update: { onShift: true, ...HERE, positionAt: now },
  });
  const customer: User = await m.db.user.findUniqueOrThrow({ where: { id: w.customer.id } });
  const input = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
  const active = await m.db.$transaction((tx) =>
    m.create.createOrder(m.sql.sqlOf(tx), customer, { restaurantId: w.restaurant.id, items: [{ menuItemId: w.dish.id, quantity: 1 }] }),
  );
  const placed = await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), customer, { activeOrderId: active.id }, input, paymentFor(input)));
  await m.accept.acceptOrder(w.owner, w.restaurant.id, placed.id, 15, now);
  await m.offerNow.offerNow(placed.id, now);
  const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: placed.id } });
  // Out of the way of the next one.
  await m.db.deliveryJob.update({ where: { id: job.id }, data: { state: "canceled", courierId: null } });
  await m.db.courierState.update({ where: { userId: w.courier.id }, data: { activeJobs: 0 } });
  return job;
}

async function approvedDocuments(w: World, expiresOn: { licence: string; insurance: string }) {
  for (const kind of ["licence", "insurance"] as const) {
    const document = await m.documents.uploadDocument(w.person, { kind, expiresOn: expiresOn[kind] }, await photo());
    await m.review.reviewDocument(w.operator, document.id, documentReviewSchema.parse({ action: "approve" }));
  }
}

describe("the rule (lib/shared/delivery/courier-onboarding.ts documentsBlock)", () => {
  const now = new Date("2027-03-01T12:00:00Z");
  const doc = (kind: GateDocument["kind"], status: GateDocument["status"], expiresOn: string): GateDocument => ({
    kind,
    status,
    expiresOn,
    expiresAt: documentExpiresAt(expiresOn),
  });
  const clear = { vehicle: "car", checkStatus: "clear" } as const;

  it("a courier from before onboarding, a bike and an e-bike need no documents; a motor vehicle needs both approved and in date", () => {
    expect(documentsBlock(null, [], now)).toBeNull();
    expect(documentsBlock({ vehicle: "bike", checkStatus: "clear" }, [], now)).toBeNull();
    expect(documentsBlock({ vehicle: "e_bike", checkStatus: "clear" }, [], now)).toBeNull();
    expect(inEnglish(documentsBlock(clear, [], now) ?? "")).toBe(inEnglish(ONBOARDING_SAID.missing("licence", "car")));
    expect(inEnglish(documentsBlock({ vehicle: "scooter", checkStatus: "clear" }, [doc("licence", "approved", "2028-01-01")], now) ?? "")).toBe(
      inEnglish(ONBOARDING_SAID.missing("insurance", "scooter")),
    );
    expect(inEnglish(documentsBlock(clear, [doc("licence", "pending", "2028-01-01")], now) ?? "")).toBe(inEnglish(ONBOARDING_SAID.waiting("licence")));
    expect(documentsBlock(clear, [doc("licence", "approved", "2028-01-01"), doc("insurance", "approved", "2028-01-01")], now)).toBeNull();
  });

  it("an expired document blocks from the end of its day in the marketplace's zone; a newer approved one counts", () => {
    const docs = [doc("licence", "approved", "2028-01-01"), doc("insurance", "approved", "2027-03-01")];
    expect(documentsBlock(clear, docs, now)).toBeNull();
    // Midnight ending 1 March in Los Angeles is 08:00 UTC on 2 March.
    expect(documentExpiresAt("2027-03-01").toISOString()).toBe("2027-03-02T08:00:00.000Z");
    expect(inEnglish(documentsBlock(clear, docs, new Date("2027-03-02T08:00:00Z")) ?? "")).toBe(inEnglish(ONBOARDING_SAID.expired("insurance", "2027-03-01")));
    expect(documentsBlock(clear, [...docs, doc("insurance", "approved", "2028-03-01")], new Date("2027-03-02T08:00:00Z"))).toBeNull();
  });

  it("the application's vehicle: a bike when left out, e-bike as people write it, vehicleType taken for it, anything else refused naming vehicle", () => {
    expect(courierApplicationInputSchema.parse({})).toEqual({ vehicle: "bike" });
    expect(courierApplicationInputSchema.parse({ vehicle: "e-bike" })).toEqual({ vehicle: "e_bike" });
    expect(courierApplicationInputSchema.parse({ vehicleType: "car" })).toEqual({ vehicle: "car" });
    const refused = courierApplicationInputSchema.safeParse({ vehicle: "plane" });
    expect(refused.success ? null : refused.error.issues[0]?.path).toEqual(["vehicle"]);
  });

  it("the background check must be clear", () => {
    expect(inEnglish(documentsBlock({ vehicle: "bike", checkStatus: "pending" }, [], now) ?? "")).toBe(
      "Your background check is not complete yet: you can go on shift once it clears",
    );
    expect(inEnglish(documentsBlock({ vehicle: "bike", checkStatus: "consider" }, [], now) ?? "")).toBe(
      "Your background check did not clear: Nosh support will contact you",
    );
  });

  it("warns within the last 14 days, not before and not after the expiry", () => {
    const at = documentExpiresAt("2027-03-20");
    expect(expiresSoon(at, new Date(at.getTime() - 15 * DAY))).toBe(false);
    expect(expiresSoon(at, new Date(at.getTime() - 14 * DAY))).toBe(true);
    expect(expiresSoon(at, new Date(at.getTime() - 1))).toBe(true);
    expect(expiresSoon(at, at)).toBe(false);
  });
});

describe("the dispatch's speed follows the vehicle", () => {
  it("a car 3 km away reaches the pickup before a bike 2.5 km away, and is offered the job", () => {
    const now = Date.now();
    const job: MatchJob = { id: 1, restaurantId: 1, pickup: HERE, dropoff: { lat: HERE.lat + 0.02, lng: HERE.lng }, createdAt: now - 60 * 60_000, readyAt: now };
    const north = (km: number) => ({ lat: HERE.lat + km / 111.32, lng: HERE.lng });
    const bike: MatchCourier = { id: 10, at: north(2.5), capacity: 1 };
    const car: MatchCourier = { id: 11, at: north(-3), capacity: 1, speedKmh: 22 };
    expect(matchOffers([job], [bike, car], now)[0]?.courierId).toBe(11);
    expect(matchOffers([job], [bike, { ...car, speedKmh: undefined }], now)[0]?.courierId).toBe(10);
  });
});

describe("a car courier's documents", () => {
  it("without a licence cannot go on shift; with both approved and the check clear, offers come; an expired insurance stops them", async () => {
    const w = await world("car");
    // Approved, but no documents: the shift is refused, naming documents.
    await expect(m.state.setShift(w.courier, true)).rejects.toMatchObject({
      status: 409,
      errors: { documents: inEnglish(ONBOARDING_SAID.missing("licence", "car")) },
    });
    // Even put on shift by hand, offers pass them by.
    expect(await newJob(w, new Date())).toMatchObject({ state: "unassigned", courierId: null });

    // A waiting licence is not enough.
    const licence = await m.documents.uploadDocument(w.person, { kind: "licence", expiresOn: dayFromNow(400) }, await photo());
    expect(licence).toMatchObject({ kind: "licence", status: "pending" });
    await expect(m.state.setShift(w.courier, true)).rejects.toMatchObject({ errors: { documents: inEnglish(ONBOARDING_SAID.waiting("licence")) } });
    const { items } = await m.review.documentQueue(w.operator, documentQueueQuerySchema.parse({}));
    expect(items.find((d) => d.id === licence.id)).toMatchObject({ kind: "licence", courier: { id: w.courier.id, vehicle: "car", backgroundCheck: "clear" } });
    await m.review.reviewDocument(w.operator, licence.id, documentReviewSchema.parse({ action: "approve" }));
    await expect(m.review.reviewDocument(w.operator, licence.id, documentReviewSchema.parse({ action: "approve" }))).rejects.toMatchObject({ status: 409 });

    // The insurance, asked again with a reason, then approved: the shift starts and offers come.
    const blurry = await m.documents.uploadDocument(w.person, { kind: "insurance", expiresOn: dayFromNow(20) }, await photo());
    await m.review.reviewDocument(w.operator, blurry.id, documentReviewSchema.parse({ action: "resubmit", reason: "The photo is blurry" }));
    const mine = await m.documents.onboardingOf(w.courier.id);
    expect(mine?.documents.find((d) => d.id === blurry.id)).toMatchObject({ status: "resubmit", reason: "The photo is blurry" });
    const insurance = await m.documents.uploadDocument(w.person, { kind: "insurance", expiresOn: dayFromNow(20) }, await photo());
    await m.review.reviewDocument(w.operator, insurance.id, documentReviewSchema.parse({ action: "approve" }));
    await expect(m.state.setShift(w.courier, true)).resolves.toEqual({ onShift: true });
    expect(await newJob(w, new Date())).toMatchObject({ state: "offered", courierId: w.courier.id });
    expect((await m.documents.onboardingOf(w.courier.id))?.blocked).toBeNull();

    // The moment the insurance expires, offers stop (whatever the sweep's hour), and the shift is refused.
    const expiresAt = documentExpiresAt(insurance.expiresOn);
    expect(await newJob(w, new Date(expiresAt.getTime() - 60_000))).toMatchObject({ state: "offered", courierId: w.courier.id });
    expect(await newJob(w, new Date(expiresAt.getTime() + 60_000))).toMatchObject({ state: "unassigned", courierId: null });
    await expect(m.state.setShift(w.courier, true, new Date(expiresAt.getTime() + 60_000))).rejects.toMatchObject({
      errors: { documents: inEnglish(ONBOARDING_SAID.expired("insurance", insurance.expiresOn)) },
    });
    // The courier app says why, still on shift.
    const summary = await m.state.courierSummary(w.courier, new Date(expiresAt.getTime() + 60_000));
    expect(summary.courier).toMatchObject({ onShift: true, documentsBlocked: inEnglish(ONBOARDING_SAID.expired("insurance", insurance.expiresOn)) });
  });

  it("the sweep warns 14 days before the expiry and tells of it, each once; a renewal approved in time is not warned of", async () => {
    // The other tests' documents told already: the sweep is the marketplace's.
    await m.db.courierDocument.updateMany({ data: { warnedAt: new Date(), expiredAt: new Date() } });
    const w = await world("car");
    await approvedDocuments(w, { licence: dayFromNow(400), insurance: dayFromNow(20) });
    const insurance = await m.db.courierDocument.findFirstOrThrow({ where: { userId: w.courier.id, kind: "insurance" } });
    const told = () => m.db.notification.findMany({ where: { userId: w.courier.id, kind: "courier_account_update", channel: "in_app" }, orderBy: { id: "asc" } });
    const before = (await told()).length;
    // Each approval told with its English sentence (the note) and its notice (worded in the reader's language).
    expect((await told()).map((n) => JSON.parse(n.payload ?? "{}")).filter((p) => p.stage === "document")).toEqual([
      { stage: "document", document: { kind: "licence", event: "approved" }, note: "Your driving licence was approved" },
      { stage: "document", document: { kind: "insurance", event: "approved" }, note: "Your insurance was approved" },
    ]);
    // 15 days before: nothing.
    expect(await m.expiry.sweepDocumentExpiry(new Date(insurance.expiresAt.getTime() - 15 * DAY))).toEqual({ warned: 0, expired: 0 });
    const warnAt = new Date(insurance.expiresAt.getTime() - 13 * DAY);
    expect(await m.expiry.sweepDocumentExpiry(warnAt)).toEqual({ warned: 1, expired: 0 });
    expect(await m.expiry.sweepDocumentExpiry(warnAt)).toEqual({ warned: 0, expired: 0 });
    const after = new Date(insurance.expiresAt.getTime() + 1000);
    expect(await m.expiry.sweepDocumentExpiry(after)).toEqual({ warned: 0, expired: 1 });
    expect(await m.expiry.sweepDocumentExpiry(after)).toEqual({ warned: 0, expired: 0 });
    const notes = (await told()).slice(before).map((n) => JSON.parse(n.payload ?? "{}").note);
    expect(notes).toEqual([
      `Your insurance expires on ${insurance.expiresOn}: upload the new one before then to keep getting offers`,
      `Your insurance expired on ${insurance.expiresOn}: upload the new one to get offers again`,
    ]);

    // Another courier renews in time: the old insurance is outlasted, so neither warned nor told.
    const v = await world("car");
    await approvedDocuments(v, { licence: dayFromNow(400), insurance: dayFromNow(10) });
    const renewed = await m.documents.uploadDocument(v.person, { kind: "insurance", expiresOn: dayFromNow(380) }, await photo());
    await m.review.reviewDocument(v.operator, renewed.id, documentReviewSchema.parse({ action: "approve" }));
    const old = await m.db.courierDocument.findFirstOrThrow({ where: { userId: v.courier.id, kind: "insurance" }, orderBy: { id: "asc" } });
    await m.expiry.sweepDocumentExpiry(new Date(old.expiresAt.getTime() + 1000));
    expect(await m.db.courierDocument.findUniqueOrThrow({ where: { id: old.id } })).toMatchObject({ warnedAt: null, expiredAt: null });
  });

  it("uploads: a bike needs none, a past date is refused naming expiresOn, a rejected kind is not taken again, the photo is private", async () => {
    const bike = await world("bike");
    await expect(m.documents.uploadDocument(bike.person, { kind: "licence", expiresOn: dayFromNow(100) }, await photo())).rejects.toMatchObject({ status: 409 });
    await expect(m.state.setShift(bike.courier, true)).resolves.toEqual({ onShift: true });

    const w = await world("car");
    // Two days back: a date ends at midnight in the market's zone, so yesterday in UTC is still
    // valid in the Americas for the first hours of a UTC day.
    await expect(m.documents.uploadDocument(w.person, { kind: "licence", expiresOn: dayFromNow(-2) }, await photo())).rejects.toMatchObject({
      status: 400,
      errors: { expiresOn: "That date has passed: upload a document that is still valid" },
    });
    await expect(m.documents.uploadDocument(w.person, { kind: "licence", expiresOn: dayFromNow(100) }, null)).rejects.toMatchObject({
      status: 400,
      errors: { photo: expect.any(String) },
    });
    const fake = await m.documents.uploadDocument(w.person, { kind: "licence", expiresOn: dayFromNow(100) }, await photo());
    // The photo: its courier and operators read it; anyone else gets a 404.
    expect((await m.documents.readDocumentPhoto({ id: w.courier.id, operator: false }, fake.id)).subarray(8, 12).toString()).toBe("WEBP");
    expect(await m.documents.readDocumentPhoto({ id: w.operator.id, operator: true }, fake.id)).toBeInstanceOf(Buffer);
    await expect(m.documents.readDocumentPhoto({ id: bike.courier.id, operator: false }, fake.id)).rejects.toMatchObject({ status: 404 });
    await m.review.reviewDocument(w.operator, fake.id, documentReviewSchema.parse({ action: "reject", reason: "Not a real licence" }));
    await expect(m.documents.uploadDocument(w.person, { kind: "licence", expiresOn: dayFromNow(100) }, await photo())).rejects.toMatchObject({
      status: 409,
      message: inEnglish(m.documents.DOCUMENT_SAID.refused("licence")),
    });
    // A reason is required to ask again or reject.
    expect(documentReviewSchema.safeParse({ action: "reject" }).success).toBe(false);
  });

  it("the account's export holds the onboarding and its documents (never the photo); closing the account deletes them, photos too", async () => {
    const password = "correct horse battery";
    const person = await m.users.signUp(signupSchema.parse({ name: "Cleo Closer", credential: `cleo${Math.random()}@example.com`, password }), null, "test");
    await m.admin.applyAsCourier({ id: person.id, guestAccount: false }, "scooter");
    const licence = await m.documents.uploadDocument({ id: person.id, guestAccount: false }, { kind: "licence", expiresOn: dayFromNow(300) }, await photo());
    const { file } = await m.db.courierDocument.findUniqueOrThrow({ where: { id: licence.id } });
    expect(await m.pictures.readPrivatePicture(file)).not.toBeNull();
    const user = await m.db.user.findUniqueOrThrow({ where: { id: person.id } });
    let text = "";
    for await (const chunk of m.exportData({ ...user, guestAccount: false } as never, person.id)) text += chunk;
    expect(accountExportSchema.parse(JSON.parse(text)).courierOnboarding).toEqual({
      vehicle: "scooter",
      backgroundCheck: "clear",
      documents: [{ kind: "licence", status: "pending", expiresOn: licence.expiresOn, reason: null, uploadedAt: licence.uploadedAt }],
    });
    expect(text).not.toContain(file);
    await m.deleteAccount({ ...user, guestAccount: false } as never, person.id, { password }, "203.0.113.9");
    expect(await m.db.courierDocument.count({ where: { userId: person.id } })).toBe(0);
    expect(await m.db.courierProfile.count({ where: { userId: person.id } })).toBe(0);
    expect(await m.pictures.readPrivatePicture(file)).toBeNull();
  });
});
