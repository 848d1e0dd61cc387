import type { CourierRecordJson } from "@/lib/contract/courier-record-schemas";
import { formatDate } from "@/lib/shared/format-date";
import { recordRule } from "@/lib/shared/courier-record";
import Link from "@/components/ui/link";
import { AppealForm } from "./appeal-form";
import styles from "./courier.module.css";
import own from "./record.module.css";

const percentText = (percent: number | null) => (percent === null ? "–" : `${percent}%`);
const APPEAL_STATUS = { open: "Waiting for Nosh's answer", upheld: "Answered: the suspension stays", overturned: "Answered: your account was restored" } as const;

/**
 * The courier's record (GET /api/courier/record): the last 30 days' figures, each rule with the
 * thresholds that lead to a warning and to a suspension as lib/shared/courier-record.ts writes
 * them, the warnings and suspensions given, and the appeal (a suspended courier's form, or the
 * latest appeal and its answer). Dates in the zone of the city the courier delivers in.
 */
export function CourierRecord({ record }: { record: CourierRecordJson }) {
  const zone = record.timeZone;
  const appeal = record.appeal;
  return (
    <div className={styles.app}>
      <h1>Your record</h1>
      {record.status === "suspended" && (
        <p className={styles.alert} role="status">
          Your courier account is suspended: you cannot go on shift. You can appeal below.
        </p>
      )}
      <section className={styles.today} aria-labelledby="figures-title">
        <h2 id="figures-title" className={styles.smallTitle}>
          Last {record.windowDays} days
        </h2>
        <dl className={`${styles.figures} ${own.figures}`}>
          <div>
            <dt>Acceptance</dt>
            <dd>{percentText(record.acceptance.percent)}</dd>
          </div>
          <div>
            <dt>Completion</dt>
            <dd>{percentText(record.completion.percent)}</dd>
          </div>
          <div>
            <dt>Late</dt>
            <dd>{record.late}</dd>
          </div>
          <div>
            <dt>Failed</dt>
            <dd>{record.failed}</dd>
          </div>
          <div>
            <dt>Thumbs down</dt>
            <dd>{record.thumbsDown.count}</dd>
          </div>
        </dl>
        <p className={styles.hint}>
          {record.acceptance.accepted} of {record.acceptance.offers} offers accepted; {record.completion.delivered} of {record.completion.finished} deliveries completed.{" "}
          {record.acceptance.note}
        </p>
        {record.thumbsDown.reasons.length > 0 && (
          <ul className={styles.earningsList} aria-label="Thumbs down by reason">
            {record.thumbsDown.reasons.map((reason) => (
              <li key={reason.reason}>
                <span>{reason.label}</span>
                <strong>{reason.count}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.today} aria-labelledby="rules-title">
        <h2 id="rules-title" className={styles.smallTitle}>
          The rules
        </h2>
        <p className={styles.hint}>
          Counted over your last deliveries in the last {record.windowDays} days. A warning always comes first: a suspension needs a warning under the same rule and a new
          mark after it. Only a safety report can suspend without a warning.
        </p>
        <ul className={own.rules}>
          {record.rules.map((rule) => (
            <li key={rule.key} className={own.rule} data-rule={rule.key}>
              <div className={own.ruleHead}>
                <span>{rule.label}</span>
                <span>
                  {rule.count} of your last {rule.of}
                  {rule.warned ? " · warned" : ""}
                </span>
              </div>
              <span className={styles.hint}>{rule.what}</span>
              <dl className={own.thresholds}>
                <dt>Warning</dt>
                <dd>{rule.warning}</dd>
                <dt>Suspension</dt>
                <dd>{rule.suspension}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.today} aria-labelledby="standings-title">
        <h2 id="standings-title" className={styles.smallTitle}>
          Warnings and suspensions
        </h2>
        {record.standings.length === 0 ? (
          <p className={styles.meta}>None in the last {record.windowDays} days.</p>
        ) : (
          record.standings.map((standing, i) => (
            <div key={i} className={own.standing}>
              <strong>
                {standing.kind === "warning" ? "Warning" : "Suspension"}
                {standing.rule ? `: ${recordRule(standing.rule)?.label ?? standing.rule}` : ""}
                {standing.safety ? " (safety report)" : ""}, {formatDate(standing.at, zone)}
              </strong>
              <p>{standing.reason}</p>
            </div>
          ))
        )}
      </section>

      <section className={own.appeal} aria-labelledby="appeal-title">
        <h2 id="appeal-title" className={styles.smallTitle}>
          Appeal
        </h2>
        {appeal && (
          <div className={own.notice} data-appeal={appeal.status}>
            <strong>{APPEAL_STATUS[appeal.status]}</strong>
            <p>
              Sent {formatDate(appeal.createdAt, zone)}
              {appeal.status === "open" ? `; Nosh answers by ${formatDate(appeal.answerBy, zone)}.` : "."}
            </p>
            <p>Your note: {appeal.note}</p>
            {appeal.answer && <p>Nosh&apos;s answer: {appeal.answer}</p>}
          </div>
        )}
        {record.status === "suspended" && appeal?.status !== "open" ? (
          <AppealForm />
        ) : (
          !appeal && <p className={styles.meta}>Only a suspension can be appealed; you have none.</p>
        )}
      </section>
      <p>
        <Link href={record.status === "suspended" ? "/home" : "/courier"}>{record.status === "suspended" ? "Back to the restaurants" : "Back to your shift"}</Link>
      </p>
    </div>
  );
}
