// "Get directions" for a pickup: a maps search for the restaurant's address that works on every
// device (Google Maps' documented URL, https://developers.google.com/maps/documentation/urls).

export function directionsUrl(place: { address: string; city: string; state: string; zip: string }): string {
  const query = `${place.address}, ${place.city}, ${place.state} ${place.zip}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
