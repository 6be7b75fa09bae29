import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';

// Verifiers the project did not write, for the seal on completed documents (sealing/): Debian's
// pdfsig (poppler-utils, with an NSS database from libnss3-tools' certutil for trust) and
// OpenSSL's cms -verify. .ci/run installs them; a test asks `missing` and skips with its
// answer when one cannot be had.

function installed(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'ignore' }).error === undefined;
}

export const verifiers = {
  pdfsig: installed('pdfsig', ['-v']),
  certutil: installed('certutil', ['-H']),
  openssl: installed('openssl', ['version']),
};

/** Why a verifier cannot run here, or null when it can. */
export function missing(...names: (keyof typeof verifiers)[]): string | null {
  const absent = names.filter((name) => !verifiers[name]);
  if (absent.length === 0) return null;
  const packages = { pdfsig: 'poppler-utils', certutil: 'libnss3-tools', openssl: 'openssl' };
  return `not installed: ${absent.map((n) => `${n} (Debian's ${packages[n]})`).join(', ')}; .ci/run installs them`;
}

function withFolder<T>(use: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'attest-verify-'));
  try {
    return use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * pdfsig's report on `pdf`. With `caPem`, the CA is trusted in a throwaway NSS database, so
 * the report says whether the signer's certificate chains to it.
 */
export function pdfsig(pdf: Uint8Array, caPem?: string): string {
  return withFolder((dir) => {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const args = [file];
    if (caPem) {
      const nss = join(dir, 'nss');
      writeFileSync(join(dir, 'ca.pem'), caPem);
      mkdirSync(nss);
      execFileSync('certutil', ['-N', '-d', `sql:${nss}`, '--empty-password']);
      execFileSync('certutil', [
        ...['-A', '-d', `sql:${nss}`, '-n', 'attest-sandbox-ca', '-t', 'CT,C,C'],
        ...['-i', join(dir, 'ca.pem')],
      ]);
      args.unshift('-nssdir', `sql:${nss}`);
    }
    const run = spawnSync('pdfsig', args, { encoding: 'utf8' });
    return `${run.stdout}${run.stderr}`;
  });
}

/** The signature's CMS (DER) and the bytes its /ByteRange covers, read from the PDF. */
export function signedParts(pdf: Uint8Array): { cms: Buffer; signed: Buffer } {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString('latin1');
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!range) throw new Error('no /ByteRange in the PDF');
  const [start, length, next, rest] = range.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const padded = Buffer.from(text.slice(start + length + 1, next - 1), 'hex');
  const cms = padded.subarray(0, derLength(padded));
  const signed = Buffer.concat([
    bytes.subarray(start, start + length),
    bytes.subarray(next, next + rest),
  ]);
  return { cms, signed };
}

/** The length of the DER value at the start of `bytes` (the rest of /Contents is padding). */
function derLength(bytes: Buffer): number {
  const first = bytes[1] ?? 0;
  if (first < 0x80) return 2 + first;
  const octets = first & 0x7f;
  return 2 + octets + bytes.readUIntBE(2, octets);
}

/** `openssl cms -verify` of the PDF's signature against `caPem`: its exit and its words. */
export function opensslVerify(pdf: Uint8Array, caPem: string): { ok: boolean; output: string } {
  const { cms, signed } = signedParts(pdf);
  return withFolder((dir) => {
    writeFileSync(join(dir, 'signature.der'), cms);
    writeFileSync(join(dir, 'signed.bin'), signed);
    writeFileSync(join(dir, 'ca.pem'), caPem);
    const run = spawnSync(
      'openssl',
      [
        ...['cms', '-verify', '-binary', '-inform', 'DER'],
        ...['-in', join(dir, 'signature.der'), '-content', join(dir, 'signed.bin')],
        ...['-CAfile', join(dir, 'ca.pem'), '-out', '/dev/null'],
      ],
      { encoding: 'utf8' },
    );
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  });
}

/** `openssl cms -cmsout -print` of the PDF's signature: its structure, as text. */
export function cmsPrinted(pdf: Uint8Array): string {
  const { cms } = signedParts(pdf);
  return execFileSync('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER'], {
    input: cms,
    encoding: 'utf8',
  });
}

/**
 * `pdf` carries the service's seal over all its bytes, trusted through `caPem`: for OpenSSL
 * and, where it is installed, for pdfsig. Fails the test otherwise; skips what is missing.
 */
export function expectSealedWhole(pdf: Uint8Array, caPem: string): void {
  const text = Buffer.from(pdf).toString('latin1');
  expect(text).toMatch(/\/SubFilter \/ETSI\.CAdES\.detached/);
  if (verifiers.openssl) {
    const result = opensslVerify(pdf, caPem);
    expect(result.ok, result.output).toBe(true);
  }
  if (verifiers.pdfsig && verifiers.certutil) {
    const report = pdfsig(pdf, caPem);
    expect(report).toMatch(/Signature Validation: Signature is Valid\./);
    expect(report).toMatch(/Certificate Validation: Certificate is Trusted\./);
    expect(report).toMatch(/\n\s*- Total document signed/);
  }
}
