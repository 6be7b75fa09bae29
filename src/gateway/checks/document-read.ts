import type { Check, OnFile, Verdict } from '../../contract/checks.ts';
import type { Region } from '../../contract/findings.ts';

// What the gateway and its reading worker (read-worker.ts) say to each other, in a module of
// its own so that neither imports the other: the worker is loaded by its URL. A document is
// read once into words and ink; the checks (rules/) judge from that alone.

/** The most pages read: past it, every check is unsure, saying why. */
export const MAX_READ_PAGES = 120;

/** The ink map's resolution: one pixel a PDF point (72 dpi), enough for seals and signatures. */
export const INK_SCALE = 1;

/** A run of text on the page, in PDF points from the page's top-left corner. */
export interface Word {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** OCR's confidence in it (0 to 100); absent for a PDF's own text. */
  confidence?: number;
  /**
   * The line OCR found it on (a number within its page): words of one line share it. Absent
   * for a PDF's own text, whose words share a baseline exactly.
   */
  line?: number;
}

/** How dark each pixel is, 0 (white) to 255 (black), row-major, at `scale` pixels a point. */
export interface InkMap {
  width: number;
  height: number;
  scale: number;
  dark: Uint8Array;
}

/** The notarial certificate's page is drawn finer too: a seal's letters tell whose it is. */
export const DETAIL_SCALE = 3;

export interface PageRead {
  /** 1-based. */
  page: number;
  /** In points. */
  width: number;
  height: number;
  words: Word[];
  /** Where the words came from: the PDF's text, OCR of its image, or nowhere (OCR off). */
  source: 'text' | 'ocr' | 'none';
  /** OCR's mean confidence (0 to 100), where it read the page. */
  ocrConfidence?: number;
  ink: InkMap;
  /** Images on the page too large to draw (pdf.js leaves them out): its ink is not all there. */
  undrawn?: number;
  /** The page at DETAIL_SCALE, where it holds a notarial certificate. */
  detail?: InkMap;
}

export interface DocumentRead {
  pageCount: number;
  pages: PageRead[];
  /** The seal image on file, as an ink map at its own size, where one was given and decoded. */
  sealOnFile?: InkMap;
  /** What OCR read in the seal stamped on a scanned certificate and in the one on file. */
  sealText?: SealText;
}

/** Lines of text, one to a line, as OCR read them (seal-reread.ts). */
export interface SealText {
  /** Inside the stamp's box. */
  stamped: string;
  onFile: string;
  /** The page's words outside the stamp: a number printed there is not the stamp's. */
  printed?: string;
}

export interface ReadJob {
  id: number;
  pdf: Uint8Array;
  sealOnFile?: Uint8Array;
  ocr: boolean;
  /** Judged in the thread too, where given: the rules' pixel work never holds up requests. */
  facts?: CheckFacts;
}

/** Every check but the alterations one (judged from the signatures, outside the thread). */
export type Judgements = Record<Exclude<Check, 'no-alterations'>, Judgement>;

export type ReadResult =
  /** A judged read comes back without its words and ink: only its pages' sizes are needed. */
  | { id: number; read: DocumentRead; judged?: Judgements }
  | { id: number; error: string }
  | { ready: true };

// What a rule answers, and what it is given besides the document: the request's facts.

export interface Judgement {
  verdict: Verdict;
  reason: string;
  regions: Region[];
  onFile?: OnFile;
}

export interface Person {
  userId: string;
  name: string;
}

export interface CheckFacts {
  matterReference: string;
  /** The request's signedOn, as a calendar day (yyyy-mm-dd), where it has one. */
  signedOn?: string;
  /** Today, as a calendar day: no date on the document may be after it. */
  today: string;
  signer?: Person;
  notary?: Person & { sealOnFile: boolean };
  /** What the document's templates require: a signer's signature, a notary's act. */
  signatureRequired: boolean;
  notaryRequired: boolean;
}
