// The spec: a person's name is sent as FIRST MIDDLE LAST SUFFIX and split internally.
const SUFFIXES = new Set(['JR', 'SR', 'II', 'III', 'IV', 'V', 'ESQ', 'MD', 'PHD', 'DDS']);

export interface NameParts {
  first: string | null;
  middle: string | null;
  last: string | null;
  suffix: string | null;
}

export function splitPersonName(name: string): NameParts {
  const words = name.trim().split(/\s+/).filter(Boolean);
  let suffix: string | null = null;
  const tail = words.at(-1);
  if (words.length > 2 && tail && SUFFIXES.has(tail.replace(/[.,]/g, '').toUpperCase())) {
    suffix = tail;
    words.pop();
  }
  if (words.length === 0) return { first: null, middle: null, last: null, suffix };
  if (words.length === 1) return { first: words[0] ?? null, middle: null, last: null, suffix };
  return {
    first: words[0] ?? null,
    middle: words.length > 2 ? words.slice(1, -1).join(' ') : null,
    last: words.at(-1) ?? null,
    suffix,
  };
}
