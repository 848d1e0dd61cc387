"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { NotificationPreferencesJson, PreferenceChannel } from "@/lib/shared/people/notifications";
import type { Words } from "@/lib/i18n/words";
import formStyles from "@/components/account/form.module.css";
import styles from "./preferences-form.module.css";

// /account/notifications: a checkbox per kind and channel (PUT /api/account/notifications).

/** `channelLabels` and `words` come from the page (the catalogue's profile.notifications), so no catalogue is in this page's JavaScript. */
export function NotificationPreferencesForm({
  initial,
  channelLabels,
  words: w,
}: {
  initial: NotificationPreferencesJson;
  channelLabels: Record<PreferenceChannel, string>;
  words: Words<"profile">["notifications"];
}) {
  const [kinds, setKinds] = useState(initial.kinds);
  const [saved, setSaved] = useState(false);
  const saving = useApiAction(
    (preferences: { kind: string; channel: PreferenceChannel; enabled: boolean }[]) =>
      api<NotificationPreferencesJson>("/api/account/notifications", { method: "PUT", body: { preferences } }),
    {
      onSuccess: (answer) => {
        setKinds(answer.kinds);
        setSaved(true);
      },
    },
  );
  const status = { saved, error: saving.message, saving: saving.busy };

  const toggle = (kind: string, channel: PreferenceChannel, enabled: boolean) => {
    setKinds((all) => all.map((k) => (k.kind === kind ? { ...k, channels: { ...k.channels, [channel]: enabled } } : k)));
    setSaved(false);
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(false);
    await saving.run(kinds.flatMap((k) => initial.channels.map((channel) => ({ kind: k.kind, channel, enabled: k.channels[channel] }))));
  };

  return (
    <form className={formStyles.form} onSubmit={save}>
      <table className={styles.table}>
        <caption className="sr-only">{w.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{w.kind}</th>
            {initial.channels.map((channel) => (
              <th scope="col" key={channel} className={styles.channel}>
                {channelLabels[channel]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {kinds.map((k) => {
            // The kind in the page's language (the JSON's `label` is English's).
            const label = w.kinds[k.kind as keyof typeof w.kinds] ?? k.label;
            return (
              <tr key={k.kind}>
                <th scope="row" className={styles.kind}>
                  {label}
                </th>
                {initial.channels.map((channel) => (
                  <td key={channel} className={styles.channel}>
                    {/* The label is the target, a thumb's size around the box. */}
                    <label className={styles.hit}>
                      <input
                        type="checkbox"
                        className={styles.checkbox}
                        checked={k.channels[channel]}
                        aria-label={`${label}: ${channelLabels[channel]}`}
                        onChange={(event) => toggle(k.kind, channel, event.target.checked)}
                      />
                    </label>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {status.error && (
        <p className={formStyles.formError} role="alert">
          {status.error}
        </p>
      )}
      <div className={formStyles.actions}>
        <button type="submit" className={buttonClass()} disabled={status.saving}>
          {status.saving ? w.saving : w.save}
        </button>
        <p role="status" className={styles.saved}>
          {status.saved ? w.saved : ""}
        </p>
      </div>
    </form>
  );
}
