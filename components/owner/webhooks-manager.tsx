"use client";
import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/text-field";
import type { WebhookEndpointJson } from "@/lib/contract/webhook-schemas";
import { formatShortDateTime } from "@/lib/shared/format-date";
import { WEBHOOK_EVENTS, type WebhookEvent } from "@/lib/shared/webhooks";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import { WebhookLog } from "./webhook-log";
import styles from "../team/team.module.css";

/**
 * A restaurant's webhooks page (docs/architecture/webhooks.md): add an endpoint (URL and events;
 * its secret shown once), then each endpoint with its state, "Send test event", secret rotation,
 * deletion, re-enabling, and its delivery log with Resend.
 */
export function WebhooksManager({
  restaurantId,
  timeZone,
  initial,
  words: w,
  logWords,
  locale,
}: {
  restaurantId: number;
  timeZone: string;
  initial: WebhookEndpointJson[];
  words: Words<"menus">["webhooks"];
  logWords: Words<"menus">["webhookLog"];
  locale: Locale;
}) {
  const when = (at: string) => formatShortDateTime(at, timeZone, locale);
  const [endpoints, setEndpoints] = useState(initial);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["order.placed"]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const base = `/api/manage/${restaurantId}/webhooks`;

  const call = async <T,>(tag: string, work: (api: typeof import("@/lib/client/api").api) => Promise<T>): Promise<T | null> => {
    setBusy(tag);
    setStatus(null);
    const { api, ApiClientError, SERVER_FAILURE } = await import("@/lib/client/api");
    try {
      return await work(api);
    } catch (error) {
      if (error instanceof ApiClientError) {
        setErrors(error.errors);
        setStatus(error.message);
      } else setStatus(SERVER_FAILURE);
      return null;
    } finally {
      setBusy(null);
    }
  };
  const replace = (endpoint: WebhookEndpointJson) => setEndpoints((list) => list.map((e) => (e.id === endpoint.id ? endpoint : e)));

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setSecret(null);
    if (!events.length) return setErrors({ events: w.chooseEvent });
    const answer = await call("add", (api) => api<{ endpoint: WebhookEndpointJson; secret: string }>(base, { method: "POST", body: { url, events } }));
    if (!answer) return;
    setEndpoints((list) => [...list, answer.endpoint]);
    setSecret({ url: answer.endpoint.url, secret: answer.secret });
    setUrl("");
  };

  const rotate = async (endpoint: WebhookEndpointJson) => {
    if (!window.confirm(w.confirmRotate)) return;
    const answer = await call(`rotate-${endpoint.id}`, (api) =>
      api<{ endpoint: WebhookEndpointJson; secret: string }>(`${base}/${endpoint.id}/rotate`, { method: "POST" }),
    );
    if (!answer) return;
    replace(answer.endpoint);
    setSecret({ url: answer.endpoint.url, secret: answer.secret });
  };

  const test = async (endpoint: WebhookEndpointJson) => {
    const answer = await call(`test-${endpoint.id}`, (api) => api(`${base}/${endpoint.id}/test`, { method: "POST" }));
    if (answer !== null) setStatus(fill(w.testSent, { url: endpoint.url }));
  };

  const enable = async (endpoint: WebhookEndpointJson) => {
    const answer = await call(`enable-${endpoint.id}`, (api) => api<{ endpoint: WebhookEndpointJson }>(`${base}/${endpoint.id}/enable`, { method: "POST" }));
    if (answer) replace(answer.endpoint);
  };

  const remove = async (endpoint: WebhookEndpointJson) => {
    if (!window.confirm(fill(w.confirmDelete, { url: endpoint.url }))) return;
    const done = await call(`delete-${endpoint.id}`, (api) => api(`${base}/${endpoint.id}`, { method: "DELETE" }));
    if (done === null) return;
    setEndpoints((list) => list.filter((e) => e.id !== endpoint.id));
    setStatus(fill(w.deleted, { url: endpoint.url }));
  };

  const toggle = (event: WebhookEvent, on: boolean) => setEvents((list) => (on ? [...list, event] : list.filter((e) => e !== event)));

  return (
    <div className={styles.layout}>
      <section className={styles.panel} aria-labelledby="hook-add">
        <h2 id="hook-add" className={styles.panelTitle}>
          {w.add}
        </h2>
        <form onSubmit={add} noValidate>
          <TextField label={w.url} hint={w.urlHint} type="url" autoComplete="off" value={url} onChange={(e) => setUrl(e.target.value)} error={errors.url} required />
          <fieldset className={styles.scopes}>
            <legend className={styles.name}>{w.eventsLegend}</legend>
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event} className={styles.scope}>
                <input type="checkbox" checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />
                <span>
                  <span className={styles.name}>{event}</span>
                  <span className={styles.meta}>{w.events[event.replaceAll(".", "_") as keyof typeof w.events]}</span>
                </span>
              </label>
            ))}
            {errors.events && <p className={styles.error}>{errors.events}</p>}
          </fieldset>
          <button type="submit" className={`${buttonClass()} ${styles.submit}`} disabled={busy === "add"}>
            {w.addButton}
          </button>
          <p className={styles.meta}>{w.signed}</p>
        </form>
      </section>
      <section aria-labelledby="hook-list">
        {secret && (
          <div className={styles.created} role="region" aria-label={w.secret}>
            <p className={styles.name}>{fill(w.secretFor, { url: secret.url })}</p>
            <p className={styles.meta}>{w.copyNow}</p>
            <code className={styles.key} data-testid="webhook-secret">
              {secret.secret}
            </code>
            <span className={styles.actions}>
              <CopyButton text={secret.secret} label={w.copy} />
            </span>
          </div>
        )}
        <p className={styles.status} role="status">
          {status}
        </p>
        <h2 id="hook-list" className={styles.panelTitle}>
          {w.endpoints}
        </h2>
        {endpoints.length ? (
          <ul className={styles.list}>
            {endpoints.map((e) => (
              <li key={e.id} className={styles.row}>
                <span className={styles.who}>
                  <span className={styles.name}>{e.url}</span>
                  <span className={styles.badges}>
                    {e.disabledAt ? (
                      <Badge tone="error">{fill(w.disabled, { at: when(e.disabledAt) })}</Badge>
                    ) : e.failingSince ? (
                      <Badge tone="error">{fill(w.failing, { at: when(e.failingSince) })}</Badge>
                    ) : (
                      <Badge tone="success">{w.enabled}</Badge>
                    )}
                    {e.events.map((event) => (
                      <Badge key={event} tone="info">
                        {event}
                      </Badge>
                    ))}
                  </span>
                  {e.previousSecretUntil && <span className={styles.meta}>{fill(w.previous, { at: when(e.previousSecretUntil) })}</span>}
                </span>
                <span className={styles.actions}>
                  <button type="button" className={buttonClass({ size: "small" })} onClick={() => test(e)} disabled={busy === `test-${e.id}`}>
                    {w.test}
                    <span className="sr-only">{fill(w.to, { url: e.url })}</span>
                  </button>
                  <button
                    type="button"
                    className={buttonClass({ variant: "secondary", size: "small" })}
                    onClick={() => setOpen(open === e.id ? null : e.id)}
                    aria-expanded={open === e.id}
                  >
                    {w.log}
                    <span className="sr-only">{fill(w.of, { url: e.url })}</span>
                  </button>
                  {e.disabledAt && (
                    <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => enable(e)}>
                      {w.enable}
                      <span className="sr-only"> {e.url}</span>
                    </button>
                  )}
                  <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={() => rotate(e)}>
                    {w.rotate}
                    <span className="sr-only">{fill(w.of, { url: e.url })}</span>
                  </button>
                  <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={() => remove(e)}>
                    {w.delete}
                    <span className="sr-only"> {e.url}</span>
                  </button>
                </span>
                {open === e.id && (
                  <div className={styles.fullRow}>
                    <WebhookLog base={`${base}/${e.id}`} timeZone={timeZone} words={logWords} locale={locale} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState icon="bell" title={w.empty}>
            {w.emptyText}
          </EmptyState>
        )}
      </section>
    </div>
  );
}
