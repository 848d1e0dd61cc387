// Kitchen tablets paired to a restaurant's board (docs/architecture/kitchen.md "A board that lives
// on a tablet"): the pairing code's shape and life, the tries a client address gets, the device's
// cookie's life. Shared by the contract, the server and the screens (no server code).

/** The code's letters: no 0/O, 1/I/L, so it is read off a screen and typed without doubt. */
export const PAIRING_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const PAIRING_CODE_LENGTH = 6;
/** A code not typed within this many minutes is dead: the owner shows a new one. */
export const PAIRING_MINUTES = 10;
/** Wrong codes a client address may type an hour; the next try is a 429 (31^6 codes: guessing one in time is hopeless). */
export const PAIRING_TRIES_PER_ADDRESS = 10;
/** Tablets a restaurant may have paired at once. */
export const MAX_KITCHEN_DEVICES = 10;
export const DEVICE_NAME_MAX = 40;
/** How long the tablet's cookie (KITCHEN_DEVICE_COOKIE) lasts: a year, unless the restaurant removes the tablet first. */
export const KITCHEN_DEVICE_COOKIE_SECONDS = 365 * 24 * 3600;

/** A code as typed ("k7m 4qx", "K7M-4QX") in its one spelling ("K7M4QX"), or null: not a code's shape. */
export function normalPairingCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "");
  if (code.length !== PAIRING_CODE_LENGTH) return null;
  return [...code].every((letter) => PAIRING_ALPHABET.includes(letter)) ? code : null;
}

/** A code as shown: two groups of three ("K7M 4QX"). */
export const shownPairingCode = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;
