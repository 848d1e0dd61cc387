import "server-only";
import {
  defaultEnabled,
  kindsFor,
  PREFERENCE_CHANNELS,
  type NotificationKind,
  type NotificationPreferencesJson,
  type PreferenceChannel,
} from "@/lib/shared/people/notifications";
import type { PreferencesInput } from "@/lib/contract/notifications/rules";
import { translatorFor } from "@/lib/i18n/translate";
import type { Locale } from "@/lib/i18n/locale";
import { db } from "../platform/db";
import type { SessionUser } from "../platform/session-user";

// A person's notification choices (docs/architecture/notifications.md "Preferences"): a row per
// choice they changed, the default (lib/shared/people/notifications.ts) otherwise. The outbox's INSERT
// reads them in the same statement (outbox.ts), so a change applies to the next notification.

type SecurityKind = "password_reset" | "password_changed" | "email_verification" | "email_changed" | "passkey_added" | "team_invitation" | "gift_card";
const labels = new Map<Locale, (kind: NotificationKind) => string>();
/**
 * A kind's name in `locale` (English, the English catalogue's: the JSON's `label`; the unsubscribe
 * page in the reader's): as the preferences page names it, a security kind from `server.notify.kind`.
 */
export function kindLabel(kind: NotificationKind, locale: Locale = "en"): string {
  let label = labels.get(locale);
  if (!label) {
    const preference = translatorFor(locale, "profile.notifications.kinds");
    const security = translatorFor(locale, "server.notify.kind");
    type PreferenceKind = Exclude<NotificationKind, SecurityKind>;
    labels.set(locale, (label = (of) => (preference.has(of as PreferenceKind) ? preference(of as PreferenceKind) : security(of as SecurityKind))));
  }
  return label(kind);
}

export async function getPreferences(user: SessionUser): Promise<NotificationPreferencesJson> {
  const rows = await db.notificationPreference.findMany({ where: { userId: user.id }, select: { kind: true, channel: true, enabled: true } });
  const chosen = new Map(rows.map((row) => [`${row.kind}:${row.channel}`, row.enabled]));
  return {
    channels: [...PREFERENCE_CHANNELS],
    kinds: kindsFor(user).map((kind) => ({
      kind,
      label: kindLabel(kind),
      channels: Object.fromEntries(PREFERENCE_CHANNELS.map((channel) => [channel, chosen.get(`${kind}:${channel}`) ?? defaultEnabled(kind, channel)])) as Record<
        PreferenceChannel,
        boolean
      >,
    })),
  };
}

/** Saves the choices sent (one transaction); the rest keep theirs. Answers every choice as it now stands. */
export async function savePreferences(user: SessionUser, input: PreferencesInput): Promise<NotificationPreferencesJson> {
  await db.$transaction(
    input.preferences.map((choice) =>
      db.notificationPreference.upsert({
        where: { userId_kind_channel: { userId: user.id, kind: choice.kind as NotificationKind, channel: choice.channel } },
        create: { userId: user.id, kind: choice.kind, channel: choice.channel, enabled: choice.enabled },
        update: { enabled: choice.enabled },
      }),
    ),
  );
  return getPreferences(user);
}
