"use client";
import { useState } from "react";

// One small client component per card, as a catalog page has: its props go into the RSC payload
// and the page hydrates it.
export function LikeButton({ id }: { id: number }) {
  const [liked, setLiked] = useState(false);
  return (
    <button type="button" aria-pressed={liked} aria-label={`Save restaurant ${id}`} onClick={() => setLiked(!liked)}>
      {liked ? "♥" : "♡"}
    </button>
  );
}
