/** A stored 10-digit number for reading: "4155550101" -> "(415) 555-0101"; anything else as it is. */
export function formatPhone(digits: string | null): string | null {
  const match = digits?.match(/^(\d{3})(\d{3})(\d{4})$/);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : digits;
}
