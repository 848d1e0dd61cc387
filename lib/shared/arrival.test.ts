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

describe("estimated arrival once accepted", () => {
  const readyAt = new Date("2026-11-22T02:20:00Z");
  const accepted = { status: "Submitted", scheduledFor: null, submittedAt: placed, estimatedReadyAt: readyAt, deliveryMinutes: 30 };

  it("ends the restaurant's delivery time after the kitchen's ready time, a 10-minute window", () => {
    expect(arrivalWindow({ ...accepted, deliveryOption: "standard" })).toEqual({
      from: "2026-11-22T02:40:00.000Z",
      to: "2026-11-22T02:50:00.000Z",
      scheduled: false,
    });
  });

  it("is 5 minutes sooner for priority delivery", () => {
    const window = arrivalWindow({ ...accepted, deliveryOption: "priority" });
    expect([window?.from, window?.to]).toEqual(["2026-11-22T02:35:00.000Z", "2026-11-22T02:45:00.000Z"]);
  });

  it("stays the booked slot for a scheduled order", () => {
    const slot = new Date("2026-11-23T01:00:00Z");
    expect(arrivalWindow({ ...accepted, deliveryOption: "schedule", scheduledFor: slot })?.from).toBe("2026-11-23T01:00:00.000Z");
  });
});
