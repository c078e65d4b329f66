/**
 * A LoTW-like callsign certificate made on the spot for tests (no private key is committed): an
 * RSA key, a self-signed X.509 certificate whose subject carries the callsign under TrustedQSL's
 * OID, packed as a password-protected .p12, by node-forge or, as TrustedQSL's own files are
 * (RC2-40 and 3DES), by `openssl pkcs12 -export -legacy`.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { LOTW_CALLSIGN_OID } from '../confirmations/lotw-certificate';

export interface TestCertificateOptions {
  callsign: string;
  password: string;
  /** Default: valid from yesterday for a year. */
  notBefore?: Date;
  notAfter?: Date;
  /** How the .p12 is packed: node-forge with 3DES (default) or AES-256, or OpenSSL's legacy RC2-40/3DES. */
  packing?: '3des' | 'aes256' | 'openssl-legacy';
}

export interface TestCertificate {
  p12: Uint8Array;
  password: string;
  /** The certificate, PEM. */
  certificatePem: string;
}

const DAY = 86_400_000;

export function makeTestCertificate(options: TestCertificateOptions): TestCertificate {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '0a1b2c';
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - DAY);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * DAY);
  const subject = [
    { type: LOTW_CALLSIGN_OID, value: options.callsign },
    { name: 'commonName', value: 'Test Operator' },
  ];
  cert.setSubject(subject);
  cert.setIssuer([{ name: 'commonName', value: 'HamLog test CA' }]);
  cert.sign(key, forge.md.sha256.create());
  const certificatePem = forge.pki.certificateToPem(cert);
  if (options.packing === 'openssl-legacy') {
    const dir = mkdtempSync(join(tmpdir(), 'hamlog-p12-'));
    try {
      writeFileSync(join(dir, 'key.pem'), forge.pki.privateKeyToPem(key));
      writeFileSync(join(dir, 'cert.pem'), certificatePem);
      execFileSync('openssl', ['pkcs12', '-export', '-legacy', '-inkey', 'key.pem', '-in', 'cert.pem', '-passout', 'env:P12_PASSWORD', '-out', 'cert.p12'], {
        cwd: dir,
        env: { ...process.env, P12_PASSWORD: options.password },
        stdio: 'pipe',
      });
      return { p12: new Uint8Array(readFileSync(join(dir, 'cert.p12'))), password: options.password, certificatePem };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], options.password, {
    algorithm: options.packing ?? '3des',
    friendlyName: 'TrustedQSL user certificate',
  });
  return { p12: new Uint8Array(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary')), password: options.password, certificatePem };
}
