import { describe, expect, it } from "vitest";
import { expectedMinutes, promiseVerdict, queueMinutes, quoteArrival, type QuoteInput } from "./arrival-quote.mjs";
import { DELIVERY_ESTIMATE_MINUTES } from "../constants";

// The demo's kitchen: 20 minutes' prep, idle, couriers about.
const idle: QuoteInput = { prepMinutes: 20, queue: 0, km: 1, couriersNear: 3 };

describe("the arrival quoted before ordering", () => {
  it("quotes a farther address later: 1 km and 6 km from one restaurant differ", () => {
    const near = quoteArrival({ ...idle, km: 1 });
    const far = quoteArrival({ ...idle, km: 6 });
    expect(far[0]).toBeGreaterThan(near[0]);
    expect(far[1]).toBeGreaterThan(near[1]);
  });

  it("quotes a kitchen with ten orders waiting later than an idle one", () => {
    const [idleMin] = quoteArrival(idle);
    const [busyMin] = quoteArrival({ ...idle, queue: 10 });
    expect(busyMin).toBeGreaterThanOrEqual(idleMin + 15);
    // A kitchen with a larger capacity works its queue faster.
    expect(quoteArrival({ ...idle, queue: 10, capacityPer15: 20 })[0]).toBeLessThan(busyMin);
  });

  it("expects later with no courier free nearby, and quotes later while busy and while paused", () => {
    expect(expectedMinutes({ ...idle, couriersNear: 0 })).toBeGreaterThan(expectedMinutes({ ...idle, couriersNear: 1 }));
    expect(expectedMinutes({ ...idle, couriersNear: 1 })).toBeGreaterThan(expectedMinutes(idle));
    expect(quoteArrival({ ...idle, km: 2.4, couriersNear: 0 })[0]).toBeGreaterThan(quoteArrival({ ...idle, km: 2.4 })[0]);
    expect(quoteArrival({ ...idle, busyMinutes: 20 })[0]).toBe(quoteArrival(idle)[0] + 20);
    expect(quoteArrival({ ...idle, pausedMinutes: 30 })[0]).toBe(quoteArrival(idle)[0] + 30);
  });

  it("quotes the spec's range for the demo's kitchen (20 minutes, idle) and an address up to about 1.5 km away", () => {
    for (const km of [0.3, 1, 1.4]) {
      expect(quoteArrival({ ...idle, km })).toEqual(DELIVERY_ESTIMATE_MINUTES.standard);
      expect(quoteArrival({ ...idle, km, option: "priority" })).toEqual(DELIVERY_ESTIMATE_MINUTES.priority);
      // No courier on shift near it at all (the restaurant delivers itself): no wait for one.
      expect(quoteArrival({ ...idle, km, couriersNear: null })).toEqual(DELIVERY_ESTIMATE_MINUTES.standard);
    }
  });

  it("quotes a quick kitchen and a near door earlier, never before the floor", () => {
    expect(quoteArrival({ ...idle, prepMinutes: 8, km: 0.5 })[0]).toBeLessThan(20);
    expect(quoteArrival({ ...idle, prepMinutes: 0, km: 0 })[0]).toBe(10);
  });

  it("is a quarter hour on whole five minutes", () => {
    for (const km of [0.5, 2, 3.7, 6, 9]) {
      for (const queue of [0, 4, 10]) {
        const [min, max] = quoteArrival({ ...idle, km, queue });
        expect(max - min).toBe(15);
        expect(min % 5).toBe(0);
      }
    }
  });

  it("counts only the queue beyond what the kitchen cooks at once", () => {
    expect(queueMinutes(0, null)).toBe(0);
    expect(queueMinutes(1, null)).toBe(0);
    expect(queueMinutes(10, null)).toBeGreaterThan(0);
    expect(expectedMinutes({ ...idle, queue: 1 })).toBe(expectedMinutes(idle));
  });

  it("says where a delivery landed against its promise", () => {
    expect(promiseVerdict(19, 20, 35)).toBe("early");
    expect(promiseVerdict(20, 20, 35)).toBe("inside");
    expect(promiseVerdict(35, 20, 35)).toBe("inside");
    expect(promiseVerdict(36, 20, 35)).toBe("late");
  });
});
