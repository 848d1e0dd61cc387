import { describe, expect, it } from "vitest";
import es from "@/lib/i18n/es.json";
import { ENGLISH } from "@/lib/i18n/catalogues";
import type { OrderDelivery } from "./delivery";
import { arrivalText, customerCourierLine, ridingWithLine } from "./customer-delivery-text";
import { countdownAnnouncement, courierStatusLine, courierTimingNote, formatCountdown, notReadySaid, secondsLeftText, secondsUntil } from "./delivery-text";
import { inEnglish } from "@/lib/contract/testing/in-english";
import { distanceIn, unitWords } from "./distance";

const base: NonNullable<OrderDelivery> = {
  state: "unassigned",
  gaveUp: false,
  arrivedAt: null,
  failureReason: null,
  restaurant: { lat: 40.74, lng: -73.99 },
  dropoff: { lat: 40.73, lng: -73.98 },
};
const dev = { id: 7, firstName: "Dev" };
/** The catalogue's English words: the board's lines, the offer's countdown. */
const EN = { board: ENGLISH.lines.board, units: unitWords(ENGLISH.courier) };
const offer = ENGLISH.courier.offer;

describe("courierTimingNote: the courier's arrival against the kitchen's ready time", () => {
  const NOW = Date.parse("2026-11-20T20:00:00Z");
  const coming = { ...base, state: "assigned" as const, distanceKm: 1.25 }; // 5 min at a bike's speed: arrives 20:05
  const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
  it("says when the courier will stand waiting, or the food will, and nothing when they meet", () => {
    expect(courierTimingNote(dev, coming, at(17), NOW, "UTC", EN)).toBe("Dev will wait about 12 min: the food is due at 8:17 PM");
    expect(courierTimingNote(dev, coming, at(8), NOW, "UTC", EN)).toBeNull();
    expect(courierTimingNote(dev, { ...coming, distanceKm: 5 }, at(2), NOW, "UTC", EN)).toBe("The food will wait about 18 min for Dev");
    expect(courierTimingNote(dev, { ...coming, state: "at_pickup" }, at(17), NOW, "UTC", EN)).toBeNull();
    expect(courierTimingNote(dev, { ...coming, distanceKm: undefined }, at(17), NOW, "UTC", EN)).toBeNull();
    expect(courierTimingNote(null, coming, at(17), NOW, "UTC", EN)).toBeNull();
  });
});

describe("courierStatusLine", () => {
  it("says what the owner needs at each step", () => {
    expect(courierStatusLine(null, null, undefined, EN)).toBeNull();
    expect(courierStatusLine(null, base, undefined, EN)).toBe("Finding a courier");
    expect(courierStatusLine(null, { ...base, state: "offered" }, undefined, EN)).toBe("Finding a courier");
    expect(courierStatusLine(dev, { ...base, state: "assigned", distanceKm: 1.234 }, undefined, EN)).toBe("Dev arrives in about 5 min, 1.2 km");
    expect(courierStatusLine(dev, { ...base, state: "assigned" }, undefined, EN)).toBe("Dev is heading to the restaurant");
    expect(courierStatusLine(dev, { ...base, state: "at_pickup", arrivedAt: "2026-11-20T20:03:00Z" }, "UTC", EN)).toBe("Dev arrived 8:03 PM");
    expect(courierStatusLine(dev, { ...base, state: "picked_up" }, undefined, EN)).toBe("Picked up by Dev");
    expect(courierStatusLine(dev, { ...base, state: "failed", failureReason: "Customer unreachable" }, undefined, EN)).toBe("Delivery failed: Customer unreachable");
    expect(courierStatusLine(null, { ...base, state: "canceled" }, undefined, EN)).toBeNull();
  });

  it("says when the courier took the order before the kitchen marked it ready, also once delivered", () => {
    expect(courierStatusLine(dev, { ...base, state: "picked_up", handedOverEarly: true }, undefined, EN)).toBe(
      "Handed to Dev early: picked up before it was marked ready",
    );
    expect(courierStatusLine(dev, { ...base, state: "delivered", handedOverEarly: true }, undefined, EN)).toBe(
      "Delivered by Dev · handed over before it was marked ready",
    );
    expect(courierStatusLine(dev, { ...base, state: "delivered", handedOverEarly: false }, undefined, EN)).toBe("Delivered by Dev");
  });
});

