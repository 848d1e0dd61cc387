import type { Metadata } from "next";
import { EditPage } from "@/components/account/edit-page";
import { EmailForm } from "@/components/account/email-form";
import { requireAccountPage } from "@/lib/server/web/page";
import { userToJson } from "@/lib/server/accounts/users";
import { getT, getWords } from "@/lib/i18n/translate";
import { formRules } from "@/lib/server/web/form-rules";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("email.meta") };
}

export default async function AccountEmailPage() {
  const user = userToJson(await requireAccountPage("/account"));
  const [t, words, rules] = await Promise.all([getT("profile"), getWords("profile"), formRules("account")]);
  return (
    <EditPage title={t("email.title")} description={t("email.description")} back={t("edit.back")}>
      <EmailForm user={user} words={words.email} actions={words.edit} rules={rules} />
    </EditPage>
  );
}
