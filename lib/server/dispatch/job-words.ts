import "server-only";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { flagsOf, flagText, type FailureKey, type FlagWords, type StoredReason } from "@/lib/shared/words/stored-texts";

// A job's stored words in the API's JSON: its failure reason (DeliveryJob.failureKey) and its stop
// flags (DeliveryJob.flags) are stored as the catalogue's keys and values; the JSON's English
// fields (failureReason, flagReason, as the spec's lines read) are written from the English
// catalogue, and the keys go beside them for a screen to write in its reader's words.

const ENGLISH_FLAGS: FlagWords = { ...ENGLISH.server.storedTexts.flags, m: ENGLISH.courier.units.m };

/** flagReason: a job's flags in English, or its lines from before the keys as written. */
export const flagReasonOf = (job: { flags: string | null; flagReason: string | null }): string | null => {
  const flags = flagsOf(job.flags);
  return flags ? flagText(flags, ENGLISH_FLAGS) : job.flagReason;
};

/** failureReason and failure: a failed job's reason in English (or a text from before the keys as written) and its key. */
export function failureOf(job: { failureKey: string | null; failureReason: string | null }): { failureReason: string | null; failure: StoredReason | null } {
  if (!job.failureKey) return { failureReason: job.failureReason, failure: null };
  const key = job.failureKey as FailureKey;
  return { failureReason: ENGLISH.server.storedTexts.choices[key], failure: { key } };
}
