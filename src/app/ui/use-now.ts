import { useSyncExternalStore } from 'react';

// The time now, for what a screen says relative to it: a countdown by the second ("in 25 s"),
// a due date or a queue's age by the minute. One timer per pace for everything on screen
// that shows it, running only while something does.

interface Clock {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | undefined;
  subscribe: (listener: () => void) => () => void;
  read: () => number;
}

const clocks = new Map<number, Clock>();

/** The clock of one pace, shared by every component that shows the time at that pace. */
export function clockOf(every: number): Clock {
  const known = clocks.get(every);
  if (known) return known;
  const clock: Clock = {
    now: Date.now(),
    listeners: new Set(),
    timer: undefined,
    subscribe(listener) {
      clock.listeners.add(listener);
      if (clock.timer === undefined) {
        clock.now = Date.now();
        clock.timer = setInterval(() => {
          clock.now = Date.now();
          clock.listeners.forEach((heard) => heard());
        }, every);
      }
      return () => {
        clock.listeners.delete(listener);
        if (clock.listeners.size === 0 && clock.timer !== undefined) {
          clearInterval(clock.timer);
          clock.timer = undefined;
        }
      };
    },
    read: () => clock.now,
  };
  clocks.set(every, clock);
  return clock;
}

/**
 * The current time (ms since the epoch), moving on every `every` ms while any component
 * shows it: a minute by default, as due dates and ages are said; a second for a countdown.
 */
export function useNow(every = 60_000): number {
  const clock = clockOf(every);
  return useSyncExternalStore(clock.subscribe, clock.read, clock.read);
}
