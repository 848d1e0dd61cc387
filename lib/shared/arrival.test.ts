import { describe, expect, it } from "vitest";
import { arrivalWindow, pickupEstimateMinutes, pickupEstimateText } from "./arrival";

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

describe("pickup window (issue 21)", () => {
  it("is the restaurant's pickup estimate after placing: half its delivery time, rounded to 5 minutes, at least 10", () => {
    expect(pickupEstimateMinutes(30)).toEqual([15, 20]);
    expect(pickupEstimateMinutes(45)).toEqual([25, 30]);
    expect(pickupEstimateMinutes(15)).toEqual([10, 15]);
    expect(pickupEstimateMinutes(null)).toEqual([15, 20]);
    expect(pickupEstimateText(20)).toBe("10-15 min");
    const window = arrivalWindow({ status: "Submitted", deliveryOption: "pickup", scheduledFor: null, submittedAt: placed, deliveryMinutes: 40 });
    expect(window).toEqual({ from: "2026-11-22T02:20:00.000Z", to: "2026-11-22T02:25:00.000Z", scheduled: false });
  });

  it("is the kitchen's ready time to 10 minutes after, once accepted (no courier leg)", () => {
    const readyAt = new Date("2026-11-22T02:10:00Z");
    const window = arrivalWindow({
      status: "Submitted",
      deliveryOption: "pickup",
      scheduledFor: null,
      submittedAt: placed,
      estimatedReadyAt: readyAt,
      deliveryMinutes: 30,
    });
    expect(window).toEqual({ from: "2026-11-22T02:10:00.000Z", to: "2026-11-22T02:20:00.000Z", scheduled: false });
  });

  it("is the booked slot for a scheduled pickup", () => {
    const slot = new Date("2026-11-23T01:00:00Z");
    expect(arrivalWindow({ status: "Submitted", deliveryOption: "pickup", scheduledFor: slot, submittedAt: placed })).toEqual({
      from: "2026-11-23T01:00:00.000Z",
      to: "2026-11-23T01:30:00.000Z",
      scheduled: true,
    });
  });
});
