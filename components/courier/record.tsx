import type { CourierRecordJson } from "@/lib/contract/couriers/record-schemas";
import { formatDate } from "@/lib/shared/time/format-date";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { RECORD_LATE_GRACE_MINUTES, recordRule, type RecordRuleKey, type Threshold } from "@/lib/shared/delivery/courier-record";
import Link from "@/components/ui/link";
import { AppealForm } from "./appeal-form";
import styles from "./courier.module.css";
import own from "./record.module.css";
import { TitledSection } from "@/components/ui/titled-section";

const percentText = (percent: number | null) => (percent === null ? "–" : `${percent}%`);

/**
 * The courier's record (GET /api/courier/record): the last 30 days' figures, each rule with the
 * thresholds that lead to a warning and to a suspension as lib/shared/delivery/courier-record.ts writes
 * them, the warnings and suspensions given, and the appeal (a suspended courier's form, or the
 * latest appeal and its answer). Dates in the zone of the city the courier delivers in.
 */
export function CourierRecord({ record, words, locale }: { record: CourierRecordJson; words: Words<"courier">; locale: Locale }) {
  const w = words.record;
  const date = (at: string) => formatDate(at, record.timeZone, locale);
  const appeal = record.appeal;
  // The rules' words and thresholds in the reader's language (the API's JSON keeps English).
  const ruleLabel = (key: string) => w.ruleWords[key as RecordRuleKey]?.label ?? recordRule(key)?.label ?? key;
  const threshold = (t: Threshold) => fill(w.threshold, { count: t.count, of: t.of, days: record.windowDays });
  const reasonLabel = (reason: { reason: string; label: string }) => words.rating.reasons[reason.reason as keyof typeof words.rating.reasons] ?? reason.label;
  return (
    <div className={styles.app}>
      <h1>{w.title}</h1>
      {record.status === "suspended" && (
        <p className={styles.alert} role="status">
          {w.suspended}
        </p>
      )}
      <TitledSection id="figures-title" title={fill(w.lastDays, { days: record.windowDays })} className={styles.today} titleClassName={styles.smallTitle}>
        <dl className={`${styles.figures} ${own.figures}`}>
          <div>
            <dt>{w.acceptance}</dt>
            <dd>{percentText(record.acceptance.percent)}</dd>
          </div>
          <div>
            <dt>{w.completion}</dt>
            <dd>{percentText(record.completion.percent)}</dd>
          </div>
          <div>
            <dt>{w.late}</dt>
            <dd>{record.late}</dd>
          </div>
          <div>
            <dt>{w.failed}</dt>
            <dd>{record.failed}</dd>
          </div>
          <div>
            <dt>{w.thumbsDown}</dt>
            <dd>{record.thumbsDown.count}</dd>
          </div>
        </dl>
        <p className={styles.hint}>
          {fill(w.counts, {
            accepted: record.acceptance.accepted,
            offers: record.acceptance.offers,
            delivered: record.completion.delivered,
            finished: record.completion.finished,
          })}{" "}
          {w.acceptanceNote}
        </p>
        {record.thumbsDown.reasons.length > 0 && (
          <ul className={styles.earningsList} aria-label={w.downByReason}>
            {record.thumbsDown.reasons.map((reason) => (
              <li key={reason.reason}>
                <span>{reasonLabel(reason)}</span>
                <strong>{reason.count}</strong>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>

      <TitledSection id="rules-title" title={w.rules} className={styles.today} titleClassName={styles.smallTitle}>
        <p className={styles.hint}>{fill(w.rulesText, { days: record.windowDays })}</p>
        <ul className={own.rules}>
          {record.rules.map((rule) => (
            <li key={rule.key} className={own.rule} data-rule={rule.key}>
              <div className={own.ruleHead}>
                <span>{ruleLabel(rule.key)}</span>
                <span>
                  {fill(w.ofLast, { count: rule.count, of: rule.of })}
                  {rule.warned ? w.warned : ""}
                </span>
              </div>
              <span className={styles.hint}>{fill(w.ruleWords[rule.key as RecordRuleKey]?.what ?? rule.what, { minutes: RECORD_LATE_GRACE_MINUTES })}</span>
              <dl className={own.thresholds}>
                <dt>{w.warning}</dt>
                <dd>{recordRule(rule.key) ? threshold(recordRule(rule.key)!.warning) : rule.warning}</dd>
                <dt>{w.suspension}</dt>
                <dd>{recordRule(rule.key) ? threshold(recordRule(rule.key)!.suspension) : rule.suspension}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </TitledSection>

      <TitledSection id="standings-title" title={w.standings} className={styles.today} titleClassName={styles.smallTitle}>
        {record.standings.length === 0 ? (
          <p className={styles.meta}>{fill(w.none, { days: record.windowDays })}</p>
        ) : (
          record.standings.map((standing, i) => (
            <div key={i} className={own.standing}>
              <strong>
                {standing.kind === "warning" ? w.warning : w.suspension}
                {standing.rule ? `: ${ruleLabel(standing.rule)}` : ""}
                {standing.safety ? w.safety : ""}, {date(standing.at)}
              </strong>
              <p>{standing.reason}</p>
              {standing.override && <p data-testid="standing-override">{fill(w.override, { reason: standing.override })}</p>}
            </div>
          ))
        )}
      </TitledSection>

      <TitledSection id="appeal-title" title={w.appeal} className={own.appeal} titleClassName={styles.smallTitle}>
        {appeal && (
          <div className={own.notice} data-appeal={appeal.status}>
            <strong>{w.appealStatus[appeal.status]}</strong>
            <p>
              {fill(w.sent, { date: date(appeal.createdAt) })}
              {appeal.status === "open" ? fill(w.answersBy, { date: date(appeal.answerBy) }) : "."}
            </p>
            <p>{fill(w.yourNote, { note: appeal.note })}</p>
            {appeal.answer && <p>{fill(w.answer, { answer: appeal.answer })}</p>}
          </div>
        )}
        {record.status === "suspended" && appeal?.status !== "open" ? <AppealForm words={words.appeal} /> : !appeal && <p className={styles.meta}>{w.noAppeal}</p>}
      </TitledSection>
      <p>
        <Link href={record.status === "suspended" ? "/home" : "/courier"}>{record.status === "suspended" ? w.backToRestaurants : w.backToShift}</Link>
      </p>
    </div>
  );
}
