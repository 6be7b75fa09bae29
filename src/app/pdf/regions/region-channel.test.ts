import { describe, expect, it } from 'vitest';
import { createRegionChannel } from './region-channel.ts';

describe('region channel: reveal', () => {
  it('hands a reveal asked before the preview could show it to the preview once it can', () => {
    const channel = createRegionChannel();
    channel.reveal('a');
    channel.reveal('b');

    const notYet: string[] = [];
    const stop = channel.onReveal((key) => (notYet.push(key), false));
    stop();
    const shown: string[] = [];
    channel.onReveal((key) => (shown.push(key), true));
    // Taken once: a preview that comes later is not asked again.
    const later: string[] = [];
    channel.onReveal((key) => (later.push(key), true));

    expect(notYet).toEqual(['b']);
    expect(shown).toEqual(['b']);
    expect(later).toEqual([]);
  });

  it('asks every listening preview, and keeps nothing one of them showed', () => {
    const channel = createRegionChannel();
    const heard: string[] = [];
    channel.onReveal((key) => (heard.push(`x:${key}`), false));
    channel.onReveal((key) => (heard.push(`y:${key}`), true));
    channel.reveal('a');
    const after: string[] = [];
    channel.onReveal((key) => (after.push(key), true));

    expect(heard).toEqual(['x:a', 'y:a']);
    expect(after).toEqual([]);
  });

  it('keeps how it was asked: a document opened at its region leaves the focus alone', () => {
    const channel = createRegionChannel();
    channel.reveal('a', { focus: false });
    const heard: unknown[] = [];
    channel.onReveal((key, options) => (heard.push([key, options]), true));
    channel.reveal('b');

    expect(heard).toEqual([
      ['a', { focus: false }],
      ['b', { focus: true }],
    ]);
  });
});

describe('region channel: pictures', () => {
  it("answers with the preview's drawn page of its own document, and tells of each drawing", () => {
    const channel = createRegionChannel();
    const told: string[] = [];
    channel.onPictures(() => told.push('drawn'));
    expect(channel.picture('a.pdf', 2)).toBeUndefined();

    const drawings = new Set<() => void>();
    const page = { canvas: {} as HTMLCanvasElement, box: { width: 612, height: 792, rotation: 0 } };
    const stop = channel.providePictures({
      url: 'a.pdf',
      picture: (n) => (n === 2 ? page : undefined),
      subscribe: (listener) => (drawings.add(listener), () => drawings.delete(listener)),
    });
    expect(channel.picture('a.pdf', 2)).toBe(page);
    expect(channel.picture('a.pdf', 1)).toBeUndefined();
    expect(channel.picture('b.pdf', 2)).toBeUndefined();
    for (const drawn of drawings) drawn();
    stop();

    expect(told).toEqual(['drawn', 'drawn', 'drawn']);
    expect(drawings.size).toBe(0);
    expect(channel.picture('a.pdf', 2)).toBeUndefined();
  });
});
