import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { z } from '../../contract/zod.ts';
import { certificatePem, derOfPem, keyPem } from './pem.ts';

// The reference service seals what it completes (ADR 033): a sandbox certificate authority,
// made at first start, issues the one certificate the service signs with. Both live in the
// data folder; the CA's certificate is public (GET /sandbox/v1/signing-ca), the keys never
// leave the service.

/** The file of the CA and the signing certificate, with their keys (0600, like keys.json). */
export const SEALING_FILE = 'sealing.json';
/** The CA's certificate alone, for an operator to hand to integrators (a strict service). */
export const SIGNING_CA_FILE = 'signing-ca.pem';

export interface SealingIdentity {
  /** The sandbox CA's certificate, PEM: what a verifier trusts. */
  caPem: string;
  /** The certificate every seal is made with, issued by the CA. */
  certificate: pkijs.Certificate;
  /** Its DER, as hashed into the seal's signing-certificate-v2 attribute. */
  certificateDer: Uint8Array<ArrayBuffer>;
  privateKey: CryptoKey;
  /** The signer's name, as the signature dictionary's /Name shows it. */
  signerName: string;
}

const SealingFileSchema = z.object({
  caCertificate: z.string().check(z.minLength(1)),
  caKey: z.string().check(z.minLength(1)),
  certificate: z.string().check(z.minLength(1)),
  key: z.string().check(z.minLength(1)),
});
type SealingFile = z.infer<typeof SealingFileSchema>;

const KEY_ALGORITHM: EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };
const ORGANIZATION = 'Attest reference service (sandbox)';
const CA_NAME = 'Attest Sandbox Signing CA';
const SIGNER_NAME = 'Attest Reference Service Document Seal';
const DAY_MS = 24 * 60 * 60 * 1000;
// The demo's documents were completed in the weeks before the first start; a year back covers
// every date the seed draws, so a verifier finds the certificate valid at any of them.
const BACKDATED_MS = 366 * DAY_MS;
const CA_YEARS = 20;
const SIGNER_YEARS = 10;

/**
 * Loads the sealing identity from `<dataDir>/sealing.json`, making a new CA and signing
 * certificate on first start. With no data folder (tests, ':memory:') it lives only as long
 * as the process.
 */
export async function loadSealingIdentity(
  dataDir: string | null,
  now: Date = new Date(),
): Promise<SealingIdentity> {
  const path = dataDir ? join(dataDir, SEALING_FILE) : null;
  let file: SealingFile;
  if (path && existsSync(path)) {
    file = SealingFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } else {
    file = await createSealingFile(now);
    if (path && dataDir) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(path, JSON.stringify(file, null, 2), { mode: 0o600 });
      chmodSync(path, 0o600);
    }
  }
  if (dataDir) writeFileSync(join(dataDir, SIGNING_CA_FILE), file.caCertificate);
  const certificateDer = derOfPem(file.certificate, 'CERTIFICATE');
  return {
    caPem: file.caCertificate,
    certificate: pkijs.Certificate.fromBER(certificateDer),
    certificateDer,
    privateKey: await crypto.subtle.importKey(
      'pkcs8',
      derOfPem(file.key, 'PRIVATE KEY'),
      KEY_ALGORITHM,
      false,
      ['sign'],
    ),
    signerName: SIGNER_NAME,
  };
}

async function createSealingFile(now: Date): Promise<SealingFile> {
  const notBefore = new Date(now.getTime() - BACKDATED_MS);
  const ca = await issueCertificate(CA_NAME, null, notBefore, yearsAfter(now, CA_YEARS));
  const signer = await issueCertificate(SIGNER_NAME, ca, notBefore, yearsAfter(now, SIGNER_YEARS));
  return {
    caCertificate: certificatePem(ca.certificate),
    caKey: keyPem(await crypto.subtle.exportKey('pkcs8', ca.privateKey)),
    certificate: certificatePem(signer.certificate),
    key: keyPem(await crypto.subtle.exportKey('pkcs8', signer.privateKey)),
  };
}

