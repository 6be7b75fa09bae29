import { InvalidPDFException, PasswordException, ResponseException } from 'pdfjs-dist';

/** What the reviewer can do about it, in words; the details stay in the console. */
function explain(error: unknown): string {
  if (error instanceof ResponseException) {
    if (error.status === 404) return 'The file was not found (404).';
    if (error.status === 403) {
      return 'The link to the file has expired or is not allowed (403). Reload the page for a fresh link.';
    }
    return `The file server answered ${error.status || 'with an error'}.`;
  }
  if (error instanceof InvalidPDFException) return 'The file is not a valid PDF.';
  if (error instanceof PasswordException) return 'The PDF is protected with a password.';
  if (error instanceof TypeError) return 'The file could not be downloaded. Check the connection.';
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong while showing the PDF.';
}

export interface PdfFailureProps {
  error: unknown;
  url: string;
  downloadName?: string;
}

/** The preview's error state: a message and the file itself, so the review can go on. */
export function PdfFailure({ error, url, downloadName }: PdfFailureProps) {
  return (
    <div className="state state--error pdf-failure" role="alert">
      <p className="state__title">The PDF preview is not available</p>
      <p className="state__body">{explain(error)}</p>
      <a className="button button--secondary" href={url} download={downloadName ?? true}>
        Download the PDF
      </a>
    </div>
  );
}
