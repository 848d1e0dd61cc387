"use client";
import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { TeamInvitationJson, TeamJson, TeamMemberJson } from "@/lib/contract/team/schemas";
import { formatShortDateTime } from "@/lib/shared/time/format-date";
import { INVITATION_DAYS, TEAM_ROLES, type TeamRole } from "@/lib/shared/people/team";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { api } from "@/lib/client/api";
import { ResourceManager, ResourceRow, RowButton, useResourceCalls } from "./resource-manager";
import styles from "./team.module.css";

/**
 * The owner's Team page (docs/architecture/team.md): invite by email as manager or staff, then
 * the members (change a role, remove at once) and the invitations still pending (withdraw).
 */
export function TeamManager({
  restaurantId,
  initial,
  words,
  locale,
}: {
  restaurantId: number;
  initial: TeamJson;
  /** Its words (the catalogue's menus.team, the roles and what each may do) and the dates' language. */
  words: Pick<Words<"menus">, "team" | "roles" | "roleDescriptions">;
  locale: Locale;
}) {
  const { team: w, roles: ROLE_LABELS, roleDescriptions: ROLE_DESCRIPTIONS } = words;
  const [members, setMembers] = useState(initial.members);
  const [invitations, setInvitations] = useState(initial.invitations);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<TeamRole>("staff");
  const { call, busy, errors, setErrors, status, setStatus } = useResourceCalls();
  const base = `/api/manage/${restaurantId}/team`;

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const answer = await call("invite", () => api<{ invitation: TeamInvitationJson }>(`${base}/invitations`, { method: "POST", body: { email, role } }));
    if (!answer) return;
    setInvitations((list) => [...list.filter((i) => i.email !== answer.invitation.email), answer.invitation]);
    setStatus(fill(w.invited, { email: answer.invitation.email }));
    setEmail("");
  };

  const changeRole = async (member: TeamMemberJson, next: TeamRole) => {
    const done = await call(`role-${member.userId}`, () => api(`${base}/${member.userId}`, { method: "PUT", body: { role: next } }).then(() => true));
    if (!done) return;
    setMembers((list) => list.map((m) => (m.userId === member.userId ? { ...m, role: next } : m)));
    setStatus(fill(w.roleChanged, { name: member.firstName, role: ROLE_LABELS[next] }));
  };

  const remove = async (member: TeamMemberJson) => {
    if (!window.confirm(fill(w.confirmRemove, { name: member.firstName }))) return;
    const done = await call(`remove-${member.userId}`, () => api(`${base}/${member.userId}`, { method: "DELETE" }).then(() => true));
    if (!done) return;
    setMembers((list) => list.filter((m) => m.userId !== member.userId));
    setStatus(fill(w.removed, { name: member.firstName }));
  };

  const withdraw = async (invitation: TeamInvitationJson) => {
    const done = await call(`withdraw-${invitation.id}`, () => api(`${base}/invitations/${invitation.id}`, { method: "DELETE" }).then(() => true));
    if (!done) return;
    setInvitations((list) => list.filter((i) => i.id !== invitation.id));
    setStatus(fill(w.withdrawn, { email: invitation.email }));
  };

  return (
    <ResourceManager
      formId="team-invite"
      formTitle={w.invite}
      form={
        <>
          <ul className={styles.roles}>
            {TEAM_ROLES.map((r) => (
              <li key={r}>
                <strong>{ROLE_LABELS[r]}</strong>: {ROLE_DESCRIPTIONS[r]}
              </li>
            ))}
          </ul>
          <form onSubmit={invite} noValidate>
            <TextField label={w.email} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} required />
            <SelectField label={w.role} value={role} onChange={(e) => setRole(e.target.value as TeamRole)} error={errors.role}>
              {TEAM_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </SelectField>
            <button type="submit" className={`${buttonClass()} ${styles.submit}`} disabled={busy === "invite"}>
              {w.send}
            </button>
            <p className={styles.meta}>{fill(w.linkWorks, { days: INVITATION_DAYS })}</p>
          </form>
        </>
      }
      listId="team-members"
      listTitle={w.members}
      status={status}
    >
      {members.length ? (
        <ul className={styles.list}>
          {members.map((m) => (
            <ResourceRow
              key={m.userId}
              name={
                <>
                  {m.firstName} {m.lastName ?? ""}
                </>
              }
              details={<span className={styles.meta}>{m.email}</span>}
              actions={
                <>
                  <SelectField
                    label={fill(w.roleOf, { name: m.firstName })}
                    value={m.role}
                    onChange={(e) => changeRole(m, e.target.value as TeamRole)}
                    disabled={busy === `role-${m.userId}`}
                  >
                    {TEAM_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </SelectField>
                  <RowButton label={w.remove} on={` ${m.firstName}`} variant="ghost" onClick={() => remove(m)} disabled={busy === `remove-${m.userId}`} />
                </>
              }
            />
          ))}
        </ul>
      ) : (
        <p className={styles.meta}>{w.noMembers}</p>
      )}
      <h2 className={styles.panelTitle}>{w.pending}</h2>
      {invitations.length ? (
        <ul className={styles.list}>
          {invitations.map((i) => (
            <ResourceRow
              key={i.id}
              name={i.email}
              details={<span className={styles.meta}>{fill(w.until, { at: formatShortDateTime(i.expiresAt, undefined, locale) })}</span>}
              actions={
                <>
                  <Badge tone="info">{ROLE_LABELS[i.role]}</Badge>
                  <RowButton
                    label={w.withdraw}
                    on={fill(w.withdrawThe, { email: i.email })}
                    variant="ghost"
                    onClick={() => withdraw(i)}
                    disabled={busy === `withdraw-${i.id}`}
                  />
                </>
              }
            />
          ))}
        </ul>
      ) : (
        <p className={styles.meta}>{w.none}</p>
      )}
    </ResourceManager>
  );
}
