import { describe, expect, it } from "vitest";
import { nextTurn } from "./loop-turns";

// A pass of awaited steps whose work is synchronous (better-sqlite3's statements) holds the event
// loop until it ends unless it takes a turn between its steps (loop-turns.ts). Whether the loop
// ran between two steps is seen by a setImmediate callback: it runs only when the loop goes round.

/** Runs `pass` while counting the loop's turns: how many setImmediate callbacks ran before each step. */
async function turnsBetweenSteps(pass: (step: () => Promise<void>) => Promise<void>) {
  let turns = 0;
  let running = true;
  const spin = () => setImmediate(() => running && (turns++, spin()));
  spin();
  const seen: number[] = [];
  // A step: synchronous work behind an await, as a statement on SQLite is.
  const step = async () => {
    await Promise.resolve();
    seen.push(turns);
  };
  await pass(step);
  running = false;
  return seen;
}

describe("a pass gives the event loop a turn between its steps", () => {
  it("awaited steps alone never let the loop run; with nextTurn between them it runs before every step", async () => {
    const held = await turnsBetweenSteps(async (step) => {
      for (let i = 0; i < 5; i++) await step();
    });
    expect(held).toEqual([0, 0, 0, 0, 0]);
    const turning = await turnsBetweenSteps(async (step) => {
      for (let i = 0; i < 5; i++) {
        await nextTurn();
        await step();
      }
    });
    for (let i = 1; i < turning.length; i++) expect(turning[i]).toBeGreaterThan(turning[i - 1]!);
  });
});
