import { describe, expect, it } from "vitest";
import { closeOrderSchema, deleteRestaurantQuerySchema, ownerMenuQuerySchema } from "./manage-rules";

describe("owner endpoint inputs", () => {
  it("a delete must say soft or hard; there is no default", () => {
    expect(deleteRestaurantQuerySchema.parse({ type: "soft" })).toEqual({ type: "soft" });
    for (const query of [{}, { type: "" }, { type: "HARD" }, { type: "purge" }]) {
      expect(deleteRestaurantQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });

  it("an owner closes an order as Completed or Canceled, nothing else", () => {
    expect(closeOrderSchema.parse({ status: "Canceled" })).toEqual({ status: "Canceled" });
    for (const status of ["Active", "Submitted", "completed", undefined]) expect(closeOrderSchema.safeParse({ status }).success).toBe(false);
  });

  it("the owner's menu comes whole unless paged: no limit by default", () => {
    expect(ownerMenuQuerySchema.parse({})).toEqual({ offset: 0 });
    expect(ownerMenuQuerySchema.parse({ limit: "5", offset: "10" })).toEqual({ limit: 5, offset: 10 });
    expect(ownerMenuQuerySchema.safeParse({ limit: "101" }).success).toBe(false);
  });
});
