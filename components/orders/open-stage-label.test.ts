import { describe, expect, it } from "vitest";
import { ORDER_STAGES, isOpenStage, stageLabel } from "@/lib/shared/order-stages";
import { openStageLabel } from "./open-stage-label";

describe("the orders list's stage words", () => {
  it("are stageLabel()'s for every open stage, delivery or pickup, and none for the others", () => {
    for (const stage of ORDER_STAGES) {
      for (const option of ["standard", "pickup", null]) {
        expect(openStageLabel(stage, option)).toBe(isOpenStage(stage) ? stageLabel(stage, option) : null);
      }
    }
    expect(openStageLabel(null, null)).toBeNull();
  });
});
