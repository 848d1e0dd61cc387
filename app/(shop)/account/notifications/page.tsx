import type { Metadata } from "next";
import { EditPage } from "@/components/account/edit-page";
import { NotificationPreferencesForm } from "@/components/notifications/preferences-form";
import { CHANNEL_LABELS } from "@/lib/shared/notifications";
import { getPreferences } from "@/lib/server/notifications/preferences";
import { requirePageUser } from "@/lib/server/web/session";

export const metadata: Metadata = { title: "Notifications · Account" };

export default async function AccountNotificationsPage() {
  const user = await requirePageUser();
  const preferences = await getPreferences(user);
  return (
    <EditPage title="Notifications" description="Choose what Nosh tells you, in the app (the bell) and by email. Nosh sends no marketing.">
      <NotificationPreferencesForm initial={preferences} channelLabels={CHANNEL_LABELS} />
    </EditPage>
  );
}
