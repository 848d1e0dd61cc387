import { describe, expect, it } from "vitest";
import { pairInputSchema } from "@/lib/contract/kitchen-devices/rules";
import { OPERATIONS_BY_KEY } from "@/lib/contract/operations";
import { MAX_KITCHEN_DEVICES, normalPairingCode, PAIRING_MINUTES, PAIRING_TRIES_PER_ADDRESS } from "@/lib/shared/kitchen/devices";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";

// Kitchen tablets (docs/architecture/kitchen.md "A board that lives on a tablet") against a real,
// migrated database: a code pairs one tablet once while it lives; wrong codes are counted per
// address; the tablet's token admits it to its own restaurant only, as a staff member; removed, it
// admits nothing and its open streams are told. The HTTP side (the cookie, the board's steps, the
// 401s, the owner's sign-out, the stream's end): e2e/restaurants/kitchen-tablet.*.spec.ts.

setUpTestDatabase();
const m = {
  db: (await import("../platform/db")).db,
  devices: await import("./devices"),
  caller: await import("./caller"),
  streams: await import("./streams"),
  access: await import("../web/restaurant-access"),
  fixtures: await import("../platform/testing/fixtures"),
  manage: await import("../restaurants/manage"),
};

const T0 = new Date("2026-11-26T03:10:00Z");
const later = (n: number) => new Date(T0.getTime() + n * 60_000);
const input = (code: string, name = "Pass") => pairInputSchema.parse({ code, name });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { status: number; errors?: Record<string, string> }) => ({ status: error.status, code: error.errors?.code }),
  );

