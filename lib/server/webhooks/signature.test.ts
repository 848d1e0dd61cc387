import { describe, expect, it } from "vitest";
import { newWebhookSecret, signWebhook, verifyWebhook, webhookHeaders } from "./signature";

// The Standard Webhooks signature, against the specification's own vector
// (standard-webhooks/standard-webhooks, libraries/javascript/src/webhook.test.ts "sign function works").

describe("webhook signatures", () => {
  it("sign the specification's known vector", () => {
    expect(signWebhook("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}')).toBe(
      "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    );
  });

  it("send both signatures while a rotated secret overlaps, each verifying with its own secret", () => {
    const [current, previous, stranger] = [newWebhookSecret(), newWebhookSecret(), newWebhookSecret()];
    expect(current).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const headers = webhookHeaders([current, previous], "msg_1", 1_700_000_000, '{"a":1}');
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(verifyWebhook(current, headers, '{"a":1}')).toBe(true);
    expect(verifyWebhook(previous, headers, '{"a":1}')).toBe(true);
    expect(verifyWebhook(stranger, headers, '{"a":1}')).toBe(false);
    expect(verifyWebhook(current, headers, '{"a":2}')).toBe(false);
    expect(verifyWebhook(current, { ...headers, "webhook-timestamp": "1700000001" }, '{"a":1}')).toBe(false);
  });
});
