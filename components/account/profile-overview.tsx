"use client";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { useSession } from "@/components/providers/session-provider";
import { displayName, formatAddress } from "@/components/shell/address";
import { DeliveryInstructionsForm } from "./delivery-instructions-form";
import { EmailText } from "./email-text";
import { formatPhone } from "./format-phone";
import { DetailRow } from "./detail-row";
import { PictureUpload } from "./picture-upload";
import styles from "./account.module.css";

// The address dialog loads on first opening, as from the top bar.
const AddressEditor = lazy(() => import("@/components/shell/address-editor").then((m) => ({ default: m.AddressEditor })));

/**
 * The signed-in account: picture, saved details with the way to edit each, and the
 * delivery instructions. It reads the session so every save shows here at once. `children`
 * (server-rendered cards: security, the data download, the danger zone) go below the sections.
 */
export function ProfileOverview({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  const [editingAddress, setEditingAddress] = useState(false);
  if (!user) return null;
  const name = displayName(user);

  return (
    <div className={styles.layout}>
      <section className={`${styles.card} ${styles.identity}`} aria-labelledby="account-identity">
        <PictureUpload user={user}>
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
        <section className={styles.card} aria-labelledby="account-details">
          <h2 id="account-details" className={styles.sectionTitle}>
            Personal details
          </h2>
          <ul className={styles.rows}>
            <DetailRow label="Name" value={name} action={{ text: "Edit", name: "Edit name", href: "/account/name" }} />
            <DetailRow label="Email" value={user.email} email action={{ text: "Edit", name: "Edit email", href: "/account/email" }} />
            <DetailRow label="Phone number" value={formatPhone(user.phoneNumber)} action={{ text: "Edit", name: "Edit phone number", href: "/account/phone" }} />
            <DetailRow label="Password" value="••••••••" masked action={{ text: "Change", name: "Change password", href: "/account/password" }} />
            <DetailRow label="Notifications" value="Receipts and order updates" action={{ text: "Edit", name: "Edit notifications", href: "/account/notifications" }} />
          </ul>
        </section>

        <section className={styles.card} aria-labelledby="account-delivery">
          <h2 id="account-delivery" className={styles.sectionTitle}>
            Delivery
          </h2>
          <ul className={styles.rows}>
            <DetailRow
              label="Delivery address"
              value={formatAddress(user)}
              action={{ text: "Edit", name: "Edit delivery address", onClick: () => setEditingAddress(true) }}
            />
          </ul>
          <DeliveryInstructionsForm user={user} />
        </section>

        {children}
      </div>
      {editingAddress && (
        <Suspense fallback={null}>
          <AddressEditor open onClose={() => setEditingAddress(false)} />
        </Suspense>
      )}
    </div>
  );
}
