"use client";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import { useHydrated } from "@/components/ui/use-hydrated";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { ProblemJson } from "@/lib/server/problems/read";
import { CHARGE_TO, type ChargeTo } from "@/lib/shared/orders/problems";
import { bagsText, packingSummaryIn } from "@/lib/shared/kitchen/packing";
import { ProblemSummary } from "./problem-summary";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";

/** The decisions' and the reports' words (the catalogue's orderflow.problems.decisions and .summary), and the amounts' language. */
/** `bags`: the bag count's words (the catalogue's lines.packing). */
export type DecisionWords = {
  words: Pick<Words<"orderflow">["problems"], "decisions" | "summary">;
  locale: Locale;
  bags: Words<"lines">["packing"];
};
import styles from "./problems.module.css";
import { TitledSection } from "@/components/ui/titled-section";

/** New reports are looked for this often (the owner's bell also tells them). */
const POLL_MS = 20_000;

/**
 * The decision on problem reports (docs/architecture/problem-reports.md), for the restaurant's owner
 * on the order board and for Nosh support at /admin/problems: each report with its lines and
 * photo, "Approve all", "Approve selected" (how many of each line) or "Decline" with a reason.
 * `listUrl` answers `{ problems }`; `${decideBase}/{id}/decision` takes the decision.
 */
export function ProblemDecisions({
  title,
  initial,
  listUrl,
  decideBase,
  empty,
  extras,
  lang,
}: {
  title: string;
  initial: ProblemJson[];
  listUrl: string;
  /** The reports' path: /api/manage/{restaurantId}/problems or /api/admin/problems. */
  decideBase: string;
  empty?: string;
  /** Shown with each report, by order id, rendered on the server (Nosh support: the order's messages between its customer and courier): nothing in this bundle. */
  extras?: Record<number, ReactNode>;
  lang: DecisionWords;
}) {
  const [problems, setProblems] = useState(initial);
  const load = useCallback(
    () =>
      api<{ problems: ProblemJson[] }>(listUrl).then(
        ({ problems }) => setProblems(problems),
        () => undefined,
      ),
    [listUrl],
  );
  useEffect(() => {
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [load]);
  const waiting = problems.filter((problem) => ["pending", "escalated", "appealed"].includes(problem.status));
  if (!waiting.length && !empty) return null;
  return (
    <TitledSection id="problem-decisions-title" title={title} className={styles.card} titleClassName={styles.title}>
      {!waiting.length && <p className={styles.muted}>{empty}</p>}
      {waiting.map((problem) => (
        <Decision
          key={problem.id}
          problem={problem}
          url={`${decideBase}/${problem.id}/decision`}
          onDecided={load}
          extra={extras?.[problem.orderId]}
          // Nosh support chooses who pays for a claim on packed, sealed lines.
          chooseWhoPays={decideBase.startsWith("/api/admin/") && problem.sealed !== null}
          lang={lang}
        />
      ))}
    </TitledSection>
  );
}

function Decision({
  problem,
  url,
  onDecided,
  extra,
  chooseWhoPays,
  lang,
}: {
  problem: ProblemJson;
  url: string;
  onDecided: () => Promise<void>;
  extra?: ReactNode;
  chooseWhoPays: boolean;
  lang: DecisionWords;
}) {
  const { show } = useAlerts();
  const { locale } = lang;
  const w = lang.words.decisions;
  const money = (dollars: number) => formatMoney(dollars, locale, problem.currency);
  const [chargeTo, setChargeTo] = useState<ChargeTo>("restaurant");
  const charge = chooseWhoPays ? { chargeTo } : {};
  const [quantities, setQuantities] = useState<Record<number, number>>(() => Object.fromEntries(problem.lines.map((line) => [line.id, line.quantity])));
  const [reason, setReason] = useState("");
  const decision = useApiAction((body: Record<string, unknown>) => api<{ problem: ProblemJson }>(url, { method: "POST", body }), {
    onSuccess: async ({ problem: decided }) => {
      show(decided.refund ? fill(w.approvedToast, { amount: money(decided.refund.amount) }) : w.declinedToast, "success");
      await onDecided();
    },
  });
  const { busy, message: error } = decision;
  // The server renders the reports: a quantity typed before hydration would be lost to the state
  // (the approval would send every line's full quantity), so the fields wait for React.
  const hydrated = useHydrated();
  const off = busy || !hydrated;

  const decide = (body: Record<string, unknown>) => decision.run(body);

  return (
    <article className={styles.report} aria-label={fill(w.label, { id: problem.id, order: problem.orderId })}>
      <p>
        <strong>{fill(w.order, { id: problem.orderId })}</strong>
        {fill(w.worth, { restaurant: problem.restaurantName, amount: money(problem.requested) })}
      </p>
      <ProblemSummary problem={problem} words={lang.words.summary} locale={locale} />
      {problem.sealed && (
        <div className={styles.sealed} data-sealed-trail="">
          <p>
            <strong>{w.sealed}</strong>
            {fill(w.sealedText, {
              summary: packingSummaryIn(problem.sealed.summary, lang.bags, locale),
              bags: bagsText(problem.sealed.bags, lang.bags),
              count: problem.sealed.bagsConfirmed,
            })}
          </p>
          <p>{fill(w.ticked, { lines: problem.sealed.lines.map((line) => `${line.name} (${line.packedBy ?? w.staff})`).join(", ") })}</p>
        </div>
      )}
      {extra}
      {!problem.late && (
        <div className={styles.decision}>
          {problem.lines.map((line) => (
            <label key={line.id} className={styles.photo}>
              {fill(w.approveHowMany, { name: line.name })}
              <input
                type="number"
                min={0}
                max={line.quantity}
                value={quantities[line.id] ?? 0}
                disabled={!hydrated}
                onChange={(event) => setQuantities((all) => ({ ...all, [line.id]: Math.max(0, Math.min(line.quantity, Number(event.target.value) || 0)) }))}
              />
            </label>
          ))}
        </div>
      )}
      {chooseWhoPays && (
        <fieldset className={styles.chargeTo}>
          <legend>{w.whoPays}</legend>
          {CHARGE_TO.map((side) => (
            <label key={side} className={styles.chargeChoice}>
              <input type="radio" name={`charge-${problem.id}`} value={side} checked={chargeTo === side} disabled={!hydrated} onChange={() => setChargeTo(side)} />
              {w.chargeLabels[side]}
            </label>
          ))}
        </fieldset>
      )}
      <div className={styles.row}>
        <button type="button" className={buttonClass({ size: "small" })} disabled={off} onClick={() => decide({ decision: "approve_all", ...charge })}>
          {w.approveAll}
        </button>
        {!problem.late && problem.lines.length > 0 && (
          <button
            type="button"
            className={buttonClass({ variant: "secondary", size: "small" })}
            disabled={off}
            onClick={() => decide({ decision: "approve_some", lines: problem.lines.map((line) => ({ id: line.id, quantity: quantities[line.id] ?? 0 })), ...charge })}
          >
            {w.approveSelected}
          </button>
        )}
      </div>
      <div className={styles.decision}>
        <label className={styles.wide}>
          {w.declineReason}
          <input value={reason} maxLength={500} disabled={!hydrated} onChange={(event) => setReason(event.target.value)} />
        </label>
        <button
          type="button"
          className={buttonClass({ variant: "ghost", size: "small" })}
          disabled={off || !reason.trim()}
          onClick={() => decide({ decision: "decline", reason })}
        >
          {w.decline}
        </button>
      </div>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </article>
  );
}
