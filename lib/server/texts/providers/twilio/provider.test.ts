import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { textSettings } from "@/lib/edge/text-settings";
import { TextRefused } from "../provider";
import { twilioProvider } from "./provider";
import { TwilioStandIn } from "./testing/stand-in";

// The Twilio adapter, through the twilio library, against a local stand-in of the Messaging API
// (testing/stand-in.ts): the request the library sends (auth, From, Body, StatusCallback), a
// refusal no retry changes, and the status callbacks the stand-in signs as Twilio does, checked
// by the adapter's verify (validateRequest); a forged one fails it. Then the settings that select it.

const SID = `AC${"a1".repeat(16)}`;
const TOKEN = "twilio-auth-token-for-tests";
const standIn = new TwilioStandIn(SID, TOKEN);
const base = await standIn.start();

function twilioSettings(token: string) {
  const settings = textSettings(
    { TEXTS: "twilio", TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: token, TWILIO_FROM: "+15005550006", TWILIO_API_BASE: base },
    "development",
    "x".repeat(32),
  );
  if (settings.provider !== "twilio") throw new Error("TEXTS=twilio selects Twilio");
  return settings;
}
const provider = twilioProvider(twilioSettings(TOKEN));

// The app's side of the callbacks: what arrived, and whether the adapter believed it.
const heard: { status: string; believed: boolean }[] = [];
const app = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
    const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}${request.url}`;
    heard.push({ status: params.MessageStatus ?? "", believed: provider.verify((request.headers["x-twilio-signature"] as string) ?? null, url, params) });
    response.writeHead(200).end("{}");
  });
});
await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
const callback = `http://127.0.0.1:${(app.address() as AddressInfo).port}/api/texts/twilio/status`;
afterAll(async () => {
  await standIn.stop();
  await new Promise<void>((resolve) => app.close(() => resolve()));
});

describe("the Twilio adapter", () => {
  it("creates the message from TWILIO_FROM with its body and status callback, under the account's credentials", async () => {
    const sent = await provider.send({ to: "+14155550142", body: "Nosh: your order is on the way.", statusCallback: callback });
    expect(sent).toMatchObject({ providerId: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: "queued" });
    expect(standIn.messages.at(-1)).toEqual({
      sid: sent.providerId,
      to: "+14155550142",
      from: "+15005550006",
      messagingServiceSid: null,
      body: "Nosh: your order is on the way.",
      statusCallback: callback,
    });
  });

  it("believes the stand-in's signed status callbacks, and no forged one", async () => {
    await provider.send({ to: "+14155550143", body: "Nosh: at the door.", statusCallback: callback });
    await expect.poll(() => heard.filter((h) => h.status === "delivered").length).toBeGreaterThanOrEqual(2);
    expect(heard.every((h) => h.believed)).toBe(true);
    const params = { MessageSid: "SM0", MessageStatus: "delivered" };
    expect(provider.verify(null, callback, params)).toBe(false);
    expect(provider.verify("bm90IGEgc2lnbmF0dXJl", callback, params)).toBe(false);
    expect(await standIn.post(callback, params, "forged")).toBe(200);
    expect(heard.at(-1)).toEqual({ status: "delivered", believed: false });
  });

  it("turns a refusal no retry changes (a number that answered STOP at Twilio) into TextRefused; wrong credentials throw", async () => {
    standIn.unsubscribed.add("+14155550144");
    await expect(provider.send({ to: "+14155550144", body: "x", statusCallback: callback })).rejects.toBeInstanceOf(TextRefused);
    const wrong = twilioProvider(twilioSettings("wrong"));
    await expect(wrong.send({ to: "+14155550145", body: "x", statusCallback: callback })).rejects.toThrow(/Authenticate/);
  });
});

describe("the text settings", () => {
  const secret = "s".repeat(32);
  it("selects the built-in provider by default, none in production, and refuses the built-in one in production unless the site is a staging one", () => {
    expect(textSettings({}, "development", secret).provider).toBe("builtin");
    expect(textSettings({}, "production", secret).provider).toBe("none");
    expect(() => textSettings({ TEXTS: "builtin" }, "production", secret)).toThrow(/staging site \(PAYMENTS=test\)/);
    expect(textSettings({ TEXTS: "builtin", PAYMENTS: "test" }, "production", secret).provider).toBe("builtin");
  });

  it("needs Twilio's SID, token and a sender, and never a stand-in in production", () => {
    expect(() => textSettings({ TEXTS: "twilio" }, "development", secret)).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => textSettings({ TEXTS: "twilio", TWILIO_ACCOUNT_SID: SID }, "development", secret)).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(() => textSettings({ TEXTS: "twilio", TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN }, "development", secret)).toThrow(/TWILIO_FROM/);
    expect(() => textSettings({ TEXTS: "twilio", TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: "4155550142" }, "development", secret)).toThrow(
      /E\.164/,
    );
    const prod = { TEXTS: "twilio", TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: "+15005550006" };
    expect(() => textSettings({ ...prod, TWILIO_API_BASE: base }, "production", secret)).toThrow(/tests only/);
    expect(textSettings(prod, "production", secret)).toMatchObject({ provider: "twilio", from: { number: "+15005550006" }, apiBase: null });
    expect(() => textSettings({ TEXTS: "sms" }, "development", secret)).toThrow(/TEXTS must be one of builtin, twilio/);
  });
});
