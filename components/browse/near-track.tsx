"use client";
import type { RestaurantCardSource } from "./format";
import { RestaurantCard } from "./restaurant-card";

/**
 * /home?address='s restaurants delivering there, nearest first, each with its distance
 * (near-address.tsx): a client component, as the rows' RestaurantTrack, so the page's RSC payload
 * carries each card's fields (about 1 KB) rather than its element tree (about 3 KB; up to 24
 * cards); the HTML is the same. The first card's photo is the screen's largest paint.
 */
export function NearTrack({ near, className }: { near: { restaurant: RestaurantCardSource; km: number }[]; className: string }) {
  return (
    <ul className={className}>
      {near.map(({ restaurant, km }, index) => (
        <li key={restaurant.id}>
          <RestaurantCard restaurant={restaurant} distanceKm={km} eager={index < 2} preload={index === 0} />
        </li>
      ))}
    </ul>
  );
}
