// "Get directions" for a pickup: a maps search for the restaurant's address that works on every
// device (Google Maps' documented URL, https://developers.google.com/maps/documentation/urls).

export function directionsUrl(place: { address: string; city: string; state: string; zip: string }): string {
  const query = `${place.address}, ${place.city}, ${place.state} ${place.zip}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/**
 * "Navigate" for a courier's next stop: turn-by-turn directions to its point in the phone's own
 * maps app. Android opens a `geo:` URI in whichever maps app the courier chose (the point, labelled
 * with the address); an iPhone or iPad Apple Maps' documented URL (`daddr`); anything else Google
 * Maps' directions URL, which also opens its app where it is installed. The point, not the address
 * text: the customer's pin (or the restaurant's place) is where the courier must go.
 */
export function navigationUrl(stop: { lat: number; lng: number; address: string }, userAgent: string): string {
  const point = `${stop.lat},${stop.lng}`;
  // The label's own parentheses encoded too: the first ")" would end it.
  const label = encodeURIComponent(stop.address).replace(/\(/g, "%28").replace(/\)/g, "%29");
  if (/Android/i.test(userAgent)) return `geo:${point}?q=${point}(${label})`;
  if (/iPhone|iPad|iPod/i.test(userAgent)) return `https://maps.apple.com/?daddr=${point}&dirflg=d`;
  return `https://www.google.com/maps/dir/?api=1&destination=${point}`;
}
