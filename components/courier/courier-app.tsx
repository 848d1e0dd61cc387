"use client";
import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps } from "react";
import { useBackFromOnboarding } from "@/components/payouts/onboarding-return";
import { buttonClass } from "@/components/ui/button";
import { BlocksLink } from "./blocks-link";
import { formatMoney } from "@/components/ui/format";
import { distanceIn } from "@/components/map/distance";
import type { ThreadLang } from "@/components/messages/message-thread";
import { HELD_STATES } from "@/lib/shared/delivery/delivery";
import { fill } from "@/lib/shared/words/fill";
import { useApiActions } from "@/lib/client/use-api-actions";
import type { ApiFailure } from "@/lib/client/use-api-action";
import { AT_STOP, type CourierAppWords, type CourierJob, type HeldJob, type JobAction, type OfferJob } from "./types";
import { useCourier } from "./use-courier";
import { useJobNotices } from "./use-job-notices";
import { doneWords, LOCATION_SAID } from "./app-words";
import type { StepError } from "./job-card";
import { usePositionReports } from "./use-position-reports";
import { CourierRating } from "./rating";
import { DocumentsAlert } from "./documents-note";
import styles from "./courier.module.css";
import { TitledSection } from "@/components/ui/titled-section";

// The cards load with the first offer or job: the shift switch shows itself without them.
const OfferCard = lazy(() => import("./offer-card").then((m) => ({ default: m.OfferCard })));
const JobCard = lazy(() => import("./job-card").then((m) => ({ default: m.JobCard })));
// Earnings and payouts load when opened (docs/architecture/ledger.md).
const CourierEarnings = lazy(() => import("./earnings").then((m) => ({ default: m.CourierEarnings })));

/** The customer's thread's words (the catalogue's order.thread) and the language of the app's amounts and times, from the page. */
type Thread = ThreadLang;

/**
 * The courier app, one column for a phone in one hand: the shift switch, the location it reports
 * while on shift, the offer with its countdown, the steps of each job held, and today's pay (`payoutWords`: kitchen.payouts, the shared payout pieces' words).
 */
