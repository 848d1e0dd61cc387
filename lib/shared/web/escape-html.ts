/** Text made safe inside HTML, in an element or a quoted attribute: & < > " ' as entities. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`);
