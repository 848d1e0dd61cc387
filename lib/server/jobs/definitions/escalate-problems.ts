import "server-only";
import { escalateOverdueProblems } from "../../problems/escalate";
import { orderExpiryCadence } from "../cadences";
import type { TimedJob } from "../job";

export const escalateProblemsJob: TimedJob = {
  id: "problems.escalate",
  does: "Problem reports the owner left undecided for 24 hours go to the operators (lib/server/problems/escalate.ts).",
  cadence: orderExpiryCadence,
  once: "One conditional UPDATE (still pending, past respondBy): a report is escalated once, whoever runs it.",
  run: async (now) => {
    await escalateOverdueProblems(now);
    return undefined;
  },
};
