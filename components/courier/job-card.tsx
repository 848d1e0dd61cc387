"use client";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import type { Point } from "@/lib/shared/delivery/delivery";
import { distanceIn } from "@/components/map/distance";
import type { ThreadLang } from "@/components/messages/message-thread";
import { fill } from "@/lib/shared/words/fill";
import { formatTime } from "@/lib/shared/time/format-date";
import { DropoffPhoto, FailForm, HandOverDialog } from "./job-forms";
import { liveDistanceKm } from "./live-distance";
import { Navigate } from "./navigate";
import { CashAtDoor } from "./cash-at-door";
import { AT_STOP, type CourierAppWords, type HeldJob, type JobAction } from "./types";
import styles from "./courier.module.css";

const DeliveryMap = lazy(() => import("@/components/map/delivery-map"));
// The thread with the customer (docs/architecture/stops-and-messages.md "Messages"): its own chunk.
const MessageThread = lazy(() => import("@/components/messages/message-thread").then((m) => ({ default: m.MessageThread })));

/**
 * A step the server refused (409): its message, beside the buttons; `confirmable` when it was the
 * position (away from the stop), `handedOver` when the kitchen had not marked the order ready;
 * `body`: what the step sent, sent again with the confirmation.
 */
export type StepError = { action: JobAction; message: string; confirmable: boolean; handedOver?: boolean; body?: Record<string, unknown> };

/** How long "Handed to …?" waits for an undo before it marks the job delivered. */
const HAND_OVER_UNDO_MS = 5_000;

type JobProps = {
  job: HeldJob;
  /** The courier: this phone's newest fix, else the server's last position. The distance and the map's "You" follow it. */
  position: Point | null;
  tileUrl: string | null;
  busy: boolean;
  stepError: StepError | null;
  onAct: (action: JobAction, body?: Record<string, unknown>) => void;
  /** Bumped when the stream tells of a message from the customer. */
  messageWake?: number;
  words: CourierAppWords;
  /** The customer's thread's words (order.thread) and the language of amounts and times. */
  thread: ThreadLang;
};

/**
 * A job the courier holds, as its next step: to the restaurant (its address, the order number,
 * how much to collect; "I'm at the restaurant", "Picked up", or release it), then to the customer
 * (the address and their instructions; "Delivered", or "Could not deliver" with a reason).
 */
