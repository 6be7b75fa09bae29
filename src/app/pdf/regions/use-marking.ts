import { useEffect, useRef, useState } from 'react';
import type { PdfView } from '../pdf-view.ts';
import type { RegionOverlay } from './region-channel.ts';
import { pageRect } from './region-box.tsx';
import { fromPercent, spanning, type PageBox, type PercentRect } from './region-geometry.ts';

/** A rectangle being dragged on a page: drawn as it grows. */
export interface Drawing {
  page: number;
  rect: PercentRect;
}

/** A drag smaller than this (px) a side marks nothing: a tap, or a slip of the hand. */
const MIN_DRAG_PX = 6;

/**
 * Marking mode over `view`: a rectangle dragged on a page (mouse, pen or touch) marks a
 * region; Esc drops a drag under way, or else ends the mode. The page takes no text
 * selection, link or touch scrolling meanwhile (`data-marking` on the scroller).
 */
export function useMarking(view: PdfView | null, overlay: RegionOverlay | null): Drawing | null {
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  const marking = overlay?.marking ?? null;
  const on = Boolean(view && marking);
  // The latest callbacks, read when the pointer is let go: the listeners stay for the mode.
  const latest = useRef(overlay);
  useEffect(() => {
    latest.current = overlay;
  });

  useEffect(() => {
    if (!view || !on) return undefined;
    const { scroller } = view;
    scroller.setAttribute('data-marking', '');
    const listening = new AbortController();
    const opts = { signal: listening.signal };
    let held: {
      pointer: number;
      page: number;
      element: HTMLElement;
      box: PageBox;
      from: { x: number; y: number };
      px: { x: number; y: number };
      rect: PercentRect | null;
    } | null = null;

    const at = (element: HTMLElement, event: PointerEvent) => {
      const r = pageRect(element);
      return {
        x: ((event.clientX - r.left) / r.width) * 100,
        y: ((event.clientY - r.top) / r.height) * 100,
      };
    };
    const drop = () => {
      held = null;
      setDrawing(null);
    };
    scroller.addEventListener(
      'pointerdown',
      (event) => {
        if (event.button !== 0 || held || latest.current?.marking?.full) return;
        const target = event.target as Element;
        if (target.closest('.region')) return;
        const element = target.closest<HTMLElement>('.page');
        const page = Number(element?.dataset.pageNumber);
        const box = view.pages.box(page);
        if (!element || !box) return;
        event.preventDefault();
        scroller.setPointerCapture(event.pointerId);
        held = {
          pointer: event.pointerId,
          page,
          element,
          box,
          from: at(element, event),
          px: { x: event.clientX, y: event.clientY },
          rect: null,
        };
      },
      opts,
    );
    scroller.addEventListener(
      'pointermove',
      (event) => {
        if (!held || held.pointer !== event.pointerId) return;
        held.rect = spanning(held.from, at(held.element, event));
        setDrawing({ page: held.page, rect: held.rect });
      },
      opts,
    );
    scroller.addEventListener(
      'pointerup',
      (event) => {
        if (!held || held.pointer !== event.pointerId) return;
        const { page, box, rect, px } = held;
        drop();
        const big =
          Math.abs(event.clientX - px.x) >= MIN_DRAG_PX &&
          Math.abs(event.clientY - px.y) >= MIN_DRAG_PX;
        if (rect && big) latest.current?.onDraw?.(fromPercent(page, rect, box), box);
      },
      opts,
    );
    scroller.addEventListener('pointercancel', drop, opts);
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        // Esc in a field leaves the field first (shortcuts.tsx); in a dialog, the dialog.
        const target = event.target as Element | null;
        if (target?.closest('input, textarea, select, [role="dialog"]')) return;
        event.preventDefault();
        if (held) drop();
        else latest.current?.onStop?.();
      },
      opts,
    );
    return () => {
      listening.abort();
      scroller.removeAttribute('data-marking');
      held = null;
      setDrawing(null);
    };
  }, [view, on]);

  return on ? drawing : null;
}
