// @ts-check
// A courier's run of offers let run out (docs/architecture/dispatch-matching.md): after
// EXPIRY_STREAK_PAUSE in a row no more reach them until they say "I'm here". Plain module with JSDoc
// types, as dispatch-matching.mjs: the server's dispatch and the bench's simulation call the same ones.

/** Offers a courier may let run out in a row before no more reach them, until they say "I'm here". */
export const EXPIRY_STREAK_PAUSE = 3;

/**
 * A courier's run of offers let run out, after one more answer: an expiry adds one, any answer
 * they gave (accept, decline) ends the run, and "I'm here" ("here") starts it again from nothing.
 * @param {number} streak
 * @param {"expired" | "accepted" | "declined" | "here"} answer
 */
export function nextExpiryStreak(streak, answer) {
  return answer === "expired" ? streak + 1 : 0;
}

/** Whether no more offers reach a courier: they let EXPIRY_STREAK_PAUSE offers run out in a row. @param {number} streak */
export function offersPaused(streak) {
  return streak >= EXPIRY_STREAK_PAUSE;
}
