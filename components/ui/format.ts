const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Dollars (as the API sends them) for display: 999.99 -> "$999.99". */
export function formatMoney(dollars: number): string {
  return usd.format(dollars);
}
