"use client";
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import { FAILURE_REASONS, type FailureReasonCode, type Point } from "@/lib/shared/delivery";
import { formatDistance } from "@/lib/shared/delivery-text";
import { DROPOFF_MESSAGES } from "@/lib/shared/dropoff";
import type { HeldJob, JobAction } from "./types";
import styles from "./courier.module.css";

const DeliveryMap = lazy(() => import("@/components/map/delivery-map"));
// The thread with the customer (docs/architecture/couriers.md "Messages"): its own chunk.
const MessageThread = lazy(() => import("@/components/messages/message-thread").then((m) => ({ default: m.MessageThread })));

/** A step the server refused (409): its message, beside the buttons; `confirmable` when it was the position (away from the stop). */
export type StepError = { action: JobAction; message: string; confirmable: boolean };

/** How long "Handed to …?" waits for an undo before it marks the job delivered. */
const HAND_OVER_UNDO_MS = 5_000;

const ANYWAY: Partial<Record<JobAction, string>> = {
  arrived: "Mark arrived anyway",
  "picked-up": "Mark picked up anyway",
  delivered: "Mark delivered anyway",
};

type JobProps = {
  job: HeldJob;
  position: Point | null;
  tileUrl: string | null;
  busy: boolean;
  stepError: StepError | null;
  onAct: (action: JobAction, body?: Record<string, unknown>) => void;
  /** Bumped when the stream tells of a message from the customer. */
  messageWake?: number;
};

/**
 * A job the courier holds, as its next step: to the restaurant (its address, the order number,
 * how much to collect; "I'm at the restaurant", "Picked up", or release it), then to the customer
 * (the address and their instructions; "Delivered", or "Could not deliver" with a reason).
 */
export function JobCard({ job, position, tileUrl, busy, stepError, onAct: act, messageWake = 0 }: JobProps) {
  const toCustomer = job.state === "picked_up";
  // "Leave it at my door": the photo goes with "Delivered" (and with "Mark delivered anyway").
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoMissing, setPhotoMissing] = useState(false);
  const needsPhoto = toCustomer && job.dropoff.leaveAtDoor;
  const onAct = (action: JobAction, body?: Record<string, unknown>) => {
    if (action === "delivered" && needsPhoto && !photo) return setPhotoMissing(true);
    act(action, action === "delivered" && photo ? { ...body, photo } : body);
  };
  // Handed to the customer (issue 61 item 8): "Delivered" asks once, and goes on its own after a
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
  const [failing, setFailing] = useState(false);
  const titleId = `job-${job.id}`;
  const items = `${job.itemsCount} ${job.itemsCount === 1 ? "item" : "items"}`;
  const big = (variant: "primary" | "secondary" | "ghost" = "primary") => buttonClass({ variant, size: "large", block: true, className: styles.big });

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <p className={styles.kicker}>
        Order #{job.orderId} · {formatMoney(job.pay)}
      </p>
      <h2 id={titleId} className={styles.cardTitle} tabIndex={-1} data-card-title>
        {toCustomer ? `To the customer: ${job.dropoff.customerFirstName}` : `To the restaurant: ${job.restaurant.name}`}
      </h2>
      <p className={styles.address}>
        {toCustomer ? job.dropoff.address : job.restaurant.address}
        {job.distanceKm !== null && <span className={styles.distance}> · {formatDistance(job.distanceKm)} away</span>}
      </p>
      {toCustomer ? (
        <>
          <div className={styles.instructions}>
            <h3 className={styles.smallTitle}>Delivery instructions</h3>
            <p>{job.dropoff.instructions || "No instructions."}</p>
          </div>
          {needsPhoto && (
            <DropoffPhoto
              photo={photo}
              missing={photoMissing}
              onChange={(file) => {
                setPhoto(file);
                setPhotoMissing(false);
              }}
            />
          )}
          <p className={styles.note}>Nosh does not share phone numbers: message the customer here, or mark the delivery failed if you cannot reach them.</p>
        </>
      ) : (
        <p className={styles.meta}>
          Collect order #{job.orderId}: {items}
          {job.state === "at_pickup" ? ". You are at the restaurant." : "."}
        </p>
      )}
      <Suspense fallback={null}>
        <MessageThread url={`/api/courier/jobs/${job.id}/messages`} wake={messageWake} otherName={job.dropoff.customerFirstName} large />
      </Suspense>
      <Suspense fallback={<div className={styles.mapSpace} aria-hidden="true" />}>
        <DeliveryMap restaurant={job.restaurant} dropoff={job.dropoff} courier={position} tileUrl={tileUrl} courierName="you" />
      </Suspense>
      {job.flagged && <p className={styles.hint}>Nosh checks this delivery before paying you for it: a step was marked away from its stop.</p>}
      {failing ? (
        <FailForm busy={busy} onCancel={() => setFailing(false)} onFail={(body) => onAct("failed", body)} />
      ) : (
        <div className={styles.actions}>
          {stepError && (
            <div className={styles.alert} role="alert">
              <p>{stepError.message}</p>
              {stepError.confirmable && ANYWAY[stepError.action] && (
                <>
                  <p>If you are there and your phone&apos;s location is wrong, mark it anyway: Nosh checks the delivery before paying you for it.</p>
                  <button type="button" className={big("secondary")} onClick={() => onAct(stepError.action, { confirm: true })} disabled={busy}>
                    {ANYWAY[stepError.action]}
                  </button>
                </>
              )}
            </div>
          )}
          {job.state === "assigned" && (
            <button type="button" className={big("secondary")} onClick={() => onAct("arrived")} disabled={busy}>
              I&apos;m at the restaurant
            </button>
          )}
          {!toCustomer && (
            <button type="button" className={big()} onClick={() => onAct("picked-up")} disabled={busy}>
              Picked up
            </button>
          )}
          {toCustomer && (
            <>
              {handing ? (
                <div className={styles.confirm} role="group" aria-label={`Handed to ${job.dropoff.customerFirstName}?`}>
                  <p role="status">Handed to {job.dropoff.customerFirstName}? Marking it delivered in a few seconds.</p>
                  <button
                    type="button"
                    className={big()}
                    onClick={() => {
                      setHanding(false);
                      onAct("delivered");
                    }}
                    disabled={busy}
                  >
                    Yes, handed over
                  </button>
                  <button type="button" className={big("secondary")} onClick={() => setHanding(false)}>
                    Undo
                  </button>
                </div>
              ) : (
                <button type="button" className={big()} onClick={() => (needsPhoto ? onAct("delivered") : setHanding(true))} disabled={busy}>
                  Delivered
                </button>
              )}
              <button type="button" className={big("secondary")} onClick={() => setFailing(true)} disabled={busy}>
                Could not deliver
              </button>
            </>
          )}
          {!toCustomer &&
            (confirmRelease ? (
              <div className={styles.confirm} role="group" aria-label="Release this job?">
                <p>Release this job? It goes to another courier.</p>
                <button type="button" className={big("secondary")} onClick={() => onAct("release")} disabled={busy}>
                  Yes, release it
                </button>
                <button type="button" className={big("ghost")} onClick={() => setConfirmRelease(false)}>
                  Keep it
                </button>
              </div>
            ) : (
              <button type="button" className={big("ghost")} onClick={() => setConfirmRelease(true)} disabled={busy}>
                Release this job
              </button>
            ))}
        </div>
      )}
    </section>
  );
}

