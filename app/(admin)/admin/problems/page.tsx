import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { ProblemDecisions } from "@/components/problems/problem-decisions";
import { ProblemSummary } from "@/components/problems/problem-summary";
import { PageHeader } from "@/components/ui/page-header";
import { requireOperatorPage } from "@/lib/server/web/page";
import { MessageTranscript } from "@/components/messages/message-transcript";
import { operatorThreads } from "@/lib/server/dispatch/messages";
import { listDecidedProblems, listOperatorProblems } from "@/lib/server/problems/list";
import { LocalTime } from "@/components/operators/local-time";
import { pagingSchema } from "@/lib/contract/restaurants/browse-rules";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { ViewTabs } from "@/components/operators/view-tabs";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("problems.title") };
}
export const dynamic = "force-dynamic";

// The operators' queue of problem reports (docs/architecture/problem-reports.md):
// escalated (the owner did not decide within 24 hours) and appealed ones, decided like an owner;
// every decision is in the audit log. "Decided" (?view=decided) is the history:
// every decided report, the latest first, a page at a time.
export default async function OperatorProblemsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const search = await searchParams;
  const decided = search.view === "decided";
  const t = await getT("admin");
  return (
    <div className="container">
      <PageHeader title={t("problems.heading")} subtitle={decided ? t("problems.subtitleDecided") : t("problems.subtitleWaiting")} />
      <ViewTabs label={t("problems.tabs")} path="/admin/problems" query="view=decided" second={decided} names={[t("problems.waiting"), t("problems.decided")]} />
      {decided ? <DecidedProblems operator={operator} search={search} /> : <WaitingProblems operator={operator} />}
    </div>
  );
}

/** The reports waiting for Nosh support, each with the order's messages between its customer and courier. */
async function WaitingProblems({ operator }: { operator: Awaited<ReturnType<typeof requireOperatorPage>> }) {
  const problems = await listOperatorProblems(operator);
  const [threads, t, courier, locale] = await Promise.all([
    operatorThreads(problems.map((problem) => problem.orderId)),
    getT("admin"),
    getWords("courier"),
    requestLocale(),
  ]);
  return (
    <ProblemDecisions
      title={t("problems.waitingTitle")}
      initial={problems}
      extras={Object.fromEntries(
        Object.entries(threads).map(([orderId, messages]) => [
          orderId,
          <MessageTranscript key={orderId} messages={messages} words={courier.transcript} locale={locale} />,
        ]),
      )}
      listUrl="/api/admin/problems"
      decideBase="/api/admin/problems"
      empty={t("problems.nothingWaiting")}
      lang={{ words: (await getWords("orderflow")).problems, locale, bags: (await getWords("lines")).packing }}
    />
  );
}

async function DecidedProblems({
  operator,
  search,
}: {
  operator: Awaited<ReturnType<typeof requireOperatorPage>>;
  search: Record<string, string | string[] | undefined>;
}) {
  const query = pageQuery(pagingSchema, search);
  const { items, nextOffset } = await listDecidedProblems(operator, query);
  const [threads, t, { shell }, flow, courier, locale] = await Promise.all([
    operatorThreads(items.map((problem) => problem.orderId)),
    getT("admin"),
    getWords("admin"),
    getWords("orderflow"),
    getWords("courier"),
    requestLocale(),
  ]);
  const decidedBy = (by: string) => (by === "auto" || by === "owner" || by === "operator" ? t(`problems.decidedBy.${by}`) : by);
  return (
    <>
      {items.length === 0 && <p className={styles.empty}>{t("problems.noneDecided")}</p>}
      <ul className={styles.list} aria-label={t("problems.decidedReports")}>
        {items.map((problem) => (
          <li key={problem.id} className={styles.card} data-problem={problem.id}>
            <div className={styles.cardHead}>
              <h2>
                #{problem.id} · {problem.restaurantName ?? t("problems.closedRestaurant")} · {t("problems.order", { id: String(problem.orderId) })}
              </h2>
            </div>
            <p className={styles.meta}>
              {problem.decidedBy ? decidedBy(problem.decidedBy) : t("problems.decidedPlain")}
              {problem.decidedAt && (
                <>
                  {" "}
                  · <LocalTime at={problem.decidedAt} />
                </>
              )}
            </p>
            <ProblemSummary problem={problem} words={flow.problems.summary} locale={locale} />
            <MessageTranscript messages={threads[problem.orderId]} words={courier.transcript} locale={locale} />
          </li>
        ))}
      </ul>
      <Pager path="/admin/problems" params={{ view: "decided" }} offset={query.offset} limit={query.limit} nextOffset={nextOffset} words={shell} />
    </>
  );
}