describe("the not-ready answer", () => {
  it("names the order and the kitchen's ready time in the restaurant's zone, or says the kitchen is still on it", () => {
    expect(inEnglish(notReadySaid(12, "2026-11-20T20:40:00Z", "America/New_York"))).toBe(
      "Order #12 is not marked ready yet: the kitchen expects it at 3:40 PM. Mark it picked up only once the kitchen hands it to you, and confirm they did.",
    );
    expect(inEnglish(notReadySaid(12, null, "UTC"))).toBe(
      "Order #12 is not marked ready yet: the kitchen is still on it. Mark it picked up only once the kitchen hands it to you, and confirm they did.",
    );
  });
});

describe("the customer's delivery lines in another language", () => {
  it("take the catalogue's words and write the times in that language", () => {
    const words = es.order.tracking;
    expect(customerCourierLine("assigned", "Dev", 2.5, words)).toBe("Dev está a 10 min del restaurante.");
    expect(customerCourierLine("picked_up", "Dev", undefined, words)).toBe("Dev tiene tu pedido y va de camino.");
    expect(ridingWithLine(4, words)).toBe("Lleva otro pedido más, unos 4 min más");
    expect(arrivalText("2026-11-24T02:00:00Z", "2026-11-24T02:10:00Z", "America/Los_Angeles", words, "es")).toBe("Llega 18:00 – 18:10");
    expect(arrivalText("2026-11-24T02:00:00Z", "2026-11-24T02:10:00Z", "America/Los_Angeles")).toBe("Arriving 6:00 PM – 6:10 PM");
  });
});

describe("customerCourierLine", () => {
  it("before pickup, says how many minutes the courier is from the restaurant at a bike's speed, never where they are", () => {
    expect(customerCourierLine("assigned", "Dev", 0.2)).toBe("Dev is 1 min from the restaurant.");
    expect(customerCourierLine("assigned", "Dev", 0)).toBe("Dev is 1 min from the restaurant.");
    // 15 km/h: 2.5 km is 10 minutes.
    expect(customerCourierLine("assigned", "Dev", 2.5)).toBe("Dev is 10 min from the restaurant.");
    expect(customerCourierLine("assigned", "Dev")).toBe("Dev is on the way to the restaurant.");
    expect(customerCourierLine("at_pickup", "Dev", 0.1)).toBe("Dev is at the restaurant, collecting your order.");
    expect(customerCourierLine("picked_up", "Dev")).toBe("Dev has your order and is on the way to you.");
  });
});

describe("a distance on the board", () => {
  it("rounds to a tenth of a km, metres below one", () => {
    expect(distanceIn(1.26, EN.units)).toBe("1.3 km");
    expect(distanceIn(0.347, EN.units)).toBe("350 m");
    expect(distanceIn(0, EN.units)).toBe("10 m");
  });
});

describe("arrivalText", () => {
  it("prints the window in the restaurant's zone", () => {
    expect(arrivalText("2026-11-20T20:40:00Z", "2026-11-20T20:44:00Z", "UTC")).toBe("Arriving 8:40 PM – 8:44 PM");
    expect(arrivalText("2026-11-20T20:40:00Z", "2026-11-20T20:44:00Z", "America/New_York")).toBe("Arriving 3:40 PM – 3:44 PM");
  });
});

describe("offer countdown", () => {
  it("counts whole seconds down to zero", () => {
    expect(secondsUntil(60_000, 30_000)).toBe(30);
    expect(secondsUntil(60_000, 30_001)).toBe(30);
    expect(secondsUntil(60_000, 61_000)).toBe(0);
    expect(formatCountdown(25)).toBe("0:25");
    expect(formatCountdown(65)).toBe("1:05");
  });

  it("announces the time left on arrival, at 20, 10 and 5 seconds and at the end only", () => {
    expect(countdownAnnouncement(28, true, offer)).toBe("28 seconds left to accept");
    expect(countdownAnnouncement(27, false, offer)).toBeNull();
    expect(countdownAnnouncement(10, false, offer)).toBe("10 seconds left to accept");
    expect(countdownAnnouncement(0, false, offer)).toBe("The offer has expired");
  });

  it("the badge's words and the announcement read one clock: the same seconds at the same moment", () => {
    const end = 60_000;
    for (const now of [30_000, 39_999, 40_000, 50_000, 59_001, 60_000]) {
      const left = secondsUntil(end, now);
      expect(secondsLeftText(left, offer)).toBe(left === 0 ? "The offer has expired" : left === 1 ? "1 second left to accept" : `${left} seconds left to accept`);
      const said = countdownAnnouncement(left, false, offer);
      if (said) expect(said).toBe(secondsLeftText(left, offer));
    }
  });
});

describe("ridingWithLine", () => {
  it("tells the customer their order shares the trip, and about how much longer", () => {
    expect(ridingWithLine(4)).toBe("Riding with one other order, about 4 min longer");
    expect(ridingWithLine(0)).toBe("Riding with one other order, on the way");
  });
});
