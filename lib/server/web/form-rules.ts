import "server-only";
import { requestLocale } from "@/lib/i18n/translate";
import type { Locale } from "@/lib/i18n/locale";
import { messageIn } from "@/lib/server/platform/error-language";
import { errorTextIn } from "@/lib/server/platform/errors";
import { AT_MOST_50_CHARACTERS, DELIVERY_ADDRESS_NEEDED, FIRST_NAME_REQUIRED, GUEST_DELIVERY_ADDRESS_NEEDED, NAME_REQUIRED } from "@/lib/shared/messages";
import { WEEKDAYS } from "@/lib/shared/opening-hours";
import { AUTH_MESSAGES, FORM_MESSAGES, RESET_MESSAGES } from "@/lib/validation/zod-free/auth-rules";
import { PROFILE_MESSAGES } from "@/lib/validation/zod-free/profile-rules";
import { TEXT_MESSAGES } from "@/lib/validation/zod-free/text-rules";
import type { RuleWords } from "@/lib/validation/zod-free/form-values";
import { MENU_ITEM_MESSAGES } from "@/lib/validation/menu-item";
import { OPTION_MESSAGES } from "@/lib/validation/options";
import { OPTION_LIMITS } from "@/lib/shared/options";
import { RESTAURANT_MESSAGES } from "@/lib/validation/restaurant";

// The messages a form's own checks can show (lib/validation's rules, run in the browser), in the
// reader's language: the page hands them to the form as RuleWords (English text -> its words,
// the catalogue's server.errors, as the API answers the same rule), so no catalogue and no
// message formatter is in the page's JavaScript; an English page hands none.
// form-rules.test.ts runs each form's checks on bad values and fails on a message missing here.

const atMost = (max: number) => `Must be at most ${max} characters`;
const textRules = (...labels: string[]) => labels.flatMap((label) => [TEXT_MESSAGES.characters(label), TEXT_MESSAGES.blank(label)]);
const strings = (messages: Record<string, unknown>) => Object.values(messages).filter((message): message is string => typeof message === "string");

const PASSWORD = [AUTH_MESSAGES.passwordRequired, AUTH_MESSAGES.passwordShort, AUTH_MESSAGES.passwordLong, AUTH_MESSAGES.confirmMismatch, ...textRules("Password")];

export const FORM_RULES = {
  /** Sign-in, sign-up (with its address line), the guest signup modal, forgot and reset password. */
  auth: [
    ...strings(AUTH_MESSAGES),
    ...PASSWORD,
    ...strings(FORM_MESSAGES),
    FIRST_NAME_REQUIRED,
    RESET_MESSAGES.invalidLink,
    PROFILE_MESSAGES.address,
    AT_MOST_50_CHARACTERS,
    "Please enter your email",
    ...[254, 200, 60, 30, 14, 10].map(atMost),
    ...textRules("Name", "First name", "Last name", "Email or phone number", "Email", "Phone number", "Address", "City", "State", "Zip code"),
  ],
  /** The account's name, email, phone and password forms. */
  account: [
    ...strings(PROFILE_MESSAGES),
    ...PASSWORD,
    FORM_MESSAGES.confirmNew,
    "Please enter your current password",
    AT_MOST_50_CHARACTERS,
    ...textRules("First name", "Last name", "Phone number", "Email"),
  ],
  /** The address book's form and checkout's delivery address. */
  address: [PROFILE_MESSAGES.address, DELIVERY_ADDRESS_NEEDED, GUEST_DELIVERY_ADDRESS_NEEDED],
  /** The owner's dish form and its option groups. */
  dish: [
    ...strings(MENU_ITEM_MESSAGES),
    ...strings(OPTION_MESSAGES),
    ...Array.from({ length: OPTION_LIMITS.optionsPerGroup + 1 }, (_, count) => OPTION_MESSAGES.maxOverOptions(count)),
    NAME_REQUIRED,
    ...textRules("Name", "Description", "Image", "Option name", "Group name", "Instructions"),
  ],
  /** The owner's restaurant form and its opening hours. */
  restaurant: [
    ...strings(RESTAURANT_MESSAGES),
    ...WEEKDAYS.map((day) => RESTAURANT_MESSAGES.overlap(day)),
    NAME_REQUIRED,
    ...textRules("Name", "Description", "Address", "City", "State", "Zip code", "Business hours", "Store image", "Closing time"),
  ],
} satisfies Record<string, string[]>;
export type FormName = keyof typeof FORM_RULES;

/** A form's rule messages in `locale` (those its catalogue entry words differently); none in English. */
export function formRulesIn(locale: Locale, form: FormName): RuleWords | undefined {
  if (locale === "en") return undefined;
  const words: RuleWords = {};
  for (const english of FORM_RULES[form]) {
    const translated = messageIn(locale, english);
    if (translated !== english) words[english] = translated;
  }
  return words;
}

/** formRulesIn for the request's language: `rules={await formRules("auth")}`. */
export async function formRules(form: FormName): Promise<RuleWords | undefined> {
  return formRulesIn(await requestLocale(), form);
}

/** Field messages a server page shows (lib/validation's, said) in the request's language. */
export async function fieldsInWords<E extends Record<string, string> | null | undefined>(errors: E): Promise<E> {
  if (!errors) return errors;
  const locale = await requestLocale();
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, errorTextIn(locale, message)])) as E;
}
