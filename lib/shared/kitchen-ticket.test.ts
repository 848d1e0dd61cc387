import { describe, expect, it } from "vitest";
import { ticketKind, ticketPriority, ticketTimes } from "./kitchen-ticket";

const order = { deliveryOption: "standard", scheduledFor: null, submittedAt: "2026-11-26T02:15:00.000Z", createdAt: "2026-11-26T02:00:00.000Z" };

describe("the kitchen ticket", () => {
  it("says pickup or delivery, and priority", () => {
    expect(ticketKind(order)).toBe("Delivery");
    expect(ticketKind({ deliveryOption: "pickup" })).toBe("Pickup");
    expect(ticketKind({ deliveryOption: "schedule" })).toBe("Delivery");
    expect(ticketPriority({ deliveryOption: "priority" })).toBe("Priority");
    expect(ticketPriority(order)).toBeNull();
  });

  it("prints when it was placed, and when it is for, in the restaurant's time zone (not the marketplace's)", () => {
    expect(ticketTimes(order, "America/Los_Angeles")).toEqual({ placed: "Placed Nov 25, 6:15 PM", forLater: null });
    expect(ticketTimes(order, "America/New_York")).toEqual({ placed: "Placed Nov 25, 9:15 PM", forLater: null });
    expect(ticketTimes({ ...order, submittedAt: null }, "America/Los_Angeles").placed).toBe("Placed Nov 25, 6:00 PM");
    expect(ticketTimes({ ...order, deliveryOption: "pickup", scheduledFor: "2026-11-26T20:30:00.000Z" }, "America/Los_Angeles").forLater).toBe(
      "Pickup at Nov 26, 12:30 PM",
    );
    expect(ticketTimes({ ...order, deliveryOption: "schedule", scheduledFor: "2026-11-26T20:30:00.000Z" }, "America/Chicago").forLater).toBe(
      "Deliver at Nov 26, 2:30 PM",
    );
  });
});
