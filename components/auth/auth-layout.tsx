import type { ReactNode } from "react";
import { PhotoCaption } from "@/components/ui/photo-caption";
import styles from "./auth-layout.module.css";
import { Photo } from "@/components/ui/photo";

type AuthLayoutProps = { title: string; subtitle: string; photo: string; children: ReactNode };

/** The login and signup pages: a form card beside a food photo (the photo hides on phones). */
export function AuthLayout({ title, subtitle, photo, children }: AuthLayoutProps) {
  return (
    <div className={`container ${styles.wrap}`}>
      <div className={styles.card}>
        <header className={styles.header}>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.subtitle}>{subtitle}</p>
        </header>
        {children}
      </div>
      <div className={styles.photo}>
        <Photo src={photo} alt="" fill sizes="(min-width: 960px) 600px, 100vw" />
        <PhotoCaption src={photo} />
      </div>
    </div>
  );
}