interface IssuedCertificate {
  certificate: pkijs.Certificate;
  privateKey: CryptoKey;
}

function yearsAfter(date: Date, years: number): Date {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

// Key usage bits (RFC 5280 4.2.1.3), first octet: the bit string's leftmost bit is bit 0.
const DIGITAL_SIGNATURE = 0x80;
const NON_REPUDIATION = 0x40;
const KEY_CERT_SIGN = 0x04;
const CRL_SIGN = 0x02;

/**
 * A new key pair and its certificate for `subject`, signed with the `issuer`'s key; with no
 * issuer, the certificate of a new CA, signed with its own.
 */
async function issueCertificate(
  subject: string,
  issuer: IssuedCertificate | null,
  notBefore: Date,
  notAfter: Date,
): Promise<IssuedCertificate> {
  const keys = await crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
  const isCa = issuer === null;
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({ valueHex: serialNumber() });
  certificate.subject = distinguishedName(subject);
  certificate.issuer = issuer ? issuer.certificate.subject : certificate.subject;
  certificate.notBefore.value = notBefore;
  certificate.notAfter.value = notAfter;
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey);

  const ownKeyId = keyIdentifier(certificate);
  const issuerKeyId = issuer ? keyIdentifier(issuer.certificate) : ownKeyId;
  const basicConstraints = new pkijs.BasicConstraints({
    cA: isCa,
    ...(isCa && { pathLenConstraint: 0 }),
  });
  const usage = isCa ? KEY_CERT_SIGN | CRL_SIGN : DIGITAL_SIGNATURE | NON_REPUDIATION;
  const keyUsage = new asn1js.BitString({
    valueHex: new Uint8Array([usage]),
    unusedBits: trailingZeroBits(usage),
  });
  const subjectKeyId = new asn1js.OctetString({ valueHex: ownKeyId });
  const authorityKeyId = new pkijs.AuthorityKeyIdentifier({
    keyIdentifier: new asn1js.OctetString({ valueHex: issuerKeyId }),
  });
  certificate.extensions = [
    extension('2.5.29.19', true, basicConstraints.toSchema()),
    extension('2.5.29.15', true, keyUsage),
    extension('2.5.29.14', false, subjectKeyId),
    extension('2.5.29.35', false, authorityKeyId.toSchema()),
  ];
  await certificate.sign(issuer?.privateKey ?? keys.privateKey, 'SHA-256');
  return { certificate, privateKey: keys.privateKey };
}

function extension(extnID: string, critical: boolean, value: asn1js.BaseBlock): pkijs.Extension {
  return new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });
}

/** C, O and CN, each its own RDN (pkijs would put them in one set: "C=…+O=…+CN=…"). */
function distinguishedName(commonName: string): pkijs.RelativeDistinguishedNames {
  const rdn = (type: string, value: asn1js.PrintableString | asn1js.Utf8String) =>
    new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type, value }).toSchema()] });
  const name = new asn1js.Sequence({
    value: [
      rdn('2.5.4.6', new asn1js.PrintableString({ value: 'US' })),
      rdn('2.5.4.10', new asn1js.Utf8String({ value: ORGANIZATION })),
      rdn('2.5.4.3', new asn1js.Utf8String({ value: commonName })),
    ],
  });
  return pkijs.RelativeDistinguishedNames.fromBER(name.toBER(false));
}

/** A positive 16-byte serial number (RFC 5280: at most 20 octets, unpredictable). */
function serialNumber(): Uint8Array {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x40;
  return bytes;
}

/** RFC 5280 4.2.1.2 method 1: the SHA-1 of the subject public key's bits. */
function keyIdentifier(certificate: pkijs.Certificate): Uint8Array {
  const bits = certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView;
  return new Uint8Array(createHash('sha1').update(bits).digest());
}

function trailingZeroBits(octet: number): number {
  let bits = 0;
  while (bits < 8 && (octet & (1 << bits)) === 0) bits += 1;
  return bits;
}