type AppProps = { tileUrl: string | null; words: CourierAppWords; thread: Thread; payoutWords: ComponentProps<typeof CourierEarnings>["payoutWords"] };
export function CourierApp({ tileUrl, words, thread, payoutWords }: AppProps) {
  const w = words.app;
  const { locale } = thread;
  const money = (dollars: number) => formatMoney(dollars, locale);
  const DONE = doneWords(w, money);
  const { me, jobs, loadError, reload, setShift, act, messageWakes } = useCourier();
  const onShift = me?.courier.onShift ?? false;
  const location = usePositionReports(onShift, reload);
  const { notice, setNotice, answered } = useJobNotices(jobs, w, reload);
  const actions = useApiActions();
  const busy = actions.busy;
  const [error, setError] = useState<string | null>(null);
  // A refused step's message, shown beside that job's buttons (a position away from the stop can be confirmed anyway).
  const [stepError, setStepError] = useState<(StepError & { jobId: number }) | null>(null);
  const [showEarnings, setShowEarnings] = useState(false);
  const backFromOnboarding = useBackFromOnboarding();
  // A step's button goes with its step (Accept, Picked up): keyboard and screen reader users then
  // land on the card that replaced it, not at the top of the page.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    root.current?.querySelector<HTMLElement>("[data-card-title]")?.focus();
  }, [jobs]);
  const run = async (key: string, work: () => Promise<unknown>, done?: string, onError: (failure: ApiFailure) => void = (failure) => setError(failure.message)) => {
    setError(null);
    setStepError(null);
    const ran = await actions.run(key, () => work().then(() => true), onError);
    if (ran && done) setNotice(done);
  };

  const toggleShift = () => {
    if (onShift) void run("shift", async () => setShift(false).then(location.stop), w.offShiftDone);
    else {
      // In the click itself, so the browser's location prompt answers this gesture.
      location.start();
      void run("shift", async () => setShift(true).catch((failure: unknown) => (location.stop(), Promise.reject(failure))), w.onShiftDone);
    }
  };
  const onAct = (job: CourierJob, action: JobAction, body?: Record<string, unknown>) => {
    answered.current.set(job.id, action);
    void run(`${job.id}`, () => act(job, action, body), DONE[action]?.(job));
  };
  // A held job's steps: a refusal (409) is told beside its buttons. A step at a stop carries the fix the card's distance follows (at-stop.ts).
  const onStep = (job: HeldJob, action: JobAction, body?: Record<string, unknown>) =>
    void run(
      `${job.id}`,
      () => act(job, action, AT_STOP.includes(action) ? { ...body, position: location.stepFix() ?? undefined } : body),
      body?.confirm ? w.done.flagged : DONE[action]?.(job),
      (failure) =>
        failure.status === 409
          ? setStepError({
              jobId: job.id,
              action,
              message: failure.message,
              confirmable: Boolean(failure.errors.position),
              handedOver: Boolean(failure.errors.handedOver),
              body,
            })
          : setError(failure.message),
    );

  if (!me) {
    return (
      <div className={styles.app}>
        {loadError ? (
          <div className={styles.alert} role="alert">
            <p>{loadError}</p>
            <button type="button" className={buttonClass({ variant: "secondary", size: "large", block: true, className: styles.big })} onClick={() => void reload()}>
              {w.tryAgain}
            </button>
          </div>
        ) : (
          <p className={styles.loading} role="status">
            {w.loadingShift}
          </p>
        )}
      </div>
    );
  }

  const offer = jobs?.find((job): job is OfferJob => job.state === "offered") ?? null;
  const held = jobs?.filter((job): job is HeldJob => HELD_STATES.includes(job.state)) ?? [];
  // This phone's newest fix as it comes (the distance and the map's "You" follow the courier), else the server's last position.
  const position = location.fix ?? (me.courier.position ? { lat: me.courier.position.lat, lng: me.courier.position.lng } : null);
  const locationKey = onShift ? LOCATION_SAID[location.status] : undefined;
  const locationText = locationKey ? w.location[locationKey] : null;
  // Off shift waits until every job is delivered or released (the server's 409 says the same).
  const holding = onShift && held.length > 0;

  return (
    <div className={styles.app} ref={root}>
      <section className={`${styles.card} ${styles.shift} ${onShift ? styles.shiftOn : ""}`} aria-labelledby="shift-title">
        <h1 id="shift-title" className={styles.shiftTitle}>
          {fill(onShift ? w.onShiftTitle : w.offShiftTitle, { name: me.courier.firstName })}
        </h1>
        <p className={styles.meta}>{onShift ? fill(w.holdingMeta, { active: me.courier.activeJobs, max: me.courier.maxJobs }) : w.offMeta}</p>
        <button
          type="button"
          className={buttonClass({ variant: onShift ? "secondary" : "primary", size: "large", block: true, className: styles.big })}
          onClick={toggleShift}
          disabled={busy === "shift" || holding}
          aria-pressed={onShift}
          aria-describedby={holding ? "shift-holding" : undefined}
        >
          {busy === "shift" ? w.oneMoment : onShift ? w.goOff : w.goOn}
        </button>
        {holding && (
          <p id="shift-holding" className={styles.hint}>
            {w.holdingJobs}.
          </p>
        )}
        <DocumentsAlert blocked={me.courier.documentsBlocked} words={words.links} />
        {onShift && me.courier.offersPaused && (
          <div className={styles.alert} role="alert">
            <p>{w.paused}</p>
            <button
              type="button"
              className={buttonClass({ size: "large", block: true, className: styles.big })}
              onClick={() => void run("shift", async () => setShift(true), w.offersOn)}
              disabled={busy === "shift"}
            >
              {w.imHere}
            </button>
          </div>
        )}
        {locationText && (
          <p
            className={location.status === "denied" || location.status === "stale" ? styles.alert : styles.hint}
            role={location.status === "denied" ? "alert" : "status"}
          >
            {locationText}
          </p>
        )}
      </section>

      {error && (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      )}
      <p className="sr-only" role="status">
        {offer
          ? offer.distanceKm === null
            ? fill(w.newOffer, { restaurant: offer.restaurant.name, pay: money(offer.pay) })
            : fill(w.newOfferAway, { restaurant: offer.restaurant.name, pay: money(offer.pay), distance: distanceIn(offer.distanceKm, words.units, offer.distanceUnit) })
          : null}
      </p>
      <p className={notice && !offer ? styles.notice : "sr-only"} role="status" data-testid="courier-notice">
        {offer ? null : notice}
      </p>

      {/* The job in hand stays on top; a new offer comes below it (at the door, "Delivered" stays where it was). */}
      <Suspense fallback={<p className={styles.loading}>{w.loading}</p>}>
        {held.map((job) => (
          <JobCard
            key={job.id}
            job={job}
            position={position}
            tileUrl={tileUrl}
            busy={busy === `${job.id}`}
            stepError={stepError?.jobId === job.id ? stepError : null}
            messageWake={messageWakes[job.id] ?? 0}
            onAct={(action, body) => onStep(job, action, body)}
            words={words}
            thread={thread}
          />
        ))}
        {offer && (jobs?.filter((job) => job.state === "offered").length ?? 0) > 1 && <p className={styles.hint}>{w.twoOrders}</p>}
        {offer && (
          <OfferCard
            key={offer.id}
            job={offer}
            position={position}
            busy={busy === `${offer.id}`}
            onAccept={() => onAct(offer, "accept")}
            onDecline={() => onAct(offer, "decline")}
            words={words}
            locale={locale}
          />
        )}
      </Suspense>
      {onShift && jobs && !offer && held.length === 0 && (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{w.emptyTitle}</p>
          <p className={styles.meta}>{w.emptyMeta}</p>
        </div>
      )}

      <TitledSection id="today-title" title={w.today} className={styles.today} titleClassName={styles.smallTitle}>
        <dl className={styles.figures}>
          <div>
            <dt>{w.deliveries}</dt>
            <dd data-testid="today-deliveries">{me.today.deliveries}</dd>
          </div>
          <div>
            <dt>{w.earnings}</dt>
            <dd data-testid="today-earnings">{money(me.today.earnings)}</dd>
          </div>
        </dl>
      </TitledSection>

      <CourierRating rating={me.rating} words={words.rating} />
      <BlocksLink words={words.links} />
      <TitledSection id="earnings-title" title={w.earningsTitle} className={styles.today} titleClassName={styles.smallTitle}>
        {showEarnings || backFromOnboarding ? (
          <Suspense fallback={<p className={styles.loading}>{w.loading}</p>}>
            <CourierEarnings words={words.earnings} locale={locale} payoutWords={payoutWords} />
          </Suspense>
        ) : (
          <button type="button" className={buttonClass({ variant: "secondary", block: true })} onClick={() => setShowEarnings(true)}>
            {w.showEarnings}
          </button>
        )}
      </TitledSection>
    </div>
  );
}
