import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { sessionQueries } from '../../session.queries.ts';
import { browserStorage, userScope, userStorageKey } from '../../user-storage.ts';

// What a person is writing on a finding (an answer, a settlement's reason), kept in this
// browser under their own name (user-storage.ts) until it is saved: a failed save, a reload
// or a closed tab loses none of it, and sign-out takes it away with the rest of their things.

const NAME = 'finding-draft:';

export interface KeptForm<T> {
  value: T;
  set: (next: T) => void;
  /** Once saved: nothing more to keep. */
  clear: () => void;
}

/** A form's value kept per person, finding and form (`answer`, `settle`). */
export function useKeptForm<T extends object>(id: string, form: string, initial: T): KeptForm<T> {
  const { data: session } = useQuery(sessionQueries.current());
  const key = session ? userStorageKey(userScope(session), `${NAME}${id}:${form}`) : null;
  // The form's empty state, as first given: what `clear` goes back to.
  const empty = useRef(initial);
  const [value, setValue] = useState<T>(() => {
    const stored = key ? browserStorage()?.getItem(key) : null;
    if (!stored) return initial;
    try {
      return { ...initial, ...(JSON.parse(stored) as Partial<T>) };
    } catch {
      return initial;
    }
  });
  const set = useCallback(
    (next: T) => {
      setValue(next);
      if (!key) return;
      try {
        browserStorage()?.setItem(key, JSON.stringify(next));
      } catch {
        // A full or refused storage keeps the text on screen only.
      }
    },
    [key],
  );
  const clear = useCallback(() => {
    setValue(empty.current);
    if (key) browserStorage()?.removeItem(key);
  }, [key]);
  return { value, set, clear };
}
