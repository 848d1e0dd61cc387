import { describe, expect, it } from "vitest";
import { conflict, errorResponse, inLanguage } from "./errors";

// A message its thrower writes in the request's language itself (a name and a time inside it:
// lib/shared's lines), where the catalogue's patterns (error-language.ts) would keep the time English.

const bodyOf = async (response: Response) => JSON.parse(await response.text()) as { message: string; errors?: Record<string, string> };

describe("inLanguage", () => {
  const error = () =>
    inLanguage(
      conflict("Cafe is not taking orders until 7:40 PM.", { deliveryOption: "Cafe is not taking orders until 7:40 PM.", other: "Kept" }),
      (locale) => `Cafe (${locale}) 19:40`,
    );
  it("writes the message and its field in the request's language", async () => {
    expect(await bodyOf(errorResponse(error(), "es"))).toEqual({ message: "Cafe (es) 19:40", errors: { deliveryOption: "Cafe (es) 19:40", other: "Kept" } });
  });
  it("leaves English as thrown", async () => {
    expect(await bodyOf(errorResponse(error(), "en"))).toEqual({
      message: "Cafe is not taking orders until 7:40 PM.",
      errors: { deliveryOption: "Cafe is not taking orders until 7:40 PM.", other: "Kept" },
    });
    expect(await bodyOf(errorResponse(error()))).toEqual(await bodyOf(errorResponse(error(), "en")));
  });
});
