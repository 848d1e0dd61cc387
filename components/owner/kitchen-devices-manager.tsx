"use client";
import { useEffect, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import type { KitchenDeviceJson, KitchenDeviceListJson, PairingCodeJson } from "@/lib/contract/kitchen-devices/schemas";
import { shownPairingCode } from "@/lib/shared/kitchen/devices";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { formatDate, formatShortDateTime, formatTime } from "@/lib/shared/time/format-date";
import { api } from "@/lib/client/api";
import { ResourceManager, ResourceRow, RowButton, useResourceCalls } from "../team/resource-manager";
import { ResourceList } from "../team/resource-list";
import styles from "../team/team.module.css";

/**
 * The restaurant's kitchen tablets on its settings page (docs/architecture/kitchen.md "A board that
 * lives on a tablet"): a pairing code shown on demand (big, with when it dies; typed on the tablet's
 * /kitchen page), the paired tablets with who paired them and when each was last seen, each removed
 * after a confirmation (its board stops at once).
 */
export function KitchenDevicesManager({
  restaurantId,
  timeZone,
  locale,
  pairUrl,
  words: w,
}: {
  restaurantId: number;
  timeZone: string;
  locale: Locale;
  /** The tablet's page to open (/kitchen on the public origin). */
  pairUrl: string;
  words: Words<"kitchen">["devices"];
}) {
  const [list, setList] = useState<KitchenDeviceListJson | null>(null);
  const [failed, setFailed] = useState(false);
  const [code, setCode] = useState<PairingCodeJson | null>(null);
  const { call, busy, status, setStatus } = useResourceCalls();
  const base = `/api/manage/${restaurantId}/kitchen-devices`;

  useEffect(() => {
    api<KitchenDeviceListJson>(base).then(
      (read) => setList(read.pairingExpiresAt && Date.parse(read.pairingExpiresAt) > Date.now() ? read : { ...read, pairingExpiresAt: null }),
      () => setFailed(true),
    );
  }, [base]);

  const showCode = async () => {
    const made = await call("code", () => api<PairingCodeJson>(`${base}/pairing`, { method: "POST" }));
    if (made) setCode(made);
  };

  const remove = async (device: KitchenDeviceJson) => {
    if (!window.confirm(fill(w.confirmRemove, { name: device.name }))) return;
    const done = await call(`remove-${device.id}`, () => api(`${base}/${device.id}`, { method: "DELETE" }).then(() => true));
    if (!done) return;
    setList((was) => was && { ...was, devices: was.devices.filter((d) => d.id !== device.id) });
    setStatus(fill(w.removed, { name: device.name }));
  };

  const waiting = code ? null : (list?.pairingExpiresAt ?? null);
  return (
    <section aria-labelledby="kitchen-devices-title" data-testid="kitchen-devices">
      <h2 id="kitchen-devices-title">{w.title}</h2>
      <p className={styles.meta}>{w.intro}</p>
      <ResourceManager
        formId="kitchen-device-code"
        formTitle={w.code}
        form={
          <>
            <p className={styles.meta}>{fill(w.howTo, { url: pairUrl })}</p>
            {code && (
              <div className={styles.created}>
                <code className={styles.pairingCode} data-testid="pairing-code">
                  {shownPairingCode(code.code)}
                </code>
                <p className={styles.meta}>{fill(w.expires, { time: formatTime(code.expiresAt, timeZone, locale) })}</p>
              </div>
            )}
            {waiting && <p className={styles.meta}>{fill(w.waiting, { time: formatTime(waiting, timeZone, locale) })}</p>}
            <button type="button" className={`${buttonClass()} ${styles.submit}`} onClick={() => void showCode()} disabled={busy === "code"}>
              {code ? w.anotherCode : w.newCode}
            </button>
          </>
        }
        listId="kitchen-device-list"
        listTitle={w.list}
        status={status}
      >
        <ResourceList
          items={list?.devices ?? null}
          waiting={failed ? w.failed : w.loading}
          empty={{ icon: "info", title: w.empty, text: w.emptyText }}
          row={(device) => (
            <ResourceRow
              key={device.id}
              name={device.name}
              details={
                <>
                  <span className={styles.meta}>{fill(w.details, { name: device.pairedBy, date: formatDate(device.createdAt, timeZone, locale) })}</span>
                  {device.lastSeenAt && <span className={styles.meta}>{fill(w.lastSeen, { time: formatShortDateTime(device.lastSeenAt, timeZone, locale) })}</span>}
                </>
              }
              actions={
                <RowButton
                  label={w.remove}
                  on={fill(w.removeThe, { name: device.name })}
                  variant="ghost"
                  onClick={() => void remove(device)}
                  disabled={busy === `remove-${device.id}`}
                />
              }
            />
          )}
        />
      </ResourceManager>
    </section>
  );
}
