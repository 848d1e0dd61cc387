import "server-only";
import { requestLocale } from "@/lib/i18n/translate";
import type { Locale } from "@/lib/i18n/locale";
import { errorTextIn } from "@/lib/server/platform/errors";
import { said, word } from "@/lib/shared/words/said";
import { WEEKDAYS } from "@/lib/shared/time/opening-hours";
import { AUTH_SAID, FORM_SAID, RESET_SAID } from "@/lib/contract/zod-free/auth-rules";
import { PROFILE_SAID } from "@/lib/contract/zod-free/profile-rules";
import { blankRefused, charactersRefused } from "@/lib/contract/zod-free/text-rules";
import { NAMED, type RuleWords } from "@/lib/contract/zod-free/form-values";
import { MENU_ITEM_SAID } from "@/lib/contract/menu/rules";
import { OPTION_SAID } from "@/lib/contract/menu/option-rules";
import { OPTION_LIMITS } from "@/lib/shared/menu/options";
import { RESTAURANT_SAID } from "@/lib/contract/restaurants/rules";
import { REVIEW_SAID } from "@/lib/contract/reviews/rules";
import { PICTURE_SAID } from "@/lib/contract/common/picture-rules";

// The messages a form's own checks can show (lib/validation's rules, run in the browser: said
// keys and values, lib/shared/words/said.ts), in the reader's language, English included: the page
// hands them to the form as RuleWords (said message -> its words, the catalogue's server.errors,
// as the API answers the same rule), so no catalogue and no message formatter is in the page's
// JavaScript. form-rules.test.ts runs each form's checks on bad values and fails on a message missing here.

const atMost = (count: number) => said("messages.atMost", { count });
const textRules = (...labels: string[]) => labels.flatMap((label) => [charactersRefused(label), blankRefused(label)]);
const strings = (messages: Record<string, unknown>) => Object.values(messages).filter((message): message is string => typeof message === "string");

const PASSWORD = [AUTH_SAID.passwordRequired, AUTH_SAID.passwordShort, AUTH_SAID.passwordLong, AUTH_SAID.confirmMismatch, ...textRules(word("password"))];
const ADDRESS_WORDS = [word("address"), word("city"), word("state"), word("zip")];

export const FORM_RULES = {
  /** Sign-in, sign-up (with its address line), the guest signup modal, forgot and reset password. */
  auth: [
    ...strings(AUTH_SAID),
    ...PASSWORD,
    ...strings(FORM_SAID),
    said("messages.firstNameRequired"),
    RESET_SAID.invalidLink,
    PROFILE_SAID.address,
    said("messages.emailRequired"),
    ...[254, 200, 60, 50, 30, 14, 10].map(atMost),
    ...textRules(word("name"), word("firstName"), word("lastName"), word("emailOrPhone"), word("email"), word("phoneNumber"), ...ADDRESS_WORDS),
  ],
  /** The account's name, email, phone and password forms. */
  account: [
    ...strings(PROFILE_SAID),
    ...PASSWORD,
    FORM_SAID.confirmNew,
    said("messages.currentPasswordRequired"),
    atMost(50),
    ...textRules(word("firstName"), word("lastName"), word("phoneNumber"), word("email")),
  ],
  /** The address book's form and checkout's delivery address. */
  address: [PROFILE_SAID.address, said("messages.deliveryAddressNeeded"), said("messages.guestDeliveryAddressNeeded")],
  /** The owner's dish form and its option groups. */
  dish: [
    ...strings(MENU_ITEM_SAID),
    ...strings(OPTION_SAID),
    ...Array.from({ length: OPTION_LIMITS.optionsPerGroup + 1 }, (_, count) => OPTION_SAID.maxOverOptions(count)),
    OPTION_SAID.tooFewAvailable("", 1),
    ...Array.from({ length: OPTION_LIMITS.optionsPerGroup - 1 }, (_, at) => OPTION_SAID.tooFewAvailable("", at + 2)),
    // A named group's: its name in NAMED's place (the form puts it back: inWord).
    ...Array.from({ length: OPTION_LIMITS.optionsPerGroup }, (_, at) => OPTION_SAID.tooFewAvailable(NAMED, at + 1)),
    ...textRules(word("name"), word("description"), word("image"), word("optionName"), word("groupName"), word("instructions")),
  ],
  /** The owner's restaurant form and its opening hours. */
  restaurant: [
    ...strings(RESTAURANT_SAID),
    ...WEEKDAYS.map((day) => RESTAURANT_SAID.overlap(day)),
    ...textRules(word("name"), word("description"), ...ADDRESS_WORDS, word("businessHours"), word("storeImage"), word("closingTime")),
  ],
  /** A review's text and ratings. */
  review: [REVIEW_SAID.text, REVIEW_SAID.ratings, said("rules.review.max"), ...textRules(word("review"))],
  /** The profile picture's early checks. */
  picture: strings(PICTURE_SAID),
  /** The payee's bank details, checked before they are sent (lib/shared/money/payout-banks.ts). */
  payout: [said("rules.payoutAccount.holder"), said("rules.payoutAccount.holderMax"), said("rules.payoutAccount.routing"), said("rules.payoutAccount.account")],
} satisfies Record<string, string[]>;
export type FormName = keyof typeof FORM_RULES;

/** A form's rule messages in `locale`, each said message to its words. */
export function formRulesIn(locale: Locale, form: FormName): RuleWords {
  return Object.fromEntries(FORM_RULES[form].map((message) => [message, errorTextIn(locale, message)]));
}

/** formRulesIn for the request's language: `rules={await formRules("auth")}`. */
export async function formRules(form: FormName): Promise<RuleWords> {
  return formRulesIn(await requestLocale(), form);
}

/** Field messages a server page shows (the request rules', said) in the request's language. */
export async function fieldsInWords<E extends Record<string, string> | null | undefined>(errors: E): Promise<E> {
  if (!errors) return errors;
  const locale = await requestLocale();
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, errorTextIn(locale, message)])) as E;
}
