import type { Metadata } from "next";
import { MembershipScreen } from "@/components/membership/membership-screen";
import { PageHeader } from "@/components/ui/page-header";
import { membershipState } from "@/lib/server/membership/subscribe";
import { requirePageUser } from "@/lib/server/web/session";
import { answerIn } from "@/lib/server/web/success-language";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("membership.title") };
}

// The membership (docs/architecture/membership.md): the plans offered and joining one, or one's own
// plan, its renewal, its card and its cancellation. A guest is asked to sign up first.
export default async function MembershipPage() {
  const user = await requirePageUser("/membership");
  const [words, cardWords, locale] = await Promise.all([getWords("profile"), getWords("orderflow"), requestLocale()]);
  const w = words.membership;
  if (user.guestAccount)
    return (
      <div className="container">
        <PageHeader title={w.title} subtitle={w.guestNote} />
      </div>
    );
  // The refund rule is a catalogue message: written in the reader's language.
  const state = answerIn(locale, await membershipState(user));
  return (
    <div className="container">
      <PageHeader title={w.title} subtitle={w.subtitle} />
      <MembershipScreen state={state} words={w} cardWords={cardWords.cards} locale={locale} />
    </div>
  );
}
