import { grayscale, rgb } from 'pdf-lib';
import type { PDFImage, PDFPage } from 'pdf-lib';
import { hash } from './affidavit-text.ts';
import { CUT_OFF_SHIFT, type Defect } from './defects.ts';
import { drawLines, text, venue, type Faces, type Spec } from './document-page.ts';
import { signaturePath } from './ink.ts';
import { LEAD, type LayoutRecorder, locate } from './layout.ts';

// The last page's close: the signer's signature over their printed name and the date, then
// the notarial certificate (a jurat for an affidavit, an acknowledgment for a power of
// attorney) with its date, the notary's signature, printed name and commission, and the seal.

const M = 72;
const INK = rgb(0.08, 0.14, 0.42);
const GREY = grayscale(0.4);
const NBSP = '\u00a0';
const longDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'long' });
const DAY = 86_400_000;

/** A notary's commission, the same on every document they notarize. */
export function notaryCommission(name: string) {
  const h = hash(`commission:${name}`);
  const expires = new Date(Date.UTC(2027 + (h % 4), (h >>> 4) % 12, 1 + ((h >>> 8) % 28)));
  return { number: String(h % 1e8).padStart(8, '0'), expires: longDate.format(expires) };
}

export function signatureBlock(
  s: Spec,
  f: Faces,
  wrapBody: (t: string) => string[],
  seal: PDFImage | undefined,
) {
  const signed = longDate.format(s.date);
  const poa = s.kind === 'poa';
  const perjury = `I declare under penalty of perjury${s.state ? ` under the laws of the State of ${s.state}` : ''} that the foregoing is true and correct.`;
  const end = poa
    ? 'IN WITNESS WHEREOF, I have signed this Power of Attorney on the date written below.'
    : s.notaryName
      ? 'FURTHER AFFIANT SAYETH NOT.'
      : `${perjury} Executed on ${signed}.`;
  const closing = wrapBody(end);
  const has = (defect: Defect) => s.defects.includes(defect);
  // A notarization dated two days after the signing it says it witnessed.
  const notarizedOn = has('date-mismatch') ? new Date(s.date.getTime() + 2 * DAY) : s.date;
  const notarized = longDate.format(notarizedOn).replaceAll(' ', NBSP);
  const signer = s.signerName.replaceAll(' ', NBSP);
  const certificate = !s.notaryName
    ? []
    : wrapBody(
        poa
          ? `On ${notarized}, before me, ${s.notaryName}, Notary Public, personally appeared ${signer}, who proved to me on the basis of satisfactory evidence to be the person whose name is subscribed to the within instrument and acknowledged to me that the person executed the same in the person's authorized capacity.`
          : `Subscribed and sworn to (or affirmed) before me on ${notarized}, by ${signer}, proved to me on the basis of satisfactory evidence to be the person who appeared before me.`,
      );
  const caption = poa && s.notaryName ? 3 * LEAD + 10 : 0;
  const height =
    (closing.length + certificate.length) * LEAD + caption + (s.notaryName ? 260 : 110);

  const draw = (page: PDFPage, p: number, top: number, at: LayoutRecorder) => {
    let y = drawLines(page, closing, M, top - 7, f.body) - 44;
    // The signer's own hand over the line (unless they never signed), their printed name and
    // role under it.
    if (!has('unsigned')) {
      page.drawSvgPath(signaturePath(s.signerName), {
        x: M + 8,
        y: y + 37,
        borderColor: INK,
        borderWidth: 1.1,
      });
    }
    rule(page, M, y, 220);
    at.rect('signature', p, M, y - 4, 220, 44);
    text(page, s.signerName, M, y - 14, f.body);
    at.text('signerName', p, M, y - 14, f.body.font.widthOfTextAtSize(s.signerName, 12), 12);
    text(page, poa ? 'Principal' : 'Affiant', M, y - 27, f.small);
    rule(page, M + 290, y, 130);
    text(page, signed, M + 290, y + 4, f.body);
    at.text('signatureDate', p, M + 290, y + 4, f.body.font.widthOfTextAtSize(signed, 12), 12);
    text(page, 'Date', M + 290, y - 14, f.small);
    if (!s.notaryName) return;

    y -= 56;
    if (poa) y = venue(page, f, s, p, y, at) - 10;
    at.text('certificate', p, M, y, 468, 12, certificate.length);
    const when = locate(certificate, notarized, f.body.font, 12);
    if (when) at.text('notaryDate', p, M + when.dx, y - when.index * LEAD, when.width, 12);
    y = drawLines(page, certificate, M, y, f.body) - 24;
    // The seal sits beside the notary's signature, as on paper certificates.
    const box = { x: M, y: y - 96, width: 108, height: 108 };
    // The notary's own seal, stamped a little unevenly (too lightly, or off the page's edge,
    // when that is the defect); a blank box where none is on file; nothing when never stamped.
    const opacity = has('faint-seal') ? 0.14 : 0.82 + (hash(s.matterReference) % 15) / 100;
    const x = has('cut-off-seal') ? -CUT_OFF_SHIFT : box.x;
    if (has('no-seal')) {
      // The place stays empty.
    } else if (seal) page.drawImage(seal, { ...box, x, opacity });
    else {
      page.drawRectangle({ ...box, borderWidth: 0.75, borderColor: GREY, borderDashArray: [3, 2] });
      text(page, '(NOTARY SEAL)', M + 22, y - 46, { ...f.muted, size: 7.5 });
    }
    at.rect('seal', p, x, box.y, box.width, box.height);

    page.drawSvgPath(signaturePath(s.notaryName), {
      x: M + 160,
      y: y + 17,
      borderColor: INK,
      borderWidth: 1,
    });
    rule(page, M + 150, y - 20, 246);
    at.rect('notarySignature', p, M + 150, y - 24, 246, 44);
    text(page, s.notaryName, M + 150, y - 34, f.body);
    const { number, expires } = notaryCommission(s.notaryName);
    const commission = [
      `Notary Public${s.state ? `, State of ${s.state}` : ''}`,
      `Commission No. ${number}`,
      `My commission expires: ${expires}`,
    ];
    commission.forEach((l, i) => text(page, l, M + 150, y - 47 - i * 12, f.small));
    at.rect('commission', p, M + 150, y - 47 - 2 * 12 - 3, 246, 47 + 2 * 12 + 3 - 34 + 12);
  };
  return { height, draw };
}

function rule(page: PDFPage, x: number, y: number, width: number) {
  page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.7 });
}
