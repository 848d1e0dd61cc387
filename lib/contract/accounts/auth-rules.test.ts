import { describe, expect, it } from "vitest";
import { AUTH_SAID, isValidEmail, loginSchema, normalizePhone, parseCredential, signupSchema, splitName } from "./auth-rules";
import { english, inEnglish } from "@/lib/contract/testing/in-english";

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), inEnglish(i.message)]));

describe("credential rules (spec section 5)", () => {
  it("an empty credential asks for an email or phone number", () => {
    expect(english(parseCredential(""))).toEqual({ error: "Please enter a valid email or phone number" });
    expect(english(parseCredential("   "))).toEqual({ error: "Please enter a valid email or phone number" });
  });

  it("an email needs a '.' after the '@'", () => {
    expect(english(parseCredential("ada@example"))).toEqual({ error: "Invalid email" });
    expect(english(parseCredential("ada.lovelace@"))).toEqual({ error: "Invalid email" });
    expect(english(parseCredential("@example.com"))).toEqual({ error: "Invalid email" });
    expect(english(parseCredential("Ada@Example.com"))).toEqual({ credential: { email: "ada@example.com" } });
    expect(isValidEmail("a@b.co")).toBe(true);
    expect(isValidEmail("a@.co")).toBe(false);
  });

  it("a phone may contain dashes and must be 10 digits without them", () => {
    expect(english(parseCredential("415-555-0134"))).toEqual({ credential: { phoneNumber: "4155550134" } });
    expect(english(parseCredential("4155550134"))).toEqual({ credential: { phoneNumber: "4155550134" } });
    expect(english(parseCredential("415-555-013"))).toEqual({ error: "Invalid phone number" });
    expect(english(parseCredential("41555501345"))).toEqual({ error: "Invalid phone number" });
    expect(english(parseCredential("(415) 555 0134"))).toEqual({ error: "Invalid phone number" });
    expect(normalizePhone("abc-def-ghij")).toBeNull();
  });
});

describe("names", () => {
  it("splits a name with spaces into first and last word", () => {
    expect(splitName("Ada Byron King")).toEqual({ firstName: "Ada", lastName: "King" });
    expect(splitName("  Grace   Hopper ")).toEqual({ firstName: "Grace", lastName: "Hopper" });
  });
  it("keeps a single word as the first name only", () => {
    expect(splitName("Cher")).toEqual({ firstName: "Cher", lastName: null });
  });
});

describe("loginSchema", () => {
  it("reports the problem under the field the client used", () => {
    expect(english(errorsOf(loginSchema.safeParse({ credential: "", password: "x" })))).toEqual(
      english({
        credential: AUTH_SAID.credentialEmpty,
      }),
    );
    expect(english(errorsOf(loginSchema.safeParse({ email: "nope", password: "x" })))).toEqual({ email: "Invalid phone number" });
    expect(english(errorsOf(loginSchema.safeParse({ phoneNumber: "123", password: "x" })))).toEqual({ phoneNumber: "Invalid phone number" });
  });
  it("refuses an email, phone or credential longer than an address or a phone can be, under the field used", () => {
    const email = `${"a".repeat(10_000)}@example.com`;
    expect(english(errorsOf(loginSchema.safeParse({ email, password: "x" })))).toEqual({ email: "Must be at most 254 characters" });
    expect(english(errorsOf(loginSchema.safeParse({ credential: email, password: "x" })))).toEqual({ credential: "Must be at most 254 characters" });
    // Dashes padding a valid 10-digit phone out to 10,000 characters.
    const phoneNumber = `${"-".repeat(9_988)}415-555-0134`;
    expect(english(errorsOf(loginSchema.safeParse({ phoneNumber, password: "x" })))).toEqual({ phoneNumber: "Must be at most 14 characters" });
    expect(english(errorsOf(loginSchema.safeParse({ credential: phoneNumber, password: "x" })))).toEqual({ credential: "Must be at most 254 characters" });
    // At the limits they are read as before.
    expect(loginSchema.parse({ email: `${"a".repeat(242)}@example.com`, password: "x" }).credential).toEqual({ email: `${"a".repeat(242)}@example.com` });
    expect(loginSchema.parse({ phoneNumber: "--415-555-0134", password: "x" }).credential).toEqual({ phoneNumber: "4155550134" });
  });
  it("the signup reads the same limits", () => {
    const base = { name: "Ada Lovelace", password: "correct horse" };
    expect(english(errorsOf(signupSchema.safeParse({ ...base, email: `${"a".repeat(10_000)}@example.com` })))).toEqual(english({ email: AUTH_SAID.invalidEmail }));
    expect(english(errorsOf(signupSchema.safeParse({ ...base, phoneNumber: `${"-".repeat(9_988)}415-555-0134` })))).toEqual(
      english({ phoneNumber: AUTH_SAID.invalidPhone }),
    );
  });
  it("requires a password", () => {
    expect(errorsOf(loginSchema.safeParse({ credential: "a@b.co" }))).toHaveProperty("password");
  });
  it("accepts email or phone as the credential", () => {
    const byPhone = loginSchema.parse({ phoneNumber: "415-555-0134", password: "secret" });
    expect(byPhone.credential).toEqual({ phoneNumber: "4155550134" });
    expect(byPhone.field).toBe("phoneNumber");
  });
});

