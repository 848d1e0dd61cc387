import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { languageOfRequest } from "./request-language";

// The language an error's answer (route.ts, host-route.ts) and a downloaded receipt are written in.

describe("a request's language", () => {
  it("is the footer's cookie first, else Accept-Language, else English", () => {
    const request = (headers: Record<string, string>) => new NextRequest("http://nosh.test/api/orders/1", { headers });
    expect(languageOfRequest(request({}))).toBe("en");
    expect(languageOfRequest(request({ "accept-language": "es-MX,es;q=0.9" }))).toBe("es");
    expect(languageOfRequest(request({ "accept-language": "es-MX", cookie: "nosh_lang=en" }))).toBe("en");
    expect(languageOfRequest(request({ cookie: "a=1; nosh_lang=es" }))).toBe("es");
  });
});
