import "server-only";
import { createHash, randomInt } from "node:crypto";
import { GIFT_CODE_ALPHABET, GIFT_CODE_LENGTH, normalizeGiftCode } from "@/lib/shared/money/gift-cards";
import { seal, unseal } from "../platform/sealed";

// A gift card's code (docs/architecture/ledger.md "Gift cards"): GIFT_CODE_LENGTH letters drawn by
// the crypto generator from a 31-letter alphabet (about 79 bits: not guessable within the tries an
// account and an address are allowed), kept only as its SHA-256 (unique) and sealed with the
// server's secret for its mail. The buyer never sees it: only the recipient's mail carries it.

const CODE_SEAL = "gift-card-code";

export const codeHash = (code: string) => createHash("sha256").update(normalizeGiftCode(code)).digest("hex");

/** A new code, its hash and its sealed copy. */
export function newGiftCode(): { code: string; codeHash: string; sealedCode: string } {
  const code = Array.from({ length: GIFT_CODE_LENGTH }, () => GIFT_CODE_ALPHABET[randomInt(GIFT_CODE_ALPHABET.length)]).join("");
  return { code, codeHash: codeHash(code), sealedCode: seal(CODE_SEAL, code) };
}

/** The code a sealed copy holds (the mail's), or null. */
export const openGiftCode = (sealed: string | undefined): string | null => (sealed ? unseal(CODE_SEAL, sealed) : null);
