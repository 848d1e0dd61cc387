import "server-only";
import type { StopStep, StoredFlag } from "@/lib/shared/words/stored-texts";

// A job's stop flags, as the job keeps them (courier-steps/at-stop.ts writes them): each step the
// courier confirmed away from its stop, as the catalogue's key and values in `flags` (a JSON list,
// lib/shared/words/stored-texts.ts). Read here, beside the job, by the order's delivery JSON and the wait pay alike.

export type { StopStep };

/** Whether the job's arrival at the restaurant was marked away from it (confirmed anyway, flagged): such a wait earns no wait pay. */
export const arrivedAway = (flags: readonly StoredFlag[] | null): boolean => flags !== null && flags.some((flag) => flag.values.step === "arrived");
