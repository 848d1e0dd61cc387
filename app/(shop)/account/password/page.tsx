import type { Metadata } from "next";
import { EditPage } from "@/components/account/edit-page";
import { PasswordForm } from "@/components/account/password-form";
import { requireAccountPage } from "@/lib/server/web/page";
import { getT, getWords } from "@/lib/i18n/translate";
import { formRules } from "@/lib/server/web/form-rules";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("password.meta") };
}

export default async function AccountPasswordPage() {
  await requireAccountPage("/account");
  const [t, words, rules] = await Promise.all([getT("profile"), getWords("profile"), formRules("account")]);
  return (
    <EditPage title={t("password.title")} description={t("password.description")} back={t("edit.back")}>
      <PasswordForm words={words.password} actions={words.edit} rules={rules} />
    </EditPage>
  );
}