describe("kitchen tablets", () => {
  it("reads a code however it is typed, and refuses what is not a code's shape beside the field", () => {
    expect(normalPairingCode(" k7m-4qx ")).toBe("K7M4QX");
    expect(normalPairingCode("K7M 4QX")).toBe("K7M4QX");
    expect(normalPairingCode("K7M4Q0")).toBeNull(); // no 0: read as O
    expect(normalPairingCode("K7M4Q")).toBeNull();
    const wrong = pairInputSchema.safeParse({ code: "12", name: "" });
    expect(wrong.success).toBe(false);
    expect([...new Set(wrong.error!.issues.map((issue) => issue.path[0]))].sort()).toEqual(["code", "name"]);
  });

  it("pairs one tablet once with a live code: its token acts as the pairer, a staff member of this restaurant and no other", async () => {
    const { owner, restaurant } = await m.fixtures.shop();
    const other = await m.manage.createRestaurant(owner, restaurantInput("Second"));
    const { code } = await m.devices.newPairingCode(owner, restaurant.id, T0);
    const { device, token } = await m.devices.pairKitchenDevice(input(code.toLowerCase()), "10.0.0.1", later(1));
    expect(device).toMatchObject({ name: "Pass", restaurantId: restaurant.id });
    // Only the SHA-256 is kept.
    expect(await m.db.kitchenDevice.count({ where: { tokenHash: token } })).toBe(0);
    // Used up: a second tablet typing it is refused.
    expect(await refusal(m.devices.pairKitchenDevice(input(code), "10.0.0.2", later(2)))).toMatchObject({ status: 400, code: expect.any(String) });

    const admitted = await m.caller.admitKitchenDevice(token);
    expect(admitted).toMatchObject({ user: { id: owner.id }, kitchenDevice: { deviceId: device.id, restaurantId: restaurant.id } });
    const board = OPERATIONS_BY_KEY.get("GET /api/manage/{id}/board")!;
    const acting = await m.access.admitTeamCall(board, admitted!.user, { id: restaurant.id }, undefined, admitted!.kitchenDevice);
    expect(acting.restaurantGrant).toEqual({ restaurantId: restaurant.id, role: "staff" });
    // The owner's other restaurant is a stranger's to the tablet.
    expect(await refusal(m.access.admitTeamCall(board, admitted!.user, { id: other.id }, undefined, admitted!.kitchenDevice))).toMatchObject({ status: 404 });
    expect(await m.caller.admitKitchenDevice("not-a-token")).toBeNull();
  });

  it(`lets a code live ${PAIRING_MINUTES} minutes, and a new code replaces the one before`, async () => {
    const { owner, restaurant } = await m.fixtures.shop();
    const first = await m.devices.newPairingCode(owner, restaurant.id, T0);
    const second = await m.devices.newPairingCode(owner, restaurant.id, later(1));
    expect(await refusal(m.devices.pairKitchenDevice(input(first.code), "10.0.1.1", later(2)))).toMatchObject({ status: 400 });
    expect(await refusal(m.devices.pairKitchenDevice(input(second.code), "10.0.1.1", later(1 + PAIRING_MINUTES)))).toMatchObject({ status: 400 });
    const listed = await m.devices.listKitchenDevices(owner, restaurant.id, later(2));
    expect(listed).toEqual({ devices: [], pairingExpiresAt: later(1 + PAIRING_MINUTES).toISOString() });
  });

  it(`counts wrong codes per address: past ${PAIRING_TRIES_PER_ADDRESS} an hour a 429 beside the code, while another address still pairs`, async () => {
    const { owner, restaurant } = await m.fixtures.shop();
    const { code } = await m.devices.newPairingCode(owner, restaurant.id, T0);
    const wrong = code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    for (let i = 0; i < PAIRING_TRIES_PER_ADDRESS; i++) {
      expect(await refusal(m.devices.pairKitchenDevice(input(wrong), "10.0.2.1", later(1)))).toMatchObject({ status: 400 });
    }
    // Locked: even the right code is refused from there.
    expect(await refusal(m.devices.pairKitchenDevice(input(code), "10.0.2.1", later(2)))).toMatchObject({ status: 429, code: expect.any(String) });
    expect((await m.devices.pairKitchenDevice(input(code), "10.0.2.2", later(2))).device.restaurantId).toBe(restaurant.id);
  });

  it("removes a tablet at once: its token admits nothing, its open streams are ended; another restaurant cannot remove it", async () => {
    const { owner, restaurant } = await m.fixtures.shop();
    const stranger = await m.fixtures.shop("stranger");
    const { code } = await m.devices.newPairingCode(owner, restaurant.id, T0);
    const { device, token } = await m.devices.pairKitchenDevice(input(code), "10.0.3.1", later(1));
    const stream = m.streams.deviceStreamSignal(device.id);
    expect(await refusal(m.devices.removeKitchenDevice(stranger.owner, stranger.restaurant.id, device.id))).toMatchObject({ status: 404 });
    expect(await refusal(m.devices.removeKitchenDevice(stranger.owner, restaurant.id, device.id))).toMatchObject({ status: 404 });
    expect(stream.signal.aborted).toBe(false);
    await m.devices.removeKitchenDevice(owner, restaurant.id, device.id);
    expect(stream.signal.aborted).toBe(true);
    expect(await m.caller.admitKitchenDevice(token)).toBeNull();
    expect(await m.caller.stillPaired(device.id)).toBe(false);
  });

  it(`holds at most ${MAX_KITCHEN_DEVICES} tablets a restaurant`, async () => {
    const { owner, restaurant } = await m.fixtures.shop();
    for (let i = 0; i < MAX_KITCHEN_DEVICES; i++) {
      const { code } = await m.devices.newPairingCode(owner, restaurant.id, T0);
      await m.devices.pairKitchenDevice(input(code, `Tablet ${i}`), "10.0.4.1", T0);
    }
    expect(await refusal(m.devices.newPairingCode(owner, restaurant.id, T0))).toMatchObject({ status: 409 });
    expect((await m.devices.listKitchenDevices(owner, restaurant.id, T0)).devices).toHaveLength(MAX_KITCHEN_DEVICES);
  });
});
