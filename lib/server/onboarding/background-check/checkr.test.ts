import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backgroundCheckSettings } from "@/lib/edge/background-check-settings";
import { checkrProvider, reportStatus } from "./checkr";
import { backgroundCheckFor } from "./select";

// The Checkr provider against a local stand-in of its API (candidates, invitations, reports, Basic
// auth with the key), and the settings that select a provider: production never runs the offline
// check without saying so.

const KEY = "test_key_123";
const seen: { method: string; path: string; body: Record<string, string> }[] = [];
let report: { status: string; result: string | null } = { status: "pending", result: null };
let invitation = "pending";

const read = (request: IncomingMessage) =>
  new Promise<Record<string, string>>((resolve) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => resolve(text ? JSON.parse(text) : {}));
  });

const standIn = createServer(async (request, response) => {
  const body = await read(request);
  seen.push({ method: request.method!, path: request.url!, body });
  const send = (status: number, json: unknown) => {
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(json));
  };
  if (request.headers.authorization !== `Basic ${Buffer.from(`${KEY}:`).toString("base64")}`) return send(401, { error: "Bad authentication" });
  if (request.method === "POST" && request.url === "/v1/candidates") return send(201, { id: "cand_1", ...body });
  if (request.method === "POST" && request.url === "/v1/invitations") return send(201, { id: "inv_1", status: "pending", candidate_id: body.candidate_id });
  if (request.method === "GET" && request.url === "/v1/invitations/inv_1")
    return send(200, { id: "inv_1", status: invitation, report_id: invitation === "completed" ? "rep_1" : null });
  if (request.method === "GET" && request.url === "/v1/reports/rep_1") return send(200, { id: "rep_1", ...report });
  send(404, { error: "Not found" });
});

let url = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

describe("Checkr, against a local stand-in", () => {
  it("makes a candidate and invites them to the package; pending until the report is complete, then its result", async () => {
    const provider = checkrProvider({ url, apiKey: KEY, packageSlug: "driver_pro" });
    expect(await provider.start({ userId: 7, firstName: "Dev", lastName: "Rider", email: "dev@example.com" })).toEqual({ ref: "inv_1", status: "pending" });
    expect(seen.slice(0, 2)).toEqual([
      { method: "POST", path: "/v1/candidates", body: { first_name: "Dev", last_name: "Rider", email: "dev@example.com", custom_id: "nosh-courier-7" } },
      { method: "POST", path: "/v1/invitations", body: { candidate_id: "cand_1", package: "driver_pro" } },
    ]);
    expect(await provider.status("inv_1")).toBe("pending");
    invitation = "completed";
    expect(await provider.status("inv_1")).toBe("pending");
    report = { status: "complete", result: "clear" };
    expect(await provider.status("inv_1")).toBe("clear");
    report = { status: "complete", result: "consider" };
    expect(await provider.status("inv_1")).toBe("consider");
    invitation = "expired";
    expect(await provider.status("inv_1")).toBe("failed");
  });

  it("a wrong key is an error, not a clear check", async () => {
    const provider = checkrProvider({ url, apiKey: "wrong", packageSlug: "driver_pro" });
    await expect(provider.status("inv_1")).rejects.toThrow(/401/);
    expect(reportStatus({ status: "suspended" })).toBe("failed");
  });
});

describe("which provider runs", () => {
  it("offline by default outside production; none in production unless Checkr is configured; offline refused in production", () => {
    expect(backgroundCheckFor(backgroundCheckSettings({}, "development")).name).toBe("offline");
    expect(backgroundCheckFor(backgroundCheckSettings({}, "production")).name).toBe("none");
    expect(() => backgroundCheckSettings({ BACKGROUND_CHECK: "offline" }, "production")).toThrow(/not NOSH_ENV=production/);
    expect(() => backgroundCheckSettings({ BACKGROUND_CHECK: "checkr" }, "production")).toThrow(/CHECKR_API_KEY/);
    expect(() => backgroundCheckSettings({ BACKGROUND_CHECK: "sterling" }, "development")).toThrow(/one of offline, checkr/);
    const checkr = backgroundCheckSettings({ BACKGROUND_CHECK: "checkr", CHECKR_API_KEY: KEY }, "production");
    expect(checkr).toEqual({ provider: "checkr", url: "https://api.checkr.com", apiKey: KEY, packageSlug: "driver_pro" });
    expect(backgroundCheckFor(checkr).name).toBe("checkr");
  });

  it("none orders nothing and never clears", async () => {
    const none = backgroundCheckFor({ provider: "none" });
    expect(await none.start({ userId: 1, firstName: "A", lastName: null, email: null })).toEqual({ ref: null, status: "pending" });
  });
});
