import { describe, expect, it } from "vitest";
import { ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { parseApiError } from "@/lib/client/use-api-action";

describe("parseApiError", () => {
  it("keeps a field's message under its field and the rest as the form's message", () => {
    const failure = parseApiError(new ApiClientError(422, "Check the amount", { amount: "At most $32.99" }, { payment: { id: 1 } }));
    expect(failure).toEqual({ status: 422, message: "Check the amount", errors: { amount: "At most $32.99" }, body: { payment: { id: 1 } } });
  });

  it("turns anything that is not an API answer into the generic failure", () => {
    expect(parseApiError(new TypeError("boom"))).toEqual({ status: 0, message: SERVER_FAILURE, errors: {}, body: {} });
  });

  it("says a screen's own words for a failure that is not an API answer, and the API's for one that is", () => {
    expect(parseApiError(new TypeError("boom"), "Could not load your order.").message).toBe("Could not load your order.");
    expect(parseApiError(new ApiClientError(0, "Network error"), "Could not load your order.").message).toBe("Network error");
  });
});
