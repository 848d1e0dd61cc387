import type { Metadata } from "next";
import { EditPage } from "@/components/account/edit-page";
import { NameForm } from "@/components/account/name-form";
import { requireAccountPage } from "@/lib/server/web/page";
import { userToJson } from "@/lib/server/accounts/users";
import { getT, getWords } from "@/lib/i18n/translate";
import { formRules } from "@/lib/server/web/form-rules";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("name.meta") };
}

export default async function AccountNamePage() {
  const user = userToJson(await requireAccountPage("/account"));
  const [t, words, rules] = await Promise.all([getT("profile"), getWords("profile"), formRules("account")]);
  return (
    <EditPage title={t("name.title")} description={t("name.description")} back={t("edit.back")}>
      <NameForm user={user} words={words.name} actions={words.edit} rules={rules} />
    </EditPage>
  );
}
