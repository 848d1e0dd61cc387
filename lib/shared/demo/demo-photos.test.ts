import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_PHOTOS } from "./demo-photos";
import { photoCreditFor } from "./photo-credits";
import { isImageLocation } from "@/lib/contract/common/image-url-rules";

describe("DEMO_PHOTOS", () => {
  it("offers only photos served in all three sizes, credited, and accepted as a store image", () => {
    expect(DEMO_PHOTOS.length).toBeGreaterThanOrEqual(20);
    for (const { file } of DEMO_PHOTOS) {
      for (const variant of [file, file.replace(".webp", "-sm.webp"), file.replace(".webp", "-lg.webp")]) {
        expect(existsSync(path.join("public", variant)), variant).toBe(true);
      }
      expect(photoCreditFor(file), file).toBeDefined();
      expect(isImageLocation(file)).toBe(true);
    }
  });
});
