import type { Locator, Page } from '@playwright/test';

// pdf.js's pages as the specs of regions drawn over them (ADR 029) measure them.

/** pdf.js's page `n` of the document shown. */
export const pdfPage = (page: Page, n: number) =>
  page.locator(`.pdf-preview__stage .page[data-page-number="${n}"]`);

/** A page's content box on screen: what regions are measured against. */
export const contentBox = (pageElement: Locator) =>
  pageElement.evaluate((div: HTMLElement) => {
    const r = div.getBoundingClientRect();
    return {
      x: r.left + div.clientLeft,
      y: r.top + div.clientTop,
      width: div.clientWidth,
      height: div.clientHeight,
    };
  });
