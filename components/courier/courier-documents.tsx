"use client";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { ApiClientError, SERVER_FAILURE, api } from "@/lib/client/api";
import {
  CHECK_STATUS_LABELS,
  DOCUMENT_KINDS,
  DOCUMENT_LABELS,
  DOCUMENT_STATUS_LABELS,
  VEHICLE_LABELS,
  type DocumentKind,
  type OnboardingJson,
} from "@/lib/shared/courier-onboarding";
import styles from "./courier.module.css";

const TONE = { pending: "info", approved: "success", resubmit: "error", rejected: "error" } as const;

/**
 * The courier's documents: whether they may go on shift (and why not), the background check, each
 * document's newest upload with its review and expiry, and the upload form (a photo and the
 * expiry date printed on it). Errors sit beside their field.
 */
export function CourierDocuments({ initial, courier }: { initial: OnboardingJson; courier: boolean }) {
  const [onboarding, setOnboarding] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const newest = (kind: DocumentKind) => onboarding.documents.find((d) => d.kind === kind);

  const upload = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const kind = String(data.get("kind")) as DocumentKind;
    const body = new FormData();
    body.set("data", JSON.stringify({ kind, expiresOn: String(data.get("expiresOn") ?? "") }));
    const file = data.get("photo");
    if (file instanceof File && file.size > 0) body.set("photo", file);
    setBusy(true);
    setErrors({});
    setDone(null);
    try {
      await api("/api/courier/documents", { method: "POST", body });
      const answer = await api<{ onboarding: OnboardingJson }>("/api/courier/onboarding");
      setOnboarding(answer.onboarding);
      setDone(`${DOCUMENT_LABELS[kind]} uploaded: Nosh reviews it soon.`);
      form.reset();
    } catch (e) {
      setErrors(e instanceof ApiClientError ? { ...e.errors, form: Object.keys(e.errors).length ? "" : e.message } : { form: SERVER_FAILURE });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.app}>
      <h1 className={styles.shiftTitle}>Your courier documents</h1>
      <section className={`${styles.card} ${onboarding.blocked ? "" : styles.shiftOn}`} aria-labelledby="docs-status">
        <h2 id="docs-status">{onboarding.blocked ? "Not ready for shifts yet" : "Ready to deliver"}</h2>
        <p role="status">{onboarding.blocked ?? "Your documents and background check are in order."}</p>
        <p className={styles.muted}>
          Vehicle: {VEHICLE_LABELS[onboarding.vehicle]} · Background check: {CHECK_STATUS_LABELS[onboarding.backgroundCheck.status]}
        </p>
      </section>

      {onboarding.needsDocuments ? (
        <>
          <section className={styles.card} aria-labelledby="docs-list">
            <h2 id="docs-list">Documents</h2>
            <ul className={styles.docList}>
              {DOCUMENT_KINDS.map((kind) => {
                const d = newest(kind);
                return (
                  <li key={kind} className={styles.docItem} data-document={kind}>
                    <div className={styles.offerHead}>
                      <strong>{DOCUMENT_LABELS[kind]}</strong>
                      {d ? (
                        <Badge tone={d.expired && d.status === "approved" ? "error" : TONE[d.status]}>
                          {d.expired && d.status === "approved" ? "Expired" : DOCUMENT_STATUS_LABELS[d.status]}
                        </Badge>
                      ) : (
                        <Badge>Not uploaded</Badge>
                      )}
                    </div>
                    {d && <p className={styles.muted}>Expires on {d.expiresOn}</p>}
                    {d?.reason && <p className={styles.why}>Nosh says: {d.reason}</p>}
                    {d?.expiresSoon && <p className={styles.why}>It expires within 14 days: upload the new one before then to keep getting offers.</p>}
                  </li>
                );
              })}
            </ul>
          </section>
          <section className={styles.card} aria-labelledby="docs-upload">
            <h2 id="docs-upload">Upload a document</h2>
            <form
              className={styles.docForm}
              onSubmit={(event) => {
                event.preventDefault();
                void upload(event.currentTarget);
              }}
              noValidate
            >
              <SelectField label="Document" name="kind" error={errors.kind} defaultValue="licence">
                {DOCUMENT_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {DOCUMENT_LABELS[kind]}
                  </option>
                ))}
              </SelectField>
              <TextField label="Expiry date (as printed on it)" name="expiresOn" type="date" required error={errors.expiresOn} />
              <TextField
                label="Photo of the document"
                name="photo"
                type="file"
                accept="image/png,image/jpeg,image/webp"
                required
                error={errors.photo}
                hint="PNG, JPEG or WebP, at most 5 MB. Only Nosh's team sees it."
              />
              <button type="submit" className={buttonClass()} disabled={busy}>
                {busy ? "Uploading…" : "Upload"}
              </button>
              {errors.form && <p role="alert">{errors.form}</p>}
              {done && <p role="status">{done}</p>}
            </form>
          </section>
        </>
      ) : (
        <p className={styles.card}>A {VEHICLE_LABELS[onboarding.vehicle].toLowerCase()} needs no driving licence or insurance.</p>
      )}
      <p>
        {courier ? <Link href="/courier">Back to the courier app</Link> : <Link href="/courier">Your application</Link>}
        {courier && " · Your payout account is in Earnings."}
      </p>
    </div>
  );
}
