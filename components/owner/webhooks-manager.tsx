"use client";
import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/text-field";
import type { WebhookEndpointJson } from "@/lib/contract/webhooks/schemas";
import { formatShortDateTime } from "@/lib/shared/time/format-date";
import { WEBHOOK_EVENTS, type WebhookEvent } from "@/lib/shared/people/webhooks";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { WebhookLog } from "./webhook-log";
import { api } from "@/lib/client/api";
import { Choices } from "../team/choices";
import { ResourceManager, ResourceRow, RowButton, useResourceCalls } from "../team/resource-manager";
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
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const { call, busy, errors, setErrors, status, setStatus } = useResourceCalls();
  const base = `/api/manage/${restaurantId}/webhooks`;

  const replace = (endpoint: WebhookEndpointJson) => setEndpoints((list) => list.map((e) => (e.id === endpoint.id ? endpoint : e)));

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setSecret(null);
    if (!events.length) return setErrors({ events: w.chooseEvent });
    const answer = await call("add", () => api<{ endpoint: WebhookEndpointJson; secret: string }>(base, { method: "POST", body: { url, events } }));
    if (!answer) return;
    setEndpoints((list) => [...list, answer.endpoint]);
    setSecret({ url: answer.endpoint.url, secret: answer.secret });
    setUrl("");
  };

  const rotate = async (endpoint: WebhookEndpointJson) => {
    if (!window.confirm(w.confirmRotate)) return;
    const answer = await call(`rotate-${endpoint.id}`, () => api<{ endpoint: WebhookEndpointJson; secret: string }>(`${base}/${endpoint.id}/rotate`, { method: "POST" }));
    if (!answer) return;
    replace(answer.endpoint);
    setSecret({ url: answer.endpoint.url, secret: answer.secret });
  };

  const test = async (endpoint: WebhookEndpointJson) => {
    const answer = await call(`test-${endpoint.id}`, () => api(`${base}/${endpoint.id}/test`, { method: "POST" }).then(() => true));
    if (answer) setStatus(fill(w.testSent, { url: endpoint.url }));
  };

  const enable = async (endpoint: WebhookEndpointJson) => {
    const answer = await call(`enable-${endpoint.id}`, () => api<{ endpoint: WebhookEndpointJson }>(`${base}/${endpoint.id}/enable`, { method: "POST" }));
    if (answer) replace(answer.endpoint);
  };

  const remove = async (endpoint: WebhookEndpointJson) => {
    if (!window.confirm(fill(w.confirmDelete, { url: endpoint.url }))) return;
    const done = await call(`delete-${endpoint.id}`, () => api(`${base}/${endpoint.id}`, { method: "DELETE" }).then(() => true));
    if (!done) return;
    setEndpoints((list) => list.filter((e) => e.id !== endpoint.id));
    setStatus(fill(w.deleted, { url: endpoint.url }));
  };

  return (
    <ResourceManager
      formId="hook-add"
      formTitle={w.add}
      form={
        <form onSubmit={add} noValidate>
          <TextField label={w.url} hint={w.urlHint} type="url" autoComplete="off" value={url} onChange={(e) => setUrl(e.target.value)} error={errors.url} required />
          <Choices
            legend={w.eventsLegend}
            options={WEBHOOK_EVENTS.map((event) => ({ value: event, name: event, meta: w.events[event.replaceAll(".", "_") as keyof typeof w.events] }))}
            chosen={events}
            onChange={setEvents}
            error={errors.events}
          />
          <button type="submit" className={`${buttonClass()} ${styles.submit}`} disabled={busy === "add"}>
            {w.addButton}
          </button>
          <p className={styles.meta}>{w.signed}</p>
        </form>
      }
      listId="hook-list"
      listTitle={w.endpoints}
      revealed={
        secret && { label: w.secret, title: fill(w.secretFor, { url: secret.url }), note: w.copyNow, value: secret.secret, testId: "webhook-secret", copyLabel: w.copy }
      }
      status={status}
    >
      {endpoints.length ? (
        <ul className={styles.list}>
          {endpoints.map((e) => (
            <ResourceRow
              key={e.id}
              name={e.url}
              details={
                <>
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
                </>
              }
              actions={
                <>
                  <RowButton label={w.test} on={fill(w.to, { url: e.url })} small onClick={() => test(e)} disabled={busy === `test-${e.id}`} />
                  <RowButton
                    label={w.log}
                    on={fill(w.of, { url: e.url })}
                    variant="secondary"
                    small
                    onClick={() => setOpen(open === e.id ? null : e.id)}
                    aria-expanded={open === e.id}
                  />
                  {e.disabledAt && <RowButton label={w.enable} on={` ${e.url}`} variant="secondary" small onClick={() => enable(e)} />}
                  <RowButton label={w.rotate} on={fill(w.of, { url: e.url })} variant="ghost" small onClick={() => rotate(e)} />
                  <RowButton label={w.delete} on={` ${e.url}`} variant="ghost" small onClick={() => remove(e)} />
                </>
              }
              below={
                open === e.id && (
                  <div className={styles.fullRow}>
                    <WebhookLog base={`${base}/${e.id}`} timeZone={timeZone} words={logWords} locale={locale} />
                  </div>
                )
              }
            />
          ))}
        </ul>
      ) : (
        <EmptyState icon="bell" title={w.empty}>
          {w.emptyText}
        </EmptyState>
      )}
    </ResourceManager>
  );
}
