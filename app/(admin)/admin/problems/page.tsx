import type { Metadata } from "next";
import { ProblemDecisions } from "@/components/problems/problem-decisions";
import { PageHeader } from "@/components/ui/page-header";
import { requireOperatorPage } from "@/lib/server/admin/access";
import { listOperatorProblems } from "@/lib/server/problems/list";

export const metadata: Metadata = { title: "Problem reports · Nosh operator" };
export const dynamic = "force-dynamic";

// The operators' queue of problem reports (issue 40, docs/architecture/problem-reports.md):
// escalated (the owner did not decide within 24 hours) and appealed ones, decided like an owner;
// every decision is in the audit log. The /admin layout (another part of issue 40) wraps it.
export default async function AdminProblemsPage() {
  const operator = await requireOperatorPage();
  const problems = await listOperatorProblems(operator);
  return (
    <div className="container">
      <PageHeader title="Problem reports" subtitle="Escalated and appealed reports, oldest first" />
      <ProblemDecisions
        title="Waiting for Nosh support"
        initial={problems}
        listUrl="/api/admin/problems"
        decideBase="/api/admin/problems"
        empty="Nothing waiting: every report is decided."
      />
    </div>
  );
}
