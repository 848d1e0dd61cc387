import "server-only";
import type { CheckStatus } from "@/lib/shared/delivery/courier-onboarding";
import type { BackgroundCheckProvider } from "./provider";

// Checkr (https://docs.checkr.com): a candidate, then an invitation to the package, whose hosted
// form the courier fills in (Checkr mails them the link); the invitation, once completed, names
// its report, whose status and result are the answer. Tested against a local stand-in
// (checkr.test.ts) at CHECKR_URL.

export type CheckrSettings = { url: string; apiKey: string; packageSlug: string };

const TIMEOUT_MS = 10_000;

/** A Checkr report's answer: complete and clear, complete with something to consider, suspended or canceled (failed), else pending. */
export function reportStatus(report: { status?: string; result?: string | null }): CheckStatus {
  if (report.status === "complete" || report.status === "clear" || report.status === "consider")
    return (report.result ?? report.status) === "clear" ? "clear" : "consider";
  if (report.status === "suspended" || report.status === "canceled") return "failed";
  return "pending";
}

export function checkrProvider(settings: CheckrSettings): BackgroundCheckProvider {
  const call = async (method: "GET" | "POST", path: string, body?: Record<string, string>) => {
    const response = await fetch(`${settings.url}${path}`, {
      method,
      headers: {
        Authorization: `Basic ${Buffer.from(`${settings.apiKey}:`).toString("base64")}`,
        Accept: "application/json",
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok || !json) throw new Error(`Checkr ${method} ${path} answered ${response.status}${json?.error ? `: ${String(json.error)}` : ""}`);
    return json;
  };
  return {
    name: "checkr",
    async start(candidate) {
      const made = await call("POST", "/v1/candidates", {
        first_name: candidate.firstName,
        last_name: candidate.lastName ?? "",
        email: candidate.email ?? "",
        custom_id: `nosh-courier-${candidate.userId}`,
      });
      const invitation = await call("POST", "/v1/invitations", { candidate_id: String(made.id), package: settings.packageSlug });
      return { ref: String(invitation.id), status: "pending" };
    },
    async status(ref) {
      const invitation = await call("GET", `/v1/invitations/${encodeURIComponent(ref)}`);
      if (invitation.status === "expired") return "failed";
      if (invitation.status !== "completed" || !invitation.report_id) return "pending";
      return reportStatus(await call("GET", `/v1/reports/${encodeURIComponent(String(invitation.report_id))}`));
    },
  };
}
