import { LikeButton } from "./like-button";

// The bare page's content: CARDS restaurant cards of the markup a catalog page shows (a photo,
// a name, a cuisine line, a status line, a rating, a client component), so the HTML and the RSC
// payload Next.js writes for them are of the size of Nosh's /home. CARDS is set at build time
// by bench/run.mjs (BASELINE_CARDS) from the size of the /home it measures.
export const CARDS = Number(process.env.BASELINE_CARDS ?? 60);

const CUISINES = ["American", "Italian", "Mexican", "Thai", "Japanese", "Indian", "Greek", "Korean"];

export function Cards() {
  return (
    <main>
      <h1>Restaurants near you</h1>
      <ul className="grid">
        {Array.from({ length: CARDS }, (_, i) => (
          <li key={i} className="card">
            <a href={`/restaurants/${i + 1}`} className="card-link">
              {/* eslint-disable-next-line @next/next/no-img-element -- Nosh's photos are plain <img> too (components/ui/photo.tsx) */}
              <img src={`/images/food/photo-${i % 12}.webp`} alt="" width={320} height={200} loading={i < 4 ? "eager" : "lazy"} className="card-photo" />
              <h3 className="card-name">Restaurant number {i + 1} of the bench</h3>
              <p className="card-meta">
                <span>{CUISINES[i % CUISINES.length]}</span> · <span>$$</span> · <span>{20 + (i % 30)} min</span> · <span>$2.99 delivery</span>
              </p>
              <p className="card-status">Open until 10:00 PM</p>
              <p className="card-rating" aria-label={`Rated ${(3 + (i % 20) / 10).toFixed(1)} out of 5`}>
                ★ {(3 + (i % 20) / 10).toFixed(1)} <span>({10 + i} reviews)</span>
              </p>
            </a>
            <LikeButton id={i + 1} />
          </li>
        ))}
      </ul>
    </main>
  );
}
