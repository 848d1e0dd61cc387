import { initials } from "@/components/shell/address";
import type { UserJson } from "@/lib/server/accounts/users";
import styles from "./avatar.module.css";

type AvatarProps = {
  user: Pick<UserJson, "firstName" | "lastName" | "profileImage">;
  /** Rendered size in pixels (the picture is stored at a larger square size). */
  size: number;
  /** Shown to assistive technology; empty where a visible name sits beside the avatar. */
  alt?: string;
  /** A local preview (blob: URL) shown instead of the stored picture while it uploads. */
  previewSrc?: string;
  className?: string;
};

/** The profile picture, or the user's initials on the brand colour when there is none. */
export function Avatar({ user, size, alt = "", previewSrc, className }: AvatarProps) {
  const src = previewSrc ?? user.profileImage;
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  if (!src) {
    return (
      <span
        className={`${styles.avatar} ${className ?? ""}`}
        style={style}
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
      >
        {initials(user)}
      </span>
    );
  }
  // Uploaded pictures are already resized and WebP-encoded by the server, and previews are
  // blob: URLs the optimizer cannot fetch, so both skip Next's image optimizer; a plain <img>
  // (with its size, so nothing shifts) keeps next/image's client code out of the top bar.
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={src} alt={alt} width={size} height={size} decoding="async" className={`${styles.avatar} ${styles.photo} ${className ?? ""}`} style={style} />;
}
