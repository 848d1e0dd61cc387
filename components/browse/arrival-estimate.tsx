"use client";
import type { ReactNode } from "react";
import { fill } from "@/lib/shared/words/fill";
import { useArrivalQuote } from "./use-arrival";
import { useVisitorPlaceQuery } from "./use-visitor-place";
import styles from "./restaurant-header.module.css";

/**
 * The restaurant page's delivery time: the quote to the visitor's address ("25-40 min"), and its
 * on-time record once it has 20 deliveries with a promise ("On time 87% of the last 50").
 */
export function ArrivalEstimate({
  restaurantId,
  fallback,
  note,
  quotedFor,
}: {
  restaurantId: number;
  fallback: string;
  note?: ReactNode;
  /** "Quoted for your address, {km} km away", the reader's. */ quotedFor: string;
}) {
  const answer = useArrivalQuote(restaurantId, useVisitorPlaceQuery());
  const quoted = answer?.arrival.addressKnown ? answer.arrival : null;
  return (
    <>
      <span data-testid="arrival-estimate" title={quoted?.km != null ? fill(quotedFor, { km: quoted.km }) : undefined}>
        {quoted ? quoted.standard.text : fallback}
      </span>{" "}
      {note}
      {answer?.onTime && (
        <span className={styles.onTime} data-testid="on-time">
          {answer.onTime.text}
        </span>
      )}
    </>
  );
}
