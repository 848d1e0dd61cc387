// How long someone must wait, in words, as the lockout's English says it (rules.handlers.failures*): what the tests expect.

/** A wait in words, rounded up: "1 second", "45 seconds", "2 minutes", "1 hour". */
export function waitText(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (seconds < 60) return unit(Math.max(1, Math.ceil(seconds)), "second");
  if (seconds < 3600) return unit(Math.ceil(seconds / 60), "minute");
  return unit(Math.ceil(seconds / 3600), "hour");
}