describe("signupSchema", () => {
  const base = { name: "Ada Lovelace", credential: "ada@example.com", password: "correct horse" };

  it("splits the name and reads the credential", () => {
    const input = signupSchema.parse(base);
    expect(input).toMatchObject({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phoneNumber: null });
  });
  it("needs a password of at least 8 characters", () => {
    expect(english(errorsOf(signupSchema.safeParse({ ...base, password: "short" })))).toEqual(english({ password: AUTH_SAID.passwordShort }));
  });
  it("needs a name", () => {
    expect(english(errorsOf(signupSchema.safeParse({ ...base, name: "  " })))).toEqual(english({ name: AUTH_SAID.nameRequired }));
  });
  it("needs an email or a phone", () => {
    expect(english(errorsOf(signupSchema.safeParse({ name: "Ada", password: "long enough" })))).toEqual(
      english({
        email: AUTH_SAID.credentialEmpty,
      }),
    );
  });
  it("validates the signup form's separate email and phone fields", () => {
    const errors = errorsOf(signupSchema.safeParse({ firstName: "Ada", email: "ada@example", phoneNumber: "12", password: "long enough" }));
    expect(errors).toEqual({ email: "Invalid email", phoneNumber: "Invalid phone number" });
  });
  it("ignores a wallet sent by the client", () => {
    expect(signupSchema.parse({ ...base, wallet: 1_000_000 })).not.toHaveProperty("wallet");
  });
  it("takes the delivery address as four fields or as one 'ADDRESS, CITY, STATE, ZIP' line", () => {
    const saved = { address: "500 Market St", city: "San Francisco", state: "CA", zip: "94105" };
    expect(signupSchema.parse({ ...base, ...saved })).toMatchObject(saved);
    expect(signupSchema.parse({ ...base, address: " 500 Market St , San Francisco, CA, 94105 " })).toMatchObject(saved);
    expect(signupSchema.parse(base)).toMatchObject({ address: null, city: null, state: null, zip: null });
  });
  it("names `address` for a partial address", () => {
    const message = "Address must by ADDRESS, CITY, STATE, ZIP, seperated by commas";
    expect(english(errorsOf(signupSchema.safeParse({ ...base, address: "500 Market St, San Francisco" })))).toEqual({ address: message });
    expect(english(errorsOf(signupSchema.safeParse({ ...base, address: "500 Market St", city: "San Francisco", zip: "94105" })))).toEqual({ address: message });
    expect(english(errorsOf(signupSchema.safeParse({ ...base, city: "San Francisco" })))).toEqual({ address: message });
  });
});
