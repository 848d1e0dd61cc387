// An address book entry's label (docs/architecture/places.md "Address book"): the form's fixed
// choices are stored in English ("Home", "Work"); a label of one's own is kept as typed.

/** The label as the reader says it: "Home" and "Work" in their words (profile.addresses.form), one's own as typed. */
export const labelIn = (label: string, words: { home: string; work: string }): string => (label === "Home" ? words.home : label === "Work" ? words.work : label);
