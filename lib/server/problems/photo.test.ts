import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { restaurantRow, setUpTestDatabase } from "../platform/testing/db";

// A problem report's photo is private evidence (docs/architecture/photos.md), against a real
// migrated database and the real upload folder: stored under a name without the reporter's id,
// read only by the reporter, the restaurant's owner and operators through its route (with
// `private, no-store`), and an earlier report's /uploads photo is no longer served there.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  photo: await import("./photo"),
  pictures: await import("../platform/pictures"),
  store: await import("../platform/picture-store"),
  read: await import("./read"),
  uploads: await import("@/app/uploads/[file]/route"),
};

const png = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } })
          .png()
          .toBuffer(),
      ),
    ],
    "p.png",
    { type: "image/png" },
  );

/** A reporter's order at an owner's restaurant, with a report whose photo is `photo`. */
async function report(photo: (orderId: number, reporterId: number) => Promise<string>) {
  const reporter = await m.db.user.create({ data: { firstName: "Ada" } });
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.db.restaurant.create({ data: restaurantRow(owner.id) });
  const order = await m.db.order.create({ data: { userId: reporter.id, restaurantId: restaurant.id, restaurantName: "Lantern" } });
  const stored = await photo(order.id, reporter.id);
  const problem = await m.db.problemReport.create({
    data: { orderId: order.id, userId: reporter.id, restaurantId: restaurant.id, photo: stored, respondBy: new Date() },
  });
  return { reporter, owner, orderId: order.id, problemId: problem.id, stored };
}

const user = (id: number, operator = false) => ({ id, operator });

describe("a problem report's photo", () => {
  it("is stored under a name without the reporter's id, and read by the reporter, the restaurant's owner and operators only", async () => {
    const { reporter, owner, orderId, problemId, stored } = await report(async (orderId) => m.photo.storeProblemPhoto(orderId, await png()));
    expect(stored).toMatch(new RegExp(`^problem_${orderId}_[a-f0-9]{16}\\.webp$`));
    expect(stored).not.toContain(`${reporter.id}-`);
    expect(await m.store.pictureStore().get(stored)).not.toBeNull();
    // /uploads never serves it.
    expect(await m.pictures.readPicture(stored)).toBeNull();

    const stranger = await m.db.user.create({ data: { firstName: "Eve" } });
    const operator = await m.db.user.create({ data: { firstName: "Op", operator: true } });
    for (const reader of [user(reporter.id), user(owner.id), user(operator.id, true)])
      expect((await m.photo.readProblemPhoto(reader, orderId, problemId)).length).toBeGreaterThan(0);
    for (const reader of [user(stranger.id), user(0)]) await expect(m.photo.readProblemPhoto(reader, orderId, problemId)).rejects.toMatchObject({ status: 404 });
    // The right report on another order: 404 too.
    await expect(m.photo.readProblemPhoto(user(reporter.id), orderId + 1000, problemId)).rejects.toMatchObject({ status: 404 });
    // The JSON names the route, never the stored file.
    const row = (await m.read.loadProblem(m.db, problemId))!;
    expect(m.read.problemToJson(row).photo).toBe(`/api/orders/${orderId}/problems/${problemId}/photo`);

    await m.photo.removeProblemPhoto(stored);
    expect(await m.store.pictureStore().get(stored)).toBeNull();
  });

  it("keeps an earlier report's /uploads photo readable through the route, but /uploads no longer serves it", async () => {
    const { reporter, orderId, problemId, stored } = await report(async (_orderId, reporterId) => m.pictures.storePicture(reporterId, await png()));
    expect(stored).toMatch(new RegExp(`^/uploads/${reporter.id}-`));
    expect((await m.photo.readProblemPhoto(user(reporter.id), orderId, problemId)).length).toBeGreaterThan(0);
    const name = stored.slice("/uploads/".length);
    const served = await m.uploads.GET(new Request(`http://x${stored}`), { params: Promise.resolve({ file: name }) });
    expect(served.status).toBe(404);
    // A profile picture of the same shape is still served.
    const picture = await m.pictures.storePicture(reporter.id, await png());
    const profile = await m.uploads.GET(new Request(`http://x${picture}`), { params: Promise.resolve({ file: picture.slice("/uploads/".length) }) });
    expect(profile.status).toBe(200);
  });
});
