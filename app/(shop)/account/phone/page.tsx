import type { Metadata } from "next";
import { EditPage } from "@/components/account/edit-page";
import { PhoneForm } from "@/components/account/phone-form";
import { requireAccountPage } from "@/lib/server/web/page";
import { userToJson } from "@/lib/server/accounts/users";
import { getT, getWords } from "@/lib/i18n/translate";
import { formRules } from "@/lib/server/web/form-rules";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("phone.meta") };
}

export default async function AccountPhonePage() {
  const user = userToJson(await requireAccountPage("/account"));
  const [t, words, rules] = await Promise.all([getT("profile"), getWords("profile"), formRules("account")]);
  return (
    <EditPage title={t("phone.title")} description={t("phone.description")} back={t("edit.back")}>
      <PhoneForm user={user} words={words.phone} actions={words.edit} rules={rules} />
    </EditPage>
  );
}
