import { describe, expect, it } from "vitest";
import { CLOSED_AT_ADD, warnIfClosed, type OpenFacts } from "./closed-at-add";

// What an Add says while the restaurant cannot take an order for now: the owner's
// pause with when it ends (a scheduled order still goes), else closed hours.

const said = (facts: OpenFacts) => {
  const messages: string[] = [];
  warnIfClosed(facts, (message) => messages.push(message));
  return messages;
};

describe("an Add while the restaurant cannot take an order now", () => {
  const inAnHour = new Date(Date.now() + 3_600_000);
  const local = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "America/New_York" }).format(inAnHour);

  it("paused: says until when, in the restaurant's zone, and that a later delivery time still orders", () => {
    expect(said({ openNow: true, nextChange: null, pausedUntil: inAnHour.toISOString(), timeZone: "America/New_York" })).toEqual([
      `Not taking orders until ${local}: choose a later delivery time at checkout to order.`,
    ]);
  });

  it("a pause that has ended says nothing; closed hours say the closed warning; open says nothing", () => {
    expect(said({ openNow: true, nextChange: null, pausedUntil: new Date(Date.now() - 1_000).toISOString(), timeZone: "UTC" })).toEqual([]);
    expect(said({ openNow: false, nextChange: null })).toEqual([CLOSED_AT_ADD]);
    expect(said({ openNow: true, nextChange: null })).toEqual([]);
  });
});
