// The masked calls' relay pool (docs/deploying.md "Text messages", .env.example). Plain module, read
// by load-config.ts. RELAY_NUMBERS lists the numbers (E.164) bought at the messaging provider whose
// voice and messaging webhooks point at /api/calls/{provider}/voice and /text: a bare list serves
// every market, `code:number,number;code:number` gives a market (Market.code) its own (a market
// not named uses the bare list, if any). In the environment, not the operator's settings: a
// number is bought and its webhooks set at the provider, a deploy-time step, and the start-up
// check refuses a malformed one before anyone is given it. CALL_MINUTE_COST (0.014, in the
// market's currency) is what one started minute of a relayed call costs, counted per market.

export type RelaySettings = {
  /** A market's own pool by its code; "*" the pool of every market not named. */
  pools: Record<string, string[]>;
  minuteCostMicros: number;
};

const E164 = /^\+[1-9]\d{6,14}$/;

function numbers(list: string, name: string): string[] {
  const found = list
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  for (const n of found) if (!E164.test(n)) throw new Error(`${name}: "${n}" is not a number in E.164 form such as +14155550123`);
  return [...new Set(found)];
}

export function relaySettings(env: Record<string, string | undefined>): RelaySettings {
  const pools: Record<string, string[]> = {};
  for (const part of (env.RELAY_NUMBERS ?? "")
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const colon = part.indexOf(":");
    const code = colon < 0 ? "*" : part.slice(0, colon).trim();
    if (!/^[*a-z0-9-]+$/.test(code)) throw new Error(`RELAY_NUMBERS: "${code}" is not a market code`);
    pools[code] = numbers(colon < 0 ? part : part.slice(colon + 1), "RELAY_NUMBERS");
  }
  const cost = env.CALL_MINUTE_COST?.trim() || "0.014";
  if (!/^\d+(\.\d+)?$/.test(cost)) throw new Error(`CALL_MINUTE_COST must be an amount such as 0.014, got "${cost}"`);
  return { pools, minuteCostMicros: Math.round(Number(cost) * 1_000_000) };
}

/** The relay numbers of a market (its own, else the bare list's). */
export const relayPoolOf = (settings: RelaySettings, marketCode: string): string[] => settings.pools[marketCode] ?? settings.pools["*"] ?? [];
