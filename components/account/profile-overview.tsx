"use client";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { useSession } from "@/components/providers/session-provider";
import { displayName, formatAddress } from "@/components/shell/address";
import { DeliveryInstructionsForm } from "./delivery-instructions-form";
import { EmailText } from "./email-text";
import { formatPhone } from "./format-phone";
import { DetailRow } from "./detail-row";
import { PictureUpload } from "./picture-upload";
import type { Words } from "@/lib/i18n/words";
import type { RuleWords } from "@/lib/contract/zod-free/form-values";
import type { AddressEditorWords } from "@/components/shell/address-editor";
import styles from "./account.module.css";
import { TitledSection } from "@/components/ui/titled-section";

// The address dialog loads on first opening, as from the top bar.
const AddressEditor = lazy(() => import("@/components/shell/address-editor").then((m) => ({ default: m.AddressEditor })));

/**
 * The signed-in account: picture, saved details with the way to edit each, and the
 * delivery instructions. It reads the session so every save shows here at once. `children`
 * (server-rendered cards: security, the data download, the danger zone) go below the sections.
 */
export function ProfileOverview({
  words: w,
  addressWords,
  pictureRules,
  children,
}: {
  words: Words<"profile">["account"];
  addressWords: AddressEditorWords;
  /** The picture's early checks in the page's language (lib/server/web/form-rules.ts "picture"). */
  pictureRules?: RuleWords;
  children?: ReactNode;
}) {
  const { user } = useSession();
  const [editingAddress, setEditingAddress] = useState(false);
  if (!user) return null;
  const name = displayName(user);

  return (
    <div className={styles.layout}>
      <section className={`${styles.card} ${styles.identity}`} aria-labelledby="account-identity">
        <PictureUpload user={user} words={w.picture} rules={pictureRules}>
          <div className={styles.identityText}>
            <h2 id="account-identity" className={styles.name}>
              {name}
            </h2>
            {user.email ? (
              <p className={`${styles.muted} ${styles.email}`}>
                <EmailText email={user.email} />
              </p>
            ) : (
              user.phoneNumber && <p className={styles.muted}>{formatPhone(user.phoneNumber)}</p>
            )}
          </div>
        </PictureUpload>
      </section>

      <div className={styles.sections}>
        <TitledSection id="account-details" title={w.details} className={styles.card} titleClassName={styles.sectionTitle}>
          <ul className={styles.rows}>
            <DetailRow label={w.name} value={name} words={w} action={{ text: w.edit, name: w.editName, href: "/account/name" }} />
            <DetailRow label={w.email} value={user.email} email words={w} action={{ text: w.edit, name: w.editEmail, href: "/account/email" }} />
            <DetailRow label={w.phone} value={formatPhone(user.phoneNumber)} words={w} action={{ text: w.edit, name: w.editPhone, href: "/account/phone" }} />
            <DetailRow label={w.password} value="••••••••" masked words={w} action={{ text: w.change, name: w.changePassword, href: "/account/password" }} />
            <DetailRow
              label={w.notifications}
              value={w.notificationsValue}
              words={w}
              action={{ text: w.edit, name: w.editNotifications, href: "/account/notifications" }}
            />
          </ul>
        </TitledSection>

        <TitledSection id="account-delivery" title={w.delivery} className={styles.card} titleClassName={styles.sectionTitle}>
          <ul className={styles.rows}>
            <DetailRow label={w.address} value={formatAddress(user)} words={w} action={{ text: w.edit, name: w.editAddress, onClick: () => setEditingAddress(true) }} />
          </ul>
          <DeliveryInstructionsForm user={user} words={w.instructions} />
        </TitledSection>

        {children}
      </div>
      {editingAddress && (
        <Suspense fallback={null}>
          <AddressEditor open onClose={() => setEditingAddress(false)} words={addressWords} />
        </Suspense>
      )}
    </div>
  );
}
