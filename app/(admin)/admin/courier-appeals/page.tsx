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
import { recordRule } from "@/lib/shared/courier-record";
import { requireOperatorPage } from "@/lib/server/web/page";
import { operatorAppealsQuerySchema } from "@/lib/validation/courier-record";
import type { OperatorAppealJson } from "@/lib/contract/courier-record-schemas";

export const metadata: Metadata = { title: "Courier appeals" };

const STATUS = { open: ["Open", "info"], upheld: ["Upheld", "error"], overturned: ["Overturned", "success"] } as const;

/**
 * Suspended couriers' appeals (docs/architecture/courier-screens.md "Record"): open ones by answer-by date,
 * each with the courier's note and evidence, the suspension, and the trail (recent jobs and their
 * times, positions, messages); overturn (the account restored) or uphold, with the answer the
 * courier reads.
 */
export default async function OperatorCourierAppealsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(operatorAppealsQuerySchema, await searchParams);
  const { items, nextOffset } = await listAppeals(operator, query);
  return (
    <>
      <h1>Courier appeals</h1>
      <nav className={styles.tabs} aria-label="Open or answered appeals">
        <Link href="/admin/courier-appeals" aria-current={query.status === "open" ? "page" : undefined}>
          Open
        </Link>
        <Link href="/admin/courier-appeals?status=answered" aria-current={query.status === "answered" ? "page" : undefined}>
          Answered
        </Link>
      </nav>
      {items.length === 0 && <p className={styles.empty}>{query.status === "open" ? "No appeal is waiting for an answer." : "No appeal was answered yet."}</p>}
      <ul className={styles.list}>
        {items.map((appeal) => (
          <Appeal key={appeal.id} appeal={appeal} />
        ))}
      </ul>
      <Pager path="/admin/courier-appeals" params={{ status: query.status }} offset={query.offset} limit={query.limit} nextOffset={nextOffset} />
    </>
  );
}

/** A trail job's times that it has, in order: "assigned ... · picked up ... · ended ...". */
const jobTimes = (job: OperatorAppealJson["trail"]["jobs"][number]) =>
  (
    [
      ["assigned", job.assignedAt],
      ["picked up", job.pickedUpAt],
      ["ended", job.closedAt],
    ] as const
  ).flatMap(([label, at]) => (at ? [[label, at] as const] : []));

function Appeal({ appeal }: { appeal: OperatorAppealJson }) {
  const [label, tone] = STATUS[appeal.status];
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
        Sent <LocalTime at={appeal.createdAt} /> · answer by <LocalTime at={appeal.answerBy} />
      </p>
      {appeal.suspension && (
        <p className={styles.why}>
          Suspended <LocalTime at={appeal.suspension.at} />
          {appeal.suspension.rule ? ` under "${recordRule(appeal.suspension.rule)?.label ?? appeal.suspension.rule}"` : " by an operator"}
          {appeal.suspension.safety ? " (safety report)" : ""}: {appeal.suspension.reason}
        </p>
      )}
      <p className={styles.quote}>“{appeal.note}”</p>
      {appeal.evidenceUrl && (
        <p className={styles.meta}>
          <a href={appeal.evidenceUrl} target="_blank" rel="noreferrer">
            The courier&apos;s photo (opens in a new tab)
          </a>
        </p>
      )}
      <details>
        <summary>
          Trail: {jobs.length} {jobs.length === 1 ? "job" : "jobs"}, {positions.length} {positions.length === 1 ? "position" : "positions"}, {messages.length}{" "}
          {messages.length === 1 ? "message" : "messages"}
        </summary>
        <h3 className={styles.formTitle}>Jobs</h3>
        <ul className={styles.timeline}>
          {jobs.map((job) => (
            <li key={job.id}>
              <Link href={`/admin/orders?id=${job.orderId}`}>Order #{job.orderId}</Link>
              <span>{job.state}</span>
              <span className={styles.meta}>
                {jobTimes(job).map(([label, at], i) => (
                  <Fragment key={label}>
                    {i ? " · " : ""}
                    {label} <LocalTime at={at} />
                  </Fragment>
                ))}
                {job.failureReason && ` · ${job.failureReason}${job.failureNote ? `: “${job.failureNote}”` : ""}`}
              </span>
            </li>
          ))}
        </ul>
        <h3 className={styles.formTitle}>Positions</h3>
        {positions.length === 0 ? (
          <p className={styles.meta}>None kept (positions are kept 7 days).</p>
        ) : (
          <ul className={styles.timeline}>
            {positions.map((p) => (
              <li key={p.at}>
                <span>
                  {p.lat.toFixed(4)}, {p.lng.toFixed(4)}
                </span>
                <LocalTime at={p.at} />
              </li>
            ))}
          </ul>
        )}
        <h3 className={styles.formTitle}>Messages</h3>
        {messages.length === 0 ? (
          <p className={styles.meta}>None.</p>
        ) : (
          <ul className={styles.timeline}>
            {messages.map((message, i) => (
              <li key={i}>
                <span>
                  #{message.orderId} {message.senderRole}: {message.body}
                </span>
                <LocalTime at={message.at} />
              </li>
            ))}
          </ul>
        )}
      </details>
      {appeal.status === "open" ? (
        <div className={styles.actions}>
          <ActionButton
            url={`/api/admin/courier-appeals/${appeal.id}`}
            action="overturn"
            label="Overturn"
            target={`${appeal.courier.name}'s suspension`}
            field="answer"
            prompt="Your answer (the courier reads it; the audit log keeps it)"
          />
          <ActionButton
            url={`/api/admin/courier-appeals/${appeal.id}`}
            action="uphold"
            label="Uphold"
            target={`${appeal.courier.name}'s suspension`}
            field="answer"
            prompt="Your answer (the courier reads it; the audit log keeps it)"
            danger
          />
        </div>
      ) : (
        appeal.answer && (
          <p className={styles.meta}>
            Answered {appeal.answeredAt && <LocalTime at={appeal.answeredAt} />}: {appeal.answer}
          </p>
        )
      )}
    </li>
  );
}
