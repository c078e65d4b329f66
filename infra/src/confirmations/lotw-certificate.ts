/**
 * The user's LoTW callsign certificate, from the .p12 (PKCS#12) TrustedQSL saves. node-forge reads
 * the file in JavaScript, whatever its ciphers (TrustedQSL's files use RC2-40 and 3DES, which
 * OpenSSL 3 only reads with its legacy provider; see decision 0057); Node's crypto signs.
 */
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { authFailure, rejected, type ServiceFailure } from './outcome';

/** The subject attribute of a LoTW certificate that holds the callsign (TrustedQSL's OID). */
export const LOTW_CALLSIGN_OID = '1.3.6.1.4.1.12348.1.1';

export interface LotwCertificate {
  /** The callsign the certificate was issued for (upper case), or null when it names none. */
  callsign: string | null;
  notAfter: Date;
  /** The certificate as tCERT carries it: base64 DER in lines of 64, each ending '\n' (a PEM's body). */
  pemBody: string;
  /** Base64 RSA PKCS#1 v1.5 signature with SHA-1 of the text's UTF-8 bytes, in lines of 64, each ending '\n'. */
  sign(text: string): string;
}

/** Base64 in lines of 64 characters, each ending '\n', as OpenSSL's base64 BIO writes it. */
export function base64Lines(bytes: Uint8Array): string {
  return (Buffer.from(bytes).toString('base64').match(/.{1,64}/g) ?? []).map((line) => `${line}\n`).join('');
}

function bagsOf(p12: forge.pkcs12.Pkcs12Pfx, bagType: string): forge.pkcs12.Bag[] {
  return p12.getBags({ bagType })[bagType] ?? [];
}

/** The certificate and key of a .p12, or why they cannot be used. */
export function openLotwCertificate(p12Bytes: Uint8Array, password: string, now: Date = new Date()): LotwCertificate | ServiceFailure {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12Bytes).toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, true, password);
  } catch (error) {
    const wrongPassword = error instanceof Error && /password|mac could not be verified|decrypt/i.test(error.message);
    return authFailure(
      wrongPassword
        ? 'The password of your LoTW certificate (.p12) is wrong. Enter the password you chose when you saved the certificate in TQSL.'
        : 'The uploaded file is not a LoTW certificate HamLog can read. Save your callsign certificate from TQSL as a .p12 file and upload that.',
    );
  }
  const key = [...bagsOf(p12, forge.pki.oids.pkcs8ShroudedKeyBag!), ...bagsOf(p12, forge.pki.oids.keyBag!)].find((bag) => bag.key)?.key as
    | forge.pki.rsa.PrivateKey
    | undefined;
  if (!key) return authFailure('Your LoTW certificate file holds no private key. Save the callsign certificate from TQSL again, with its private key, as a .p12 file.');
  // TrustedQSL's file may hold the LoTW CA certificates too: the user's is the one that goes with the key.
  const cert = bagsOf(p12, forge.pki.oids.certBag!)
    .map((bag) => bag.cert)
    .find((c): c is forge.pki.Certificate => Boolean(c && (c.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n)));
  if (!cert) return authFailure('Your LoTW certificate file holds no certificate for its key. Save the callsign certificate from TQSL again as a .p12 file.');
  const callsignAttribute = cert.subject.attributes.find((a) => a.type === LOTW_CALLSIGN_OID);
  const callsign = typeof callsignAttribute?.value === 'string' ? callsignAttribute.value.trim().toUpperCase() : null;
  if (cert.validity.notAfter < now) {
    const day = cert.validity.notAfter.toISOString().slice(0, 10);
    return authFailure(`Your LoTW certificate${callsign ? ` for ${callsign}` : ''} expired on ${day}. Renew it in TQSL and upload the new .p12 file.`);
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(forge.pki.privateKeyToPem(key));
  } catch {
    return rejected('The key in your LoTW certificate could not be used for signing.');
  }
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return {
    callsign,
    notAfter: cert.validity.notAfter,
    pemBody: base64Lines(Buffer.from(der, 'binary')),
    sign: (text) => base64Lines(sign('sha1', Buffer.from(text, 'utf8'), privateKey)),
  };
}
