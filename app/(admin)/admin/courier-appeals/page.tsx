import type { Metadata } from "next";
import { Fragment } from "react";
import { ActionButton } from "@/components/operators/action-button";
import styles from "@/components/operators/operators.module.css";
import { LocalTime } from "@/components/operators/local-time";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { Badge } from "@/components/ui/badge";
import Link from "@/components/ui/link";
import { listAppeals } from "@/lib/server/courier-record/appeals";
import { recordRule, type RecordRuleKey } from "@/lib/shared/delivery/courier-record";
import { requireOperatorPage } from "@/lib/server/web/page";
import { operatorAppealsQuerySchema } from "@/lib/contract/couriers/record-rules";
import type { OperatorAppealJson } from "@/lib/contract/couriers/record-schemas";

import type { Words } from "@/lib/i18n/words";
import { getT, getWords } from "@/lib/i18n/translate";
import { ViewTabs } from "@/components/operators/view-tabs";
import { reasonWords } from "@/lib/server/web/stored-texts";
import { failureText, type ReasonWords } from "@/lib/shared/words/stored-texts";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("appeals.title") };
}

const TONE = { open: "info", upheld: "error", overturned: "success" } as const;
type Translate = Awaited<ReturnType<typeof getT<"admin">>>;

/**
 * Suspended couriers' appeals (docs/architecture/courier-screens.md "Record"): open ones by answer-by date,
 * each with the courier's note and evidence, the suspension, and the trail (recent jobs and their
 * times, positions, messages); overturn (the account restored) or uphold, with the answer the
 * courier reads.
 */
export default async function OperatorCourierAppealsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(operatorAppealsQuerySchema, await searchParams);
  const [{ items, nextOffset }, t, { shell, action }, { record }, reasons] = await Promise.all([
    listAppeals(operator, query),
    getT("admin"),
    getWords("admin"),
    getWords("courier"),
    reasonWords(),
  ]);
  return (
    <>
      <h1>{t("appeals.title")}</h1>
      <ViewTabs
        label={t("appeals.tabs")}
        path="/admin/courier-appeals"
        query="status=answered"
        second={query.status === "answered"}
        names={[t("appeals.open"), t("appeals.answered")]}
      />
      {items.length === 0 && <p className={styles.empty}>{query.status === "open" ? t("appeals.noneOpen") : t("appeals.noneAnswered")}</p>}
      <ul className={styles.list}>
        {items.map((appeal) => (
          <Appeal key={appeal.id} appeal={appeal} t={t} actionWords={action} rules={record.ruleWords} reasons={reasons} />
        ))}
      </ul>
      <Pager path="/admin/courier-appeals" params={{ status: query.status }} offset={query.offset} limit={query.limit} nextOffset={nextOffset} words={shell} />
    </>
  );
}

/** A trail job's times that it has, in order: "assigned ... · picked up ... · ended ...". */
const jobTimes = (job: OperatorAppealJson["trail"]["jobs"][number]) =>
  (
    [
      ["assigned", job.assignedAt],
      ["pickedUp", job.pickedUpAt],
      ["ended", job.closedAt],
    ] as const
  ).flatMap(([label, at]) => (at ? [[label, at] as const] : []));

