import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

// Which API answers are personal (docs/architecture/security.md "Personal answers are never
// stored"): route() (http.ts) runs each handler inside `markingAnswer()`, and session.ts marks
// the request when it reads or changes the session. route() then sends `Cache-Control: private,
// no-store` on the answer, as Next.js does on the pages, so no shared cache, proxy or browser
// keeps a person's orders, profile or notifications for the next one.

/** What a handler's run learned of its answer. */
export type AnswerMarks = { personal: boolean };
const answers = new AsyncLocalStorage<AnswerMarks>();

/** Runs a handler with `marks` as its answer's: set even when the handler throws (a 401 depends on the session too). */
export function markingAnswer<T>(marks: AnswerMarks, work: () => Promise<T>): Promise<T> {
  return answers.run(marks, work);
}

/** The answer being made depends on who is asking (session.ts calls it on every read or change of the session). */
export function markPersonal(): void {
  const answer = answers.getStore();
  if (answer) answer.personal = true;
}
