import { SCALAR_BUNDLE_PATH } from './scalar-bundle.ts';

export const DOCS_CONFIG_PATH = '/docs/config.js';
export const DOCS_CSS_PATH = '/docs/docs.css';
export const DOCS_MOUNT_ID = 'api-docs';

/**
 * The page's CSP: scripts are the bundle and the config file, both served here; requests go
 * to this origin only (the document, "try it", the token endpoint).
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Scalar (Vue) writes its stylesheet and theme into <style> elements as it starts and sets
  // style attributes; only one of those elements takes a nonce. Scripts stay 'self' only.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** A small page of our own: Scalar mounts into it; config.js tells it what to show. */
export function docsHtml(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${DOCS_CSS_PATH}">
<script src="${DOCS_CONFIG_PATH}" defer></script>
<script src="${SCALAR_BUNDLE_PATH}" defer></script>
</head>
<body>
<div id="${DOCS_MOUNT_ID}"></div>
<noscript><p>The API reference needs JavaScript. The document itself is at <a href="/openapi.json">/openapi.json</a>.</p></noscript>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
