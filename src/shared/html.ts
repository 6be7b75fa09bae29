/** `value` as a double-quoted HTML attribute's text: nothing in it can end the attribute. */
export const htmlAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A JSON data block: `json` (JSON text) in a script element the browser never runs (nor does
 * the CSP need to allow it), with `attributes` after its id. Every `<` is escaped: JSON has
 * it only in strings, where `\u003c` reads the same, and without it no value could close
 * the element.
 */
export function jsonDataBlock(
  id: string,
  json: string,
  attributes: Record<string, string> = {},
): string {
  const more = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${htmlAttribute(value)}"`)
    .join('');
  const text = json.replace(/</g, '\\u003c');
  return `<script type="application/json" id="${htmlAttribute(id)}"${more}>${text}</script>`;
}
