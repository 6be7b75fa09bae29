import { InvalidPDFException, PasswordException, ResponseException } from 'pdfjs-dist';
import { ApiError } from '../../client/api-error.ts';
import { failureMessage } from '../ui/failure-message.ts';

/**
 * pdf.js fetches the file itself; its failures are a request's failures all the same, so
 * they are said through the one helper: a refused answer keeps its status, no answer (a
 * TypeError from fetch) is the network.
 */
function asRequestFailure(error: unknown): unknown {
  if (error instanceof ResponseException)
    return new ApiError({ code: 'http', status: error.status, message: error.message });
  if (error instanceof TypeError)
    return new ApiError({ code: 'network', status: 0, message: error.message });
  return error;
}

/** What the reviewer can do about it, in words; the details stay in the console. */
function explain(error: unknown): string {
  if (error instanceof InvalidPDFException) return 'The file is not a valid PDF.';
  if (error instanceof PasswordException) return 'The PDF is protected with a password.';
  return failureMessage(asRequestFailure(error), {
    network: 'The file could not be downloaded. Check the connection.',
    403: 'The link to the file has expired or is not allowed (403). Reload the page for a fresh link.',
    404: 'The file was not found (404).',
    said: (_said, status) => `The file server answered ${status || 'with an error'}.`,
    otherwise:
      error instanceof Error && error.message
        ? error.message
        : 'Something went wrong while showing the PDF.',
  });
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
