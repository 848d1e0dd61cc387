"use client";
import type { RestaurantCardSource } from "./format";
import { RestaurantCard, type CardWords } from "./restaurant-card";
import { useArrivalTexts } from "./use-arrival-texts";

/**
 * /home?address='s restaurants delivering there, nearest first, each with its distance
 * (near-address.tsx): a client component, as the rows' RestaurantTrack, so the page's RSC payload
 * carries each card's fields (about 1 KB) rather than its element tree (about 3 KB; up to 24
 * cards); the HTML is the same. The first card's photo is the screen's largest paint.
 */
export function NearTrack({
  near,
  address,
  className,
  words,
}: {
  near: { restaurant: RestaurantCardSource; km: number; distance?: string }[];
  address: string;
  className: string;
  words: CardWords;
}) {
  // Each card's time quoted to the address searched (use-arrival.ts): one request for them all.
  const estimates = useArrivalTexts(
    near.map(({ restaurant }) => restaurant.id),
    `address=${encodeURIComponent(address)}`,
  );
  return (
    <ul className={className}>
      {near.map(({ restaurant, km, distance }, index) => (
        <li key={restaurant.id}>
          <RestaurantCard
            restaurant={restaurant}
            distanceKm={km}
            distance={distance}
            estimate={estimates.get(restaurant.id)}
            eager={index < 2}
            preload={index === 0}
            words={words}
          />
        </li>
      ))}
    </ul>
  );
}
