"use client";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { DOCUMENT_KINDS, type DocumentKind, type OnboardingJson } from "@/lib/shared/courier-onboarding";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import { formatDay } from "@/lib/shared/format-date";
import type { Locale } from "@/lib/i18n/locale";
import styles from "./courier.module.css";

const TONE = { pending: "info", approved: "success", resubmit: "error", rejected: "error" } as const;

/**
 * The courier's documents: whether they may go on shift (and why not), the background check, each
 * document's newest upload with its review and expiry, and the upload form (a photo and the
 * expiry date printed on it). Errors sit beside their field.
 */
export function CourierDocuments({
  initial,
  courier,
  words: w,
  vehicles,
  locale,
}: {
  initial: OnboardingJson;
  courier: boolean;
  words: Words<"courier">["documents"];
  vehicles: Words<"courier">["vehicles"];
  /** The expiry dates' language: "30 jun 2028", "Jun 30, 2028". */
  locale: Locale;
}) {
  const [onboarding, setOnboarding] = useState(initial);
  const [done, setDone] = useState<string | null>(null);
  // The upload, then the documents read again; each field's refusal beside it, the rest under the form.
  const send = useApiAction(
    async (body: FormData) => {
      await api("/api/courier/documents", { method: "POST", body });
      return api<{ onboarding: OnboardingJson }>("/api/courier/onboarding");
    },
    { onSuccess: (answer) => setOnboarding(answer.onboarding) },
  );
  const busy = send.busy;
  const errors: Record<string, string> = send.failure ? { ...send.errors, form: Object.keys(send.errors).length ? "" : send.failure.message } : {};
  const newest = (kind: DocumentKind) => onboarding.documents.find((d) => d.kind === kind);

  const upload = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const kind = String(data.get("kind")) as DocumentKind;
    const body = new FormData();
    body.set("data", JSON.stringify({ kind, expiresOn: String(data.get("expiresOn") ?? "") }));
    const file = data.get("photo");
    if (file instanceof File && file.size > 0) body.set("photo", file);
    setDone(null);
    if (!(await send.run(body))) return;
    setDone(fill(w.uploaded, { kind: w.kinds[kind] }));
    form.reset();
  };

  return (
    <div className={styles.app}>
      <h1 className={styles.shiftTitle}>{w.title}</h1>
      <section className={`${styles.card} ${onboarding.blocked ? "" : styles.shiftOn}`} aria-labelledby="docs-status">
        <h2 id="docs-status">{onboarding.blocked ? w.notReady : w.ready}</h2>
        <p role="status">{onboarding.blocked ?? w.inOrder}</p>
        <p className={styles.muted}>{fill(w.vehicleCheck, { vehicle: vehicles[onboarding.vehicle], check: w.checks[onboarding.backgroundCheck.status] })}</p>
      </section>

      {onboarding.needsDocuments ? (
        <>
          <section className={styles.card} aria-labelledby="docs-list">
            <h2 id="docs-list">{w.list}</h2>
            <ul className={styles.docList}>
              {DOCUMENT_KINDS.map((kind) => {
                const d = newest(kind);
                return (
                  <li key={kind} className={styles.docItem} data-document={kind}>
                    <div className={styles.offerHead}>
                      <strong>{w.kinds[kind]}</strong>
                      {d ? (
                        <Badge tone={d.expired && d.status === "approved" ? "error" : TONE[d.status]}>
                          {d.expired && d.status === "approved" ? w.expired : w.statuses[d.status]}
                        </Badge>
                      ) : (
                        <Badge>{w.notUploaded}</Badge>
                      )}
                    </div>
                    {d && <p className={styles.muted}>{fill(w.expiresOn, { date: formatDay(d.expiresOn, locale) })}</p>}
                    {d?.reason && <p className={styles.why}>{fill(w.says, { reason: d.reason })}</p>}
                    {d?.expiresSoon && <p className={styles.why}>{w.expiresSoon}</p>}
                  </li>
                );
              })}
            </ul>
          </section>
          <section className={styles.card} aria-labelledby="docs-upload">
            <h2 id="docs-upload">{w.upload}</h2>
            <form
              className={styles.docForm}
              onSubmit={(event) => {
                event.preventDefault();
                void upload(event.currentTarget);
              }}
              noValidate
            >
              <SelectField label={w.document} name="kind" error={errors.kind} defaultValue="licence">
                {DOCUMENT_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {w.kinds[kind]}
                  </option>
                ))}
              </SelectField>
              <TextField label={w.expiry} name="expiresOn" type="date" required error={errors.expiresOn} />
              <TextField label={w.photo} name="photo" type="file" accept="image/png,image/jpeg,image/webp" required error={errors.photo} hint={w.photoHint} />
              <button type="submit" className={buttonClass()} disabled={busy}>
                {busy ? w.uploading : w.send}
              </button>
              {errors.form && <p role="alert">{errors.form}</p>}
              {done && <p role="status">{done}</p>}
            </form>
          </section>
        </>
      ) : (
        <p className={styles.card}>{fill(w.noDocuments, { vehicle: vehicles[onboarding.vehicle].toLowerCase() })}</p>
      )}
      <p>
        <Link href="/courier">{courier ? w.back : w.application}</Link>
        {courier && w.payoutAccount}
      </p>
    </div>
  );
}
