import type { Metadata } from "next";
import { EditPage } from "@/components/account/edit-page";
import { NotificationPreferencesForm } from "@/components/notifications/preferences-form";
import { PushDevice } from "@/components/notifications/push-device";
import { getT, getWords } from "@/lib/i18n/translate";
import { getPreferences } from "@/lib/server/notifications/preferences";
import { requirePageUser } from "@/lib/server/web/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("notifications.meta") };
}

export default async function AccountNotificationsPage() {
  const user = await requirePageUser();
  const [preferences, t, words] = await Promise.all([getPreferences(user), getT("profile"), getWords("profile")]);
  const w = words.notifications;
  return (
    <EditPage title={t("notifications.title")} description={t("notifications.description")} back={t("edit.back")}>
      <PushDevice words={w.push} />
      <NotificationPreferencesForm initial={preferences} channelLabels={w.channels} words={w} />
    </EditPage>
  );
}
