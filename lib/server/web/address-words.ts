import "server-only";
import { getWords } from "@/lib/i18n/translate";
import { unitWords } from "@/lib/shared/delivery/distance";
import { formRules } from "./form-rules";

/**
 * The address book's words for a page, in the reader's language: the catalogue's profile.addresses,
 * with the address line's rules (form-rules.ts "address") and the pin map's words (courier.pin and
 * the distances' units) riding with its form's (components/addresses/address-form.tsx AddressBookWords).
 */
export async function addressWords() {
  const [{ addresses }, courier, rules] = await Promise.all([getWords("profile"), getWords("courier"), formRules("address")]);
  return { ...addresses, form: { ...addresses.form, rules, map: { pin: courier.pin, units: unitWords(courier) } } };
}
