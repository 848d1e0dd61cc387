import { describe, expect, it } from "vitest";
import { emailError, parseAddressLine, phoneError, profileUpdateSchema, PROFILE_SAID } from "./profile-rules";
import { english } from "@/lib/contract/testing/in-english";

describe("profile rules (spec section 5)", () => {
  it("reads 'ADDRESS, CITY, STATE, ZIP' and refuses anything else with the spec's message", () => {
    expect(english(parseAddressLine("742 Evergreen Terrace, Springfield, OR, 97403"))).toEqual({
      parts: { address: "742 Evergreen Terrace", city: "Springfield", state: "OR", zip: "97403" },
    });
    for (const bad of ["742 Evergreen Terrace, Springfield, OR", "a, b, c, d, e", "742 Evergreen, , OR, 97403", ""]) {
      expect(english(parseAddressLine(bad))).toEqual({ error: "Address must by ADDRESS, CITY, STATE, ZIP, seperated by commas" });
    }
  });

  it("phone: digits only, then 10 of them", () => {
    expect(english(phoneError("415-555-0101"))).toBe("Phone number must have only numbers in it");
    expect(english(phoneError("41555501"))).toBe(english(PROFILE_SAID.phoneLength));
    expect(phoneError("4155550101")).toBeNull();
  });

  it("email: an @, then a '.' after it", () => {
    expect(english(emailError("ada.example.com"))).toBe("Email must include @");
    expect(english(emailError("ada@example"))).toBe(english(PROFILE_SAID.emailDot));
    expect(emailError("ada@example.com")).toBeNull();
  });

  it("first name is required; last name optional; partial updates", () => {
    expect(profileUpdateSchema.safeParse({ firstName: " " }).success).toBe(false);
    expect(profileUpdateSchema.parse({ lastName: "" })).toEqual({ lastName: null });
    expect(profileUpdateSchema.parse({})).toEqual({});
  });

  it("never carries a password or wallet through", () => {
    expect(profileUpdateSchema.parse({ firstName: "Ada", password: "x", wallet: 5 })).toEqual({ firstName: "Ada" });
  });
});
