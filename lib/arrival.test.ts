import { describe, expect, it } from "vitest";
import { arrivalWindow } from "./arrival";

const placed = new Date("2026-11-22T02:00:00Z");

describe("estimated arrival", () => {
  it("is 20-35 minutes after placing for standard delivery", () => {
    expect(arrivalWindow({ status: "Submitted", deliveryOption: "standard", scheduledFor: null, submittedAt: placed })).toEqual({
      from: "2026-11-22T02:20:00.000Z",
      to: "2026-11-22T02:35:00.000Z",
      scheduled: false,
    });
  });

  it("is 15-30 minutes after placing for priority delivery", () => {
    const window = arrivalWindow({ status: "Submitted", deliveryOption: "priority", scheduledFor: null, submittedAt: placed });
    expect([window?.from, window?.to]).toEqual(["2026-11-22T02:15:00.000Z", "2026-11-22T02:30:00.000Z"]);
  });

  it("is the booked 30-minute slot for a scheduled order", () => {
    const slot = new Date("2026-11-23T01:00:00Z");
    expect(arrivalWindow({ status: "Submitted", deliveryOption: "schedule", scheduledFor: slot, submittedAt: placed })).toEqual({
      from: "2026-11-23T01:00:00.000Z",
      to: "2026-11-23T01:30:00.000Z",
      scheduled: true,
    });
  });

  it("is absent for an order at checkout, canceled or completed", () => {
    for (const status of ["Active", "Canceled", "Completed"]) {
      expect(arrivalWindow({ status, deliveryOption: "standard", scheduledFor: null, submittedAt: placed })).toBeNull();
    }
  });
});