export function JobCard({ job, position, tileUrl, busy, stepError, onAct: act, messageWake = 0, words, thread }: JobProps) {
  const w = words.job;
  const { locale } = thread;
  const toCustomer = job.state === "picked_up";
  // "Leave it at my door": the photo goes with "Delivered" (and with "Mark delivered anyway").
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoMissing, setPhotoMissing] = useState(false);
  const needsPhoto = toCustomer && job.dropoff.leaveAtDoor;
  const onAct = (action: JobAction, body?: Record<string, unknown>) => {
    if (action === "delivered" && needsPhoto && !photo) return setPhotoMissing(true);
    act(action, action === "delivered" && photo ? { ...body, photo } : body);
  };
  // Handed to the customer: "Delivered" asks once, and goes on its own after a
  // few seconds unless undone (a delivered job cannot be taken back on the server).
  const [handing, setHanding] = useState(false);
  const deliver = useRef(() => {});
  useEffect(() => {
    deliver.current = () => onAct("delivered");
  });
  useEffect(() => {
    if (!handing) return;
    const timer = window.setTimeout(() => {
      setHanding(false);
      deliver.current();
    }, HAND_OVER_UNDO_MS);
    return () => window.clearTimeout(timer);
  }, [handing]);
  const [confirmRelease, setConfirmRelease] = useState(false);
  const [bags, setBags] = useState("");
  // Not marked ready yet (the server says so: this page's copy may be older than the kitchen's
  // button), "Picked up" is refused naming handedOver: the dialog asks whether the kitchen handed it over.
  const [answered, setAnswered] = useState<StepError | null>(null);
  const handOver = stepError?.handedOver && answered !== stepError ? stepError : null;
  const confirmHandOver = (refused: StepError) => {
    setAnswered(refused);
    onAct(refused.action, { ...refused.body, handedOver: true });
  };
  const distance = liveDistanceKm(job, position);
  const [failing, setFailing] = useState(false);
  const titleId = `job-${job.id}`;
  const items = fill(job.itemsCount === 1 ? w.item : w.items, { count: job.itemsCount });
  const anyway = stepError && AT_STOP.includes(stepError.action) ? w.anyway[stepError.action as keyof typeof w.anyway] : null;
  const big = (variant: "primary" | "secondary" | "ghost" = "primary") => buttonClass({ variant, size: "large", block: true, className: styles.big });

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <p className={styles.kicker}>{fill(w.order, { id: job.orderId, pay: formatMoney(job.pay, locale) })}</p>
      <h2 id={titleId} className={styles.cardTitle} tabIndex={-1} data-card-title>
        {toCustomer ? fill(w.toCustomer, { name: job.dropoff.customerFirstName }) : fill(w.toRestaurant, { name: job.restaurant.name })}
      </h2>
      <p className={styles.address}>
        {toCustomer ? job.dropoff.address : job.restaurant.address}
        {distance !== null && (
          <span className={styles.distance} data-testid="job-distance">
            {fill(w.away, { distance: distanceIn(distance, words.units, job.distanceUnit) })}
          </span>
        )}
      </p>
      <Navigate stop={toCustomer ? job.dropoff : job.restaurant} w={w} />
      {toCustomer ? (
        <>
          <div className={styles.instructions}>
            <h3 className={styles.smallTitle}>{w.instructions}</h3>
            <p>{job.dropoff.instructions || w.noInstructions}</p>
          </div>
          {job.dropoff.doorPhotoUrl && (
            <figure className={styles.doorPhoto}>
              {/* eslint-disable-next-line @next/next/no-img-element -- a private photo read with the courier's session, not an optimisable public image */}
              <img src={job.dropoff.doorPhotoUrl} alt={fill(w.doorAlt, { address: job.dropoff.address })} width={720} height={540} loading="lazy" decoding="async" />
              <figcaption>{w.doorCaption}</figcaption>
            </figure>
          )}
          {needsPhoto && (
            <DropoffPhoto
              photo={photo}
              missing={photoMissing}
              w={words.forms}
              onChange={(file) => {
                setPhoto(file);
                setPhotoMissing(false);
              }}
            />
          )}
          <p className={styles.note}>{w.noPhones}</p>
        </>
      ) : (
        <p className={styles.meta}>
          {fill(w.collect, { id: job.orderId, items })}
          {job.state === "at_pickup" ? w.atRestaurant : "."}{" "}
          <span data-testid="kitchen-ready">
            {job.kitchen.ready ? w.ready : job.kitchen.readyAt ? fill(w.readyAt, { time: formatTime(job.kitchen.readyAt, job.kitchen.timeZone, locale) }) : w.preparing}
          </span>
        </p>
      )}
      <Suspense fallback={null}>
        <MessageThread url={`/api/courier/jobs/${job.id}/messages`} wake={messageWake} otherName={job.dropoff.customerFirstName} large lang={thread} calls="customer" />
      </Suspense>
      <Suspense fallback={<div className={styles.mapSpace} aria-hidden="true" />}>
        <DeliveryMap
          restaurant={job.restaurant}
          dropoff={job.dropoff}
          courier={position}
          tileUrl={tileUrl}
          courierName="you"
          words={{ ...words, units: { ...words.units, unit: job.distanceUnit } }}
        />
      </Suspense>
      {job.flagged && <p className={styles.hint}>{w.flagged}</p>}
      {failing ? (
        <FailForm w={words.forms} busy={busy} onCancel={() => setFailing(false)} onFail={(body) => onAct("failed", body)} />
      ) : (
        <div className={styles.actions}>
          {stepError && (
            <div className={styles.alert} role="alert">
              <p>{stepError.message}</p>
              {stepError.confirmable && anyway && (
                <>
                  <p>{w.wrongLocation}</p>
                  <button type="button" className={big("secondary")} onClick={() => onAct(stepError.action, { ...stepError.body, confirm: true })} disabled={busy}>
                    {anyway}
                  </button>
                </>
              )}
              {stepError.handedOver && (
                <button type="button" className={`${big("secondary")} ${styles.wrap}`} onClick={() => confirmHandOver(stepError)} disabled={busy}>
                  {w.handedToMe}
                </button>
              )}
            </div>
          )}
          {job.state === "assigned" && (
            <button type="button" className={big("secondary")} onClick={() => onAct("arrived")} disabled={busy}>
              {w.imAtRestaurant}
            </button>
          )}
          {!toCustomer && (
            <>
              {/* Packed and sealed: the bags counted at pickup; the kitchen's count and this one equal is "picked up sealed". */}
              <label className={styles.bags}>
                {w.bags}
                <select value={bags} onChange={(event) => setBags(event.target.value)} disabled={busy}>
                  <option value="">{w.notCounted}</option>
                  {Array.from({ length: 10 }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className={big()} onClick={() => onAct("picked-up", bags ? { bags: Number(bags) } : undefined)} disabled={busy}>
                {w.pickedUp}
              </button>
              <HandOverDialog
                message={handOver?.message ?? ""}
                open={handOver !== null}
                w={words.forms}
                busy={busy}
                onClose={() => setAnswered(stepError)}
                onConfirm={() => handOver && confirmHandOver(handOver)}
              />
            </>
          )}
          {toCustomer && (
            <>
              {job.cash && !job.cash.collected ? (
                <CashAtDoor cash={job.cash} busy={busy} onAct={onAct} w={w.cash} locale={locale} />
              ) : handing ? (
                <div className={styles.confirm} role="group" aria-label={fill(w.handedTo, { name: job.dropoff.customerFirstName })}>
                  <p role="status">{fill(w.handedToMarking, { name: job.dropoff.customerFirstName })}</p>
                  <button
                    type="button"
                    className={big()}
                    onClick={() => {
                      setHanding(false);
                      onAct("delivered");
                    }}
                    disabled={busy}
                  >
                    {w.handedOver}
                  </button>
                  <button type="button" className={big("secondary")} onClick={() => setHanding(false)}>
                    {w.undo}
                  </button>
                </div>
              ) : (
                <button type="button" className={big()} onClick={() => (needsPhoto ? onAct("delivered") : setHanding(true))} disabled={busy}>
                  {w.delivered}
                </button>
              )}
              <button type="button" className={big("secondary")} onClick={() => setFailing(true)} disabled={busy}>
                {w.couldNot}
              </button>
            </>
          )}
          {!toCustomer &&
            (confirmRelease ? (
              <div className={styles.confirm} role="group" aria-label={w.releaseAsk}>
                <p>{w.releaseText}</p>
                <button type="button" className={big("secondary")} onClick={() => onAct("release")} disabled={busy}>
                  {w.releaseYes}
                </button>
                <button type="button" className={big("ghost")} onClick={() => setConfirmRelease(false)}>
                  {w.keep}
                </button>
              </div>
            ) : (
              <button type="button" className={big("ghost")} onClick={() => setConfirmRelease(true)} disabled={busy}>
                {w.release}
              </button>
            ))}
        </div>
      )}
    </section>
  );
}
