import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument } from 'pdf-lib';
import { cadesDetachedSignature } from './cades.ts';
import type { SealingIdentity } from './signing-identity.ts';

/** Room for the signature in /Contents, in hex digits: 4 kB, where ours (ECDSA, one certificate) is ~1 kB. */
export const SIGNATURE_HEX_DIGITS = 8192;

export interface SealOptions {
  /** When the document was completed: the signature dictionary's /M. */
  signedAt: Date;
  /** Why it was sealed, as /Reason shows it. */
  reason: string;
}

/**
 * The PDF sealed with a PAdES baseline B-B signature (SubFilter ETSI.CAdES.detached) by the
 * service's signing certificate, an invisible signature field on its first page covering
 * the whole file. The document is rewritten (pdf-lib), so a signature it carried already no
 * longer verifies: the service's documents carry none.
 */
export async function sealPdf(
  identity: SealingIdentity,
  pdf: Uint8Array,
  options: SealOptions,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: options.reason,
    contactInfo: '',
    name: identity.signerName,
    location: '',
    signingTime: options.signedAt,
    // @signpdf counts the placeholder in hex digits.
    signatureLength: SIGNATURE_HEX_DIGITS,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'Attest reference service',
  });
  // A classic cross-reference table (no object streams): what an incremental update appends to.
  const prepared = await doc.save({ useObjectStreams: false });
  const signed = await new SignPdf().sign(Buffer.from(prepared), new CadesSigner(identity));
  return new Uint8Array(signed);
}

/** @signpdf's signer interface over the CAdES signature. */
class CadesSigner extends Signer {
  readonly #identity: SealingIdentity;

  constructor(identity: SealingIdentity) {
    super();
    this.#identity = identity;
  }

  override async sign(content: Buffer): Promise<Buffer> {
    return Buffer.from(await cadesDetachedSignature(this.#identity, content));
  }
}
