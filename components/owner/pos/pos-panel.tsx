"use client";
import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiActions } from "@/lib/client/use-api-actions";
import type { MenuImportResult } from "@/lib/contract/menu/file-schemas";
import type { PosStatusJson } from "@/lib/contract/pos/schemas";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { formatShortDateTime } from "@/lib/shared/time/format-date";
import { applyLabel, ImportErrors, ImportSummary, type FileWords } from "../menu-file/import-result";
import styles from "../menu-file/menu-file.module.css";

type PosWords = Words<"kitchen">["pos"];
type Stage = { state: "idle" } | { state: "previewed"; result: MenuImportResult } | { state: "applied"; result: MenuImportResult };

/**
 * The restaurant's point of sale on its settings page (docs/architecture/kitchen.md "The point of
 * sale"): Connect (off to the POS's authorize page, back through /pos/connected); once connected,
 * the link's facts (last sold-out check, dishes linked, orders sent), the catalog's import through
 * the menu file's own preview and apply, and Disconnect (the menu stays).
 */
export function PosPanel({
  restaurantId,
  timeZone,
  locale,
  words: w,
  file,
}: {
  restaurantId: number;
  timeZone: string;
  locale: Locale;
  words: PosWords;
  file: FileWords;
}) {
  const router = useRouter();
  const [status, setStatus] = useState<PosStatusJson | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [stage, setStage] = useState<Stage>({ state: "idle" });
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const actions = useApiActions();
  const base = `/api/manage/${restaurantId}/pos`;
  // The import's sentences in the POS's words where the file's would say "the file".
  const importWords: FileWords = { ...file, has: w.has, photos: w.photos };

  useEffect(() => {
    api<PosStatusJson>(base).then(setStatus, () => setLoadFailed(true));
  }, [base]);

  const run = <T,>(key: string, work: () => Promise<T>) => {
    setError(null);
    setNote(null);
    return actions.run(key, work, (failure) => setError(failure.message));
  };

  const connect = async () => {
    const answer = await run("connect", () => api<{ url: string }>(`${base}/authorize`, { method: "POST" }));
    if (answer) window.location.assign(answer.url);
  };
  const preview = async () => {
    const result = await run("preview", () => api<MenuImportResult>(`${base}/import/preview`, { method: "POST" }));
    if (result) setStage({ state: "previewed", result });
  };
  const apply = async () => {
    const result = await run("apply", () => api<MenuImportResult>(`${base}/import`, { method: "POST" }));
    if (!result) return;
    setStage({ state: "applied", result });
    setStatus(await api<PosStatusJson>(base).catch(() => status));
    router.refresh();
  };
  const disconnect = async () => {
    if (!window.confirm(w.confirmDisconnect)) return;
    const done = await run("disconnect", () => api(base, { method: "DELETE" }).then(() => true));
    if (!done) return;
    setStatus((current) => current && { ...current, connection: null });
    setStage({ state: "idle" });
    setNote(w.disconnected);
  };

  const provider = status?.provider ? w.providers[status.provider] : "";
  const connection = status?.connection ?? null;
  const when = (at: string) => formatShortDateTime(at, timeZone, locale);
  const result = stage.state === "idle" ? null : stage.result;
  return (
    <section id="pos" className={styles.panel} aria-labelledby="pos-title" data-testid="pos">
      <h2 id="pos-title" className={styles.heading}>
        {w.title}
      </h2>
      <p className={styles.hint}>{w.intro}</p>
      {!status && !loadFailed && <p className={styles.hint}>{w.loading}</p>}
      {loadFailed && <p className={styles.error}>{w.failed}</p>}
      {status && !status.provider && <p>{w.unavailable}</p>}
      {status?.provider && !connection && (
        <div className={styles.row}>
          <button type="button" className={buttonClass()} onClick={() => void connect()} disabled={actions.busy === "connect"}>
            {fill(actions.busy === "connect" ? w.connecting : w.connect, { provider })}
          </button>
        </div>
      )}
      {connection && (
        <>
          <div>
            <p className={styles.label}>{fill(w.connected, { provider: w.providers[connection.provider as keyof PosWords["providers"]] ?? connection.provider })}</p>
            <p className={styles.hint}>{fill(w.account, { merchant: connection.merchantId, location: connection.locationId })}</p>
            <p className={styles.hint}>
              {fill(w.since, { when: when(connection.connectedAt) })} · {connection.lastSyncAt ? fill(w.lastSync, { when: when(connection.lastSyncAt) }) : w.neverSynced}
            </p>
            {connection.lastSyncError && <p className={styles.error}>{fill(w.syncFailed, { error: connection.lastSyncError })}</p>}
            <p className={styles.hint}>{fill(w.counts, { dishes: connection.dishes, pushed: connection.ordersPushed, waiting: connection.ordersWaiting })}</p>
          </div>
          <h3 className={styles.label}>{w.importTitle}</h3>
          <p className={styles.hint}>{w.importHint}</p>
          <div className={styles.row}>
            <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => void preview()} disabled={actions.busy !== null}>
              {actions.busy === "preview" ? w.checking : w.preview}
            </button>
            {stage.state === "previewed" && stage.result.created.length + stage.result.updated.length > 0 && (
              <button type="button" className={buttonClass()} onClick={() => void apply()} disabled={actions.busy !== null}>
                {actions.busy === "apply" ? file.importing : applyLabel(stage.result, file)}
              </button>
            )}
          </div>
        </>
      )}
      <div role="status" aria-live="polite" className={styles.status}>
        {error && <p className={styles.error}>{error}</p>}
        {note && <p>{note}</p>}
        {result && <ImportSummary result={result} applied={stage.state === "applied"} words={importWords} />}
      </div>
      {result && <ImportErrors result={result} words={importWords} />}
      {connection && (
        <div className={styles.row}>
          <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => void disconnect()} disabled={actions.busy !== null}>
            {w.disconnect}
          </button>
        </div>
      )}
    </section>
  );
}
