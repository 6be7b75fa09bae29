import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of an element, kept up to date: the chart draws in real pixels, so its text
 * stays the size of the page's text at any width (a scaled viewBox would shrink it).
 */
export function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
