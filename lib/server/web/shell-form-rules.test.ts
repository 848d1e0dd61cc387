import { describe, expect, it } from "vitest";
import { validateSignupModal } from "@/components/auth/form-rules";
import { parseAddressLine } from "@/lib/contract/zod-free/profile-rules";
import { formRulesIn } from "./form-rules";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The top bar's forms (shop-shell.tsx hands them formRules): the signup modal's checks and the
// address editor's line in the page's language; English pages read the English catalogue's words, as before.

describe("the top bar's signup modal and address editor", () => {
  const empty = { firstName: "", lastName: "", email: "", phoneNumber: "", password: "", confirmPassword: "" };

  it("shows the signup modal's checks in Spanish", () => {
    const english = validateSignupModal(empty, formRulesIn("en", "auth"));
    const spanish = validateSignupModal(empty, formRulesIn("es", "auth"));
    expect(Object.keys(spanish)).toEqual(Object.keys(english));
    for (const field of Object.keys(english)) expect(spanish[field], field).not.toBe(english[field]);
    expect(validateSignupModal({ ...empty, password: "longenough1", confirmPassword: "other" }, formRulesIn("en", "auth"))).toEqual(
      Object.fromEntries(
        Object.entries(validateSignupModal({ ...empty, password: "longenough1", confirmPassword: "other" })).map(([field, message]) => [field, inEnglish(message)]),
      ),
    );
    expect(english.confirmPassword).toBe("Please confirm your password");
  });

  it("shows the address line's check in Spanish, as the editor does (rules[error] ?? error)", () => {
    const parsed = parseAddressLine("one, two");
    if (!("error" in parsed)) throw new Error("expected an error");
    const rules = formRulesIn("es", "address")!;
    expect(rules[parsed.error]).toBeTruthy();
    expect(rules[parsed.error]).not.toBe(parsed.error);
    expect(formRulesIn("en", "address")[parsed.error]).toBe(inEnglish(parsed.error));
  });
});
