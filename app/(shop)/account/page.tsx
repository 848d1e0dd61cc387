import type { Metadata } from "next";
import { AddressBookSection } from "@/components/addresses/address-book-section";
import { AllergiesForm } from "@/components/account/allergies-form";
import { GuestAccountPrompt } from "@/components/account/guest-account-prompt";
import { DeleteAccount } from "@/components/account/delete-account";
import { EmailVerificationBanner } from "@/components/account/email-status";
import { Passkeys } from "@/components/account/passkeys";
import { LinkedSignInsSection } from "@/components/account/linked-sign-ins-section";
import { ProfileOverview } from "@/components/account/profile-overview";
import { SignOutEverywhere } from "@/components/account/sign-out-everywhere";
import { YourData } from "@/components/account/your-data";
import { LanguageForm } from "@/components/account/language-form";
import { LazyTextMessages } from "@/components/account/later-sections";
import { textNumbersOf } from "@/lib/server/texts/numbers";
import { LOCALES, LOCALE_NAMES } from "@/lib/i18n/locale";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { formRules } from "@/lib/server/web/form-rules";
import { addressWords as addressBookWords } from "@/lib/server/web/address-words";
import { PageHeader } from "@/components/ui/page-header";
import { emailStatus } from "@/lib/server/accounts/email-verification";
import { listPasskeys } from "@/lib/server/accounts/passkeys";
import { config } from "@/lib/server/platform/config";
import { requirePageUser } from "@/lib/server/web/session";
import { ALLERGENS } from "@/lib/shared/menu/allergens";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("account.meta") };
}

export default async function AccountPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePageUser();
  const [status, passkeys, texts] = user.guestAccount ? [null, [], null] : await Promise.all([emailStatus(user.id), listPasskeys(user), textNumbersOf(user)]);
  const [t, locale, words, addressWords, rules, pictureRules, signupRules] = await Promise.all([
    getT("account.language"),
    requestLocale(),
    getWords("profile"),
    addressBookWords(),
    formRules("address"),
    formRules("picture"),
    formRules("auth"),
  ]);
  const w = words.account;
  const allergenNames = (await getWords("allergens")).names;
  const labels = { title: t("title"), label: t("label"), hint: t("hint"), save: t("save"), saving: t("saving"), saved: t("saved") };
  return (
    <div className="container">
      <PageHeader title={w.title} subtitle={user.guestAccount ? undefined : w.subtitle} />
      {user.guestAccount ? (
        <GuestAccountPrompt words={w.guest} signup={{ ...words.signup, rules: signupRules }} />
      ) : (
        <>
          {status && <EmailVerificationBanner status={status} words={w.verify} />}
          <ProfileOverview words={w} addressWords={{ ...words.addressEditor, rules }} pictureRules={pictureRules}>
            <AddressBookSection tileUrl={config().mapTileUrl} words={addressWords} />
            <LanguageForm labels={labels} choices={LOCALES.map((code) => ({ code, name: LOCALE_NAMES[code] }))} current={locale} />
            {texts && <LazyTextMessages initial={texts.numbers} available={texts.available} owner={user.restaurantOwner} words={words.texts} />}
            <AllergiesForm choices={ALLERGENS.map((name) => ({ name, label: allergenNames[name] }))} words={w.allergies} />
            <SignOutEverywhere words={w.security} removal={w.removal} locale={locale} />
            <Passkeys initial={passkeys} words={w.passkeys} locale={locale} />
            <LinkedSignInsSection user={user} answer={await searchParams} locale={locale} />
            <YourData userId={user.id} words={w.data} />
            <DeleteAccount words={w.delete} locale={locale} />
          </ProfileOverview>
        </>
      )}
    </div>
  );
}
