"use client";
import type { ReactNode } from "react";
import { useArrivalQuote } from "./use-arrival";
import { useVisitorPlaceQuery } from "./use-visitor-place";
import styles from "./restaurant-header.module.css";

/**
 * The restaurant page's delivery time: the quote to the visitor's address ("25-40 min"), and its
 * on-time record once it has 20 deliveries with a promise ("On time 87% of the last 50").
 */
export function ArrivalEstimate({ restaurantId, fallback, note }: { restaurantId: number; fallback: string; note?: ReactNode }) {
  const answer = useArrivalQuote(restaurantId, useVisitorPlaceQuery());
  const quoted = answer?.arrival.addressKnown ? answer.arrival : null;
  return (
    <>
      <span data-testid="arrival-estimate" title={quoted?.km != null ? `Quoted for your address, ${quoted.km} km away` : undefined}>
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