function Appeal({
  appeal,
  t,
  actionWords,
  rules,
  reasons,
}: {
  appeal: OperatorAppealJson;
  t: Translate;
  actionWords: Words<"admin">["action"];
  rules: Words<"courier">["record"]["ruleWords"];
  reasons: ReasonWords;
}) {
  const tone = TONE[appeal.status];
  const label = t(`appeals.status.${appeal.status}`);
  const target = t("appeals.target", { name: appeal.courier.name });
  const { jobs, positions, messages } = appeal.trail;
  return (
    <li className={styles.card} data-appeal={appeal.id}>
      <div className={styles.cardHead}>
        <h2>
          <Link href={`/admin/users/${appeal.courier.id}`}>{appeal.courier.name}</Link>
        </h2>
        <Badge tone={tone}>{label}</Badge>
      </div>
      <p className={styles.meta}>
        {t("appeals.sent")} <LocalTime at={appeal.createdAt} /> · {t("appeals.answerBy")} <LocalTime at={appeal.answerBy} />
      </p>
      {appeal.suspension && (
        <p className={styles.why}>
          {t("appeals.suspended")} <LocalTime at={appeal.suspension.at} />
          {appeal.suspension.rule
            ? t("appeals.underRule", {
                rule: rules[appeal.suspension.rule as RecordRuleKey]?.label ?? recordRule(appeal.suspension.rule)?.label ?? appeal.suspension.rule,
              })
            : t("appeals.byOperator")}
          {appeal.suspension.safety ? t("appeals.safety") : ""}: {appeal.suspension.reason}
          {appeal.suspension.override && <> {t("appeals.override", { reason: appeal.suspension.override })}</>}
        </p>
      )}
      <p className={styles.quote}>“{appeal.note}”</p>
      {appeal.evidenceUrl && (
        <p className={styles.meta}>
          <a href={appeal.evidenceUrl} target="_blank" rel="noreferrer">
            {t("appeals.photo")}
          </a>
        </p>
      )}
      <details>
        <summary>
          {t("appeals.trail", {
            jobs: t(jobs.length === 1 ? "appeals.jobOne" : "appeals.jobMany", { count: String(jobs.length) }),
            positions: t(positions.length === 1 ? "appeals.positionOne" : "appeals.positionMany", { count: String(positions.length) }),
            messages: t(messages.length === 1 ? "appeals.messageOne" : "appeals.messageMany", { count: String(messages.length) }),
          })}
        </summary>
        <h3 className={styles.formTitle}>{t("appeals.jobs")}</h3>
        <ul className={styles.timeline}>
          {jobs.map((job) => (
            <li key={job.id}>
              <Link href={`/admin/orders?id=${job.orderId}`}>{t("appeals.order", { id: String(job.orderId) })}</Link>
              <span>{job.state}</span>
              <span className={styles.meta}>
                {jobTimes(job).map(([label, at], i) => (
                  <Fragment key={label}>
                    {i ? " · " : ""}
                    {t(`appeals.times.${label}`)} <LocalTime at={at} />
                  </Fragment>
                ))}
                {job.failureReason && ` · ${failureText(job, reasons)}${job.failureNote ? `: “${job.failureNote}”` : ""}`}
              </span>
            </li>
          ))}
        </ul>
        <TrailList
          title={t("appeals.positions")}
          empty={t("appeals.noPositions")}
          rows={positions.map((p) => ({ key: p.at, text: `${p.lat.toFixed(4)}, ${p.lng.toFixed(4)}`, at: p.at }))}
        />
        <TrailList
          title={t("appeals.messages")}
          empty={t("appeals.noMessages")}
          rows={messages.map((message, i) => ({ key: String(i), text: `#${message.orderId} ${message.senderRole}: ${message.body}`, at: message.at }))}
        />
      </details>
      {appeal.status === "open" ? (
        <div className={styles.actions}>
          {(["overturn", "uphold"] as const).map((verdict) => (
            <ActionButton
              key={verdict}
              url={`/api/admin/courier-appeals/${appeal.id}`}
              action={verdict}
              label={t(`appeals.${verdict}`)}
              target={target}
              field="answer"
              prompt={t("appeals.prompt")}
              words={actionWords}
              danger={verdict === "uphold"}
            />
          ))}
        </div>
      ) : (
        appeal.answer && (
          <p className={styles.meta}>
            {t("appeals.answeredAt")} {appeal.answeredAt && <LocalTime at={appeal.answeredAt} />}: {appeal.answer}
          </p>
        )
      )}
    </li>
  );
}

/** One of an appeal's trails (the courier's positions, the order messages): a line each with its time, or `empty`. */
function TrailList({ title, empty, rows }: { title: string; empty: string; rows: { key: string; text: string; at: string }[] }) {
  return (
    <>
      <h3 className={styles.formTitle}>{title}</h3>
      {rows.length === 0 ? (
        <p className={styles.meta}>{empty}</p>
      ) : (
        <ul className={styles.timeline}>
          {rows.map((row) => (
            <li key={row.key}>
              <span>{row.text}</span>
              <LocalTime at={row.at} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
