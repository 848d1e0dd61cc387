import { describe, expect, it } from "vitest";
import { warnIfClosed, type OpenFacts } from "./closed-at-add";

// What an Add says while the restaurant cannot take an order for now: the owner's pause with
// when it ends (a scheduled order still goes), else closed hours; the words are the server's
// (lib/server/web/card-words.test.ts words them from the catalogue).

const words = { closed: "closed words", paused: "paused words" };
const said = (facts: Omit<OpenFacts, "words">) => {
  const messages: string[] = [];
  warnIfClosed({ ...facts, words }, (message) => messages.push(message));
  return messages;
};

describe("an Add while the restaurant cannot take an order now", () => {
  const inAnHour = new Date(Date.now() + 3_600_000).toISOString();

  it("paused: says the pause's warning, open or not", () => {
    expect(said({ openNow: true, nextChange: null, pausedUntil: inAnHour })).toEqual(["paused words"]);
    expect(said({ openNow: false, nextChange: null, pausedUntil: inAnHour })).toEqual(["paused words"]);
  });

  it("a pause that has ended says nothing; closed hours say the closed warning; open says nothing; no facts, nothing", () => {
    expect(said({ openNow: true, nextChange: null, pausedUntil: new Date(Date.now() - 1_000).toISOString() })).toEqual([]);
    expect(said({ openNow: false, nextChange: null })).toEqual(["closed words"]);
    expect(said({ openNow: true, nextChange: null })).toEqual([]);
    const messages: string[] = [];
    warnIfClosed(undefined, (message) => messages.push(message));
    expect(messages).toEqual([]);
  });
});
