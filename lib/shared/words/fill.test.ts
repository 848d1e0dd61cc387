import { describe, expect, it } from "vitest";
import { fill } from "./fill";

describe("fill", () => {
  it("fills a finished message's arguments, and leaves one not given as written", () => {
    expect(fill("{count} items", { count: 3 })).toBe("3 items");
    expect(fill("Order #{id} from {name}", { id: 7, name: "Mamma's" })).toBe("Order #7 from Mamma's");
    expect(fill("Edit {label}", {})).toBe("Edit {label}");
    expect(fill("{a}{a}", { a: "$1" })).toBe("$1$1");
  });
});
