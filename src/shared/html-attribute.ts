/** `value` as a double-quoted HTML attribute's text: nothing in it can end the attribute. */
export const htmlAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
