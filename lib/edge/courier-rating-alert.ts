/**
 * COURIER_RATING_ALERT: when operators see a courier's rating as low, written
 * `<percent>` or `<percent>/<ratings>`: under that share of thumbs up over at least that many
 * ratings (default "80/20": under 80% over at least 20 ratings).
 */
export function courierRatingAlert(value: string | undefined): { belowPercent: number; minRatings: number } {
  const text = value?.trim() || "80/20";
  const match = /^(\d{1,3})%?(?:\s*\/\s*(\d{1,3}))?$/.exec(text);
  const belowPercent = Number(match?.[1]);
  const minRatings = match?.[2] === undefined ? 20 : Number(match[2]);
  if (!match || belowPercent < 1 || belowPercent > 100 || minRatings < 1 || minRatings > 100) {
    throw new Error(`COURIER_RATING_ALERT must be a percent from 1 to 100, optionally "/" a number of ratings from 1 to 100 (e.g. 80/20), got "${value}"`);
  }
  return { belowPercent, minRatings };
}
