import { describe, expect, it } from "vitest";
import { doorPhotoFor, doorPhotoHome, DOOR_PHOTO_MATCH_M, type DoorEntry } from "./door-photo";

// About 1.1 m a 0.00001 degree of latitude.
const door = { lat: 37.7601, lng: -122.4212 };
const north = (m: number) => ({ lat: door.lat + m / 111_195, lng: door.lng });
const entry = (id: number, at: { lat: number; lng: number }, photo: string | null, day: number | null, off = false): DoorEntry => ({
  id,
  ...at,
  doorPhoto: photo,
  doorPhotoAt: day === null ? null : new Date(Date.UTC(2026, 10, day)),
  doorPhotoOff: off,
});

describe("the building's photo: which earlier delivery's photo a drop-off shows", () => {
  it("matches the entry the order was copied from, or an entry whose pin is within a few metres", () => {
    const home = entry(1, door, "door_1_a", 3);
    expect(doorPhotoFor({ ...door, addressId: 1 }, [home])).toBe(home);
    // Another entry of the same door (the customer saved it again), the order from neither.
    expect(doorPhotoFor({ ...north(DOOR_PHOTO_MATCH_M - 5), addressId: null }, [home])).toBe(home);
    // The same entry even when the order's point is off by more (the pin was nudged since).
    expect(doorPhotoFor({ ...north(200), addressId: 1 }, [home])).toBe(home);
  });

  it("shows nothing for another building, nor without a photo", () => {
    expect(doorPhotoFor({ ...north(DOOR_PHOTO_MATCH_M + 10), addressId: null }, [entry(1, door, "door_1_a", 3)])).toBeNull();
    expect(doorPhotoFor({ ...north(60), addressId: 2 }, [entry(1, door, "door_1_a", 3), entry(2, north(60), null, null)])).toBeNull();
    expect(doorPhotoFor({ ...door, addressId: null }, [])).toBeNull();
  });

  it("takes the newest photo of the place's entries", () => {
    const older = entry(1, door, "door_1_a", 3);
    const newer = entry(2, north(3), "door_2_b", 9);
    expect(doorPhotoFor({ ...door, addressId: 1 }, [older, newer])).toBe(newer);
  });

  it("shows none once the customer turned it off on any entry of the place", () => {
    expect(doorPhotoFor({ ...door, addressId: 1 }, [entry(1, door, "door_1_a", 3), entry(2, north(2), null, null, true)])).toBeNull();
    // Off on another building's entry changes nothing here.
    const home = entry(1, door, "door_1_a", 3);
    expect(doorPhotoFor({ ...door, addressId: 1 }, [home, entry(2, north(500), null, null, true)])).toBe(home);
  });
});

describe("the entry a new drop-off photo is kept on", () => {
  it("is the order's own entry, else the nearest of the same place, else none", () => {
    const far = entry(1, north(300), null, null);
    const near = entry(2, north(10), null, null);
    const nearer = entry(3, north(4), null, null);
    expect(doorPhotoHome({ ...door, addressId: 2 }, [far, near, nearer])).toBe(near);
    expect(doorPhotoHome({ ...door, addressId: null }, [far, near, nearer])).toBe(nearer);
    expect(doorPhotoHome({ ...door, addressId: null }, [far])).toBeNull();
    expect(doorPhotoHome({ ...door, addressId: 1 }, [far])).toBe(far);
  });

  it("is none where the customer turned the photo off", () => {
    expect(doorPhotoHome({ ...door, addressId: 1 }, [entry(1, door, null, null, true)])).toBeNull();
    expect(doorPhotoHome({ ...door, addressId: 1 }, [entry(1, door, null, null), entry(2, north(5), null, null, true)])).toBeNull();
  });
});
