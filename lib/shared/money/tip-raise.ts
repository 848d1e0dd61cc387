/** How long after delivery the customer may raise the tip: the server's check and the order page's "Raise the tip". */
export const TIP_RAISE_WINDOW_MS = 60 * 60_000;