/**
 * "Leave it at my door": the photo of the order where it was left. On a phone the input opens the
 * back camera (capture="environment"); elsewhere it is a file picker. The server sizes it and strips
 * its location before anyone sees it.
 */
function DropoffPhoto({ photo, missing, onChange }: { photo: File | null; missing: boolean; onChange: (file: File | null) => void }) {
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  return (
    <div className={styles.instructions}>
      <h3 className={styles.smallTitle}>Leave it at the door</h3>
      <p>The customer asked you to leave the order at their door. Take a photo of it there: they see it with their order.</p>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>Photo of the order at the door</span>
        <input
          type="file"
          accept="image/*"
          capture="environment"
          className={styles.input}
          aria-invalid={missing}
          aria-describedby={missing ? "dropoff-photo-error" : undefined}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
        {missing && (
          <span id="dropoff-photo-error" className={styles.fieldError}>
            {DROPOFF_MESSAGES.photoNeeded}
          </span>
        )}
      </label>
      {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL, not an optimisable image */}
      {preview && <img src={preview} alt="Your photo of the order at the door" className={styles.dropoffPreview} />}
    </div>
  );
}

function FailForm({ busy, onCancel, onFail }: { busy: boolean; onCancel: () => void; onFail: (body: { reason: FailureReasonCode; note?: string }) => void }) {
  const [choice, setChoice] = useState<FailureReasonCode>("unreachable");
  const [note, setNote] = useState("");
  const [tried, setTried] = useState(false);
  const missing = choice === "other" && !note.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing) return;
    onFail(note.trim() ? { reason: choice, note: note.trim() } : { reason: choice });
  };
  return (
    <form className={styles.failForm} onSubmit={submit} noValidate>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>Why could you not deliver?</span>
        <select className={styles.select} value={choice} onChange={(event) => setChoice(event.target.value as FailureReasonCode)}>
          {FAILURE_REASONS.map((reason) => (
            <option key={reason.value} value={reason.value}>
              {reason.courierLabel}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>What happened{choice === "other" ? "" : " (optional)"}: for Nosh only, the customer does not see it</span>
        <input
          className={styles.input}
          value={note}
          maxLength={200}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={tried && missing}
          aria-describedby={tried && missing ? "fail-other-error" : undefined}
        />
        {tried && missing && (
          <span id="fail-other-error" className={styles.fieldError}>
            Say what happened
          </span>
        )}
      </label>
      <button type="submit" className={buttonClass({ size: "large", block: true, className: `${styles.big} ${styles.danger}` })} disabled={busy}>
        Mark the delivery failed
      </button>
      <button type="button" className={buttonClass({ variant: "ghost", size: "large", block: true, className: styles.big })} onClick={onCancel}>
        Back
      </button>
    </form>
  );
}
