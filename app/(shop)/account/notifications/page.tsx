import type { Metadata } from "next";
import { EditPage } from "@/components/account/edit-page";
import { NotificationPreferencesForm } from "@/components/notifications/preferences-form";
import { PushDevice } from "@/components/notifications/push-device";
import { CHANNEL_LABELS } from "@/lib/shared/notifications";
import { getPreferences } from "@/lib/server/notifications/preferences";
import { requirePageUser } from "@/lib/server/web/session";

export const metadata: Metadata = { title: "Notifications · Account" };

export default async function AccountNotificationsPage() {
  const user = await requirePageUser();
  const preferences = await getPreferences(user);
  return (
    <EditPage
      title="Notifications"
      description="Choose what Nosh tells you: in the app (the bell), by email, and by push on the devices where you turn it on. Nosh sends no marketing."
    >
      <PushDevice />
      <NotificationPreferencesForm initial={preferences} channelLabels={CHANNEL_LABELS} />
    </EditPage>
  );
}
