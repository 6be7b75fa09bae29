import type * as pkijs from 'pkijs';

// PEM (RFC 7468): base64 of the DER between labelled lines, 64 characters a line.

export function pemOf(der: ArrayBuffer | Uint8Array, label: string): string {
  const base64 = Buffer.from(der instanceof Uint8Array ? der : new Uint8Array(der)).toString(
    'base64',
  );
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export const certificatePem = (certificate: pkijs.Certificate) =>
  pemOf(certificate.toSchema().toBER(false), 'CERTIFICATE');

export const keyPem = (pkcs8: ArrayBuffer) => pemOf(pkcs8, 'PRIVATE KEY');

/** The DER of the first block labelled `label` in `pem`. */
export function derOfPem(pem: string, label: string): Uint8Array<ArrayBuffer> {
  const match = new RegExp(`-----BEGIN ${label}-----([^-]+)-----END ${label}-----`).exec(pem);
  if (!match?.[1]) throw new Error(`no ${label} in the PEM text`);
  return new Uint8Array(Buffer.from(match[1].replace(/\s+/g, ''), 'base64'));
}
