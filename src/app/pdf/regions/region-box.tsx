import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Region } from '../../../contract/findings.ts';
import type { ShownRegion } from './region-channel.ts';
import {
  fromPercent,
  moved,
  resized,
  toPercent,
  type Corner,
  type PageBox,
  type PercentRect,
} from './region-geometry.ts';

export interface RegionActions {
  onChange?: ((key: string, region: Region) => void) | undefined;
  onRemove?: ((key: string) => void) | undefined;
  onActivate?: ((key: string) => void) | undefined;
}

const CORNERS: Corner[] = ['nw', 'ne', 'sw', 'se'];
/** A pointer that moved less than this (px) clicked rather than dragged. */
const DRAG_PX = 3;
/** What an arrow key moves or resizes a region by, in percent of the page (Shift: resize). */
const STEP = 1;

export const percentStyle = (rect: PercentRect) => ({
  left: `${rect.left}%`,
  top: `${rect.top}%`,
  width: `${rect.width}%`,
  height: `${rect.height}%`,
});

/** The page's content box on screen: where percentages of the page are measured from. */
export function pageRect(page: HTMLElement) {
  const bounds = page.getBoundingClientRect();
  return {
    left: bounds.left + page.clientLeft,
    top: bounds.top + page.clientTop,
    width: page.clientWidth || 1,
    height: page.clientHeight || 1,
  };
}

interface Grab {
  pointer: number;
  x: number;
  y: number;
  start: PercentRect;
  corner: Corner | null;
  size: { width: number; height: number };
  dragged: boolean;
}

/**
 * One region over its page. The box itself lets the page's text and links through: its
 * tag (the item's number) is what a pointer takes, to open its finding or to move it, and,
 * when it is the reviewer's own, corner handles resize it and × removes it. From the
 * keyboard the box is a button: Enter opens its finding, arrows move it, Shift+arrows
 * resize it, Delete removes it.
 */
export function RegionBox({
  shown,
  box,
  page,
  actions,
  hintId,
  boxRef,
}: {
  shown: ShownRegion;
  box: PageBox;
  /** The page's element, which pointer movements are measured against. */
  page: HTMLElement;
  actions: RegionActions;
  hintId: string | undefined;
  boxRef?: ((element: HTMLButtonElement | null) => void) | undefined;
}) {
  const { key, region, editable } = shown;
  const [live, setLiveState] = useState<PercentRect | null>(null);
  // Read by the pointer's handlers, which may run twice before a render.
  const liveRef = useRef<PercentRect | null>(null);
  const setLive = (next: PercentRect | null) => {
    liveRef.current = next;
    setLiveState(next);
  };
  const grab = useRef<Grab | null>(null);
  const rect = live ?? toPercent(region, box);
  const commit = (next: PercentRect) =>
    actions.onChange?.(key, fromPercent(region.page, next, box));

  const start = (event: PointerEvent<HTMLElement>, corner: Corner | null) => {
    if (!editable || event.button !== 0) return;
    // Not the drawing of a new region beneath it (marking mode), nor a text selection.
    event.stopPropagation();
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const { width, height } = pageRect(page);
    grab.current = {
      pointer: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      start: rect,
      corner,
      size: { width, height },
      dragged: false,
    };
  };
  const move = (event: PointerEvent<HTMLElement>) => {
    const held = grab.current;
    if (!held || held.pointer !== event.pointerId) return;
    const px = { x: event.clientX - held.x, y: event.clientY - held.y };
    if (!held.dragged && Math.hypot(px.x, px.y) < DRAG_PX) return;
    held.dragged = true;
    const dx = (px.x / held.size.width) * 100;
    const dy = (px.y / held.size.height) * 100;
    setLive(held.corner ? resized(held.start, held.corner, dx, dy) : moved(held.start, dx, dy));
  };
  const end = (event: PointerEvent<HTMLElement>) => {
    const held = grab.current;
    if (!held || held.pointer !== event.pointerId) return;
    if (held.dragged && liveRef.current) commit(liveRef.current);
    setLive(null);
    // A drag of the tag ends in a click on it: that click is not the reviewer's.
    grab.current = held.dragged && held.corner === null ? held : null;
  };
  const cancel = () => {
    grab.current = null;
    setLive(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!editable) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      actions.onRemove?.(key);
      return;
    }
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-STEP, 0],
      ArrowRight: [STEP, 0],
      ArrowUp: [0, -STEP],
      ArrowDown: [0, STEP],
    };
    const delta = arrows[event.key];
    if (!delta || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const [dx, dy] = delta;
    commit(event.shiftKey ? resized(rect, 'se', dx, dy) : moved(rect, dx, dy));
  };

  return (
    <div
      className="region"
      data-tone={shown.tone ?? 'mark'}
      data-editable={editable}
      data-moving={live !== null}
      data-region-key={key}
      style={percentStyle(rect)}
    >
      <button
        ref={boxRef}
        type="button"
        className="region__box"
        aria-label={shown.label}
        aria-describedby={editable ? hintId : undefined}
        onKeyDown={onKeyDown}
        onClick={() => {
          if (grab.current?.dragged) {
            grab.current = null;
            return;
          }
          actions.onActivate?.(key);
        }}
      >
        <span
          className="region__tag"
          onPointerDown={(event) => start(event, null)}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={cancel}
        >
          {shown.tag}
        </span>
      </button>
      {editable &&
        CORNERS.map((corner) => (
          <span
            key={corner}
            className={`region__handle region__handle--${corner}`}
            aria-hidden="true"
            onPointerDown={(event) => start(event, corner)}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={cancel}
          />
        ))}
      {editable && (
        <button
          type="button"
          className="region__remove"
          aria-label={`Remove ${shown.label.charAt(0).toLowerCase()}${shown.label.slice(1)}`}
          onPointerDown={(event) => event.stopPropagation()}
          onClick={() => actions.onRemove?.(key)}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
