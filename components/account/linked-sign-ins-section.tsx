import { listLinkedSignIns } from "@/lib/server/accounts/linked-sign-ins";
import { offeredProviders } from "@/lib/server/accounts/sign-in-providers";
import type { SessionUser } from "@/lib/server/platform/session-user";
import { isSignInProvider } from "@/lib/shared/people/sign-in-providers";
import { fill } from "@/lib/shared/words/fill";
import { getWords } from "@/lib/i18n/translate";
import type { Locale } from "@/lib/i18n/locale";
import { LinkedSignIns } from "./linked-sign-ins";

type Answer = { linked?: string | string[]; signIn?: string | string[] };

/**
 * /account's linked sign-ins, loaded on the server: none offered and none linked (a production
 * site without Google or Apple configured), the section is not shown. `answer`: the page's query
 * as the provider's callback left it (`linked=google`, or `signIn=<reason>`).
 */
export async function LinkedSignInsSection({ user, answer, locale }: { user: Pick<SessionUser, "id" | "guestAccount">; answer: Answer; locale: Locale }) {
  const [links, words] = await Promise.all([listLinkedSignIns(user), getWords("profile")]);
  const offered = offeredProviders();
  if (offered.length === 0 && links.length === 0) return null;
  const { providers, errors } = words.signInWith;
  const linked = typeof answer.linked === "string" && isSignInProvider(answer.linked) ? answer.linked : null;
  const reason = typeof answer.signIn === "string" && answer.signIn in errors ? (answer.signIn as keyof typeof errors) : null;
  const notice = linked
    ? { role: "status" as const, text: fill(words.account.signIns.linkedAlert, { provider: providers[linked] }) }
    : reason
      ? { role: "alert" as const, text: errors[reason] }
      : null;
  return <LinkedSignIns initial={links} offered={offered} notice={notice} words={words.account.signIns} names={providers} locale={locale} />;
}
