"use client";
import { useEffect, useRef, useState } from "react";
import { HELD_STATES } from "@/lib/shared/delivery/delivery";
import { fill } from "@/lib/shared/words/fill";
import type { CourierAppWords, CourierJob, JobAction, OfferJob } from "./types";

/** How often the jobs are re-read while one waits at (or heads to) a kitchen that has not marked it ready. */
const KITCHEN_CHECK_MS = 20_000;

/**
 * The courier app's notice line (`notice`, also set by the app after a step) and what keeps the
 * jobs current. `answered` holds the courier's own answer to each job, so that only what changed
 * without them is told.
 */
export function useJobNotices(jobs: CourierJob[] | null, w: CourierAppWords["app"], reload: () => Promise<unknown>) {
  const [notice, setNotice] = useState<string | null>(null);
  // What changed without the courier's doing: an offer that ran out ("Offer expired"), a job the
  // owner assigned (it replaces the last notice, "Offer declined" among them).
  const seen = useRef<{ offer: OfferJob | null; held: Set<number> } | null>(null);
  const answered = useRef(new Map<number, JobAction>());
  useEffect(() => {
    if (!jobs) return;
    const offerNow = jobs.find((job): job is OfferJob => job.state === "offered") ?? null;
    const heldNow = jobs.filter((job) => HELD_STATES.includes(job.state));
    const before = seen.current;
    seen.current = { offer: offerNow, held: new Set(heldNow.map((job) => job.id)) };
    if (!before) return;
    const gone = before.offer && before.offer.id !== offerNow?.id && !answered.current.has(before.offer.id) ? before.offer : null;
    const given = heldNow.find((job) => !before.held.has(job.id) && answered.current.get(job.id) !== "accept");
    if (given) setNotice(fill(w.assigned, { restaurant: given.restaurant.name, id: given.orderId }));
    else if (gone?.offerDeadline && gone.offerDeadline <= Date.now() + 1_000) setNotice(w.offerExpired);
  }, [jobs, w]);

  // Waiting for the food: the kitchen's "ready" reaches the courier's stream no event, so the jobs are re-read now and then.
  const cooking = jobs?.some((job) => job.state !== "offered" && job.state !== "picked_up" && !job.kitchen.ready) ?? false;
  useEffect(() => {
    if (!cooking) return;
    const timer = window.setInterval(() => void reload(), KITCHEN_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [cooking, reload]);

  return { notice, setNotice, answered };
}
