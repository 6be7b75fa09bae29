import { describe, expect, it } from 'vitest';
import { preparedCache } from './prepared.ts';

function cacheOf(limit: number) {
  const made: string[] = [];
  const disposed: string[] = [];
  const cache = preparedCache(
    (key) => {
      made.push(key);
      return { key };
    },
    (value) => disposed.push(value.key),
    limit,
  );
  return { cache, made, disposed };
}

describe('preparedCache', () => {
  it('makes a value once and hands it over once', () => {
    const { cache, made, disposed } = cacheOf(2);
    cache.prepare('a');
    cache.prepare('a');
    expect(cache.take('a')).toEqual({ key: 'a' });
    expect(cache.take('a')).toBeUndefined();
    expect(made).toEqual(['a']);
    // Taken values are their new owner's to dispose of.
    expect(disposed).toEqual([]);
  });

  it('disposes of the oldest when a newer one pushes it out', () => {
    const { cache, disposed } = cacheOf(2);
    for (const key of ['1', '2', '3', '4']) cache.prepare(key);
    expect(disposed).toEqual(['1', '2']);
    expect(cache.take('1')).toBeUndefined();
    expect(cache.take('4')).toEqual({ key: '4' });
    expect(cache.take('3')).toEqual({ key: '3' });
  });

  it('makes a taken key again when asked again', () => {
    const { cache, made } = cacheOf(2);
    cache.prepare('a');
    cache.take('a');
    cache.prepare('a');
    expect(made).toEqual(['a', 'a']);
  });
});
