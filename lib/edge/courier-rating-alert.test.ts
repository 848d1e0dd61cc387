import { describe, expect, it } from "vitest";
import { courierRatingAlert } from "./courier-rating-alert";

describe("COURIER_RATING_ALERT", () => {
  it("reads percent or percent/ratings, 80/20 by default, and refuses anything else", () => {
    expect(courierRatingAlert(undefined)).toEqual({ belowPercent: 80, minRatings: 20 });
    expect(courierRatingAlert("75")).toEqual({ belowPercent: 75, minRatings: 20 });
    expect(courierRatingAlert("90% / 50")).toEqual({ belowPercent: 90, minRatings: 50 });
    for (const bad of ["0", "101", "80/0", "eighty", "80/200"]) expect(() => courierRatingAlert(bad)).toThrow(/COURIER_RATING_ALERT/);
  });
});
