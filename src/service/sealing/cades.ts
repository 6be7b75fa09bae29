import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { SealingIdentity } from './signing-identity.ts';

// A CAdES detached signature as PAdES baseline B-B wants it (ETSI EN 319 142-1, 319 122-1):
// a CMS SignedData without the content, whose signed attributes are the content type, the
// message digest and signing-certificate-v2. No signing-time attribute: PAdES takes the time
// from the signature dictionary's /M.

const OID = {
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
} as const;

/** The DER of a detached CAdES signature of `content` by the identity's certificate. */
export async function cadesDetachedSignature(
  identity: SealingIdentity,
  content: Uint8Array,
): Promise<Uint8Array> {
  const digest = sha256(content);
  const certificate = identity.certificate;
  const attributes = [
    new pkijs.Attribute({
      type: OID.contentType,
      values: [new asn1js.ObjectIdentifier({ value: OID.data })],
    }),
    new pkijs.Attribute({
      type: OID.messageDigest,
      values: [new asn1js.OctetString({ valueHex: digest })],
    }),
    new pkijs.Attribute({
      type: OID.signingCertificateV2,
      values: [signingCertificateV2(sha256(identity.certificateDer))],
    }),
  ];
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: certificate.issuer,
          serialNumber: certificate.serialNumber,
        }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
      }),
    ],
    certificates: [certificate],
  });
  await signedData.sign(identity.privateKey, 0, 'SHA-256');
  const contentInfo = new pkijs.ContentInfo({
    contentType: pkijs.ContentInfo.SIGNED_DATA,
    content: signedData.toSchema(true),
  });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}

/**
 * SigningCertificateV2 (RFC 5035) naming the one certificate by its SHA-256 hash. SHA-256 is
 * the hash algorithm's DEFAULT, so DER leaves it out; CAdES baseline leaves out issuerSerial.
 */
function signingCertificateV2(certificateHash: Uint8Array): asn1js.Sequence {
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: certificateHash })],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

function sha256(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(bytes).digest());
}
