/**
 * A software WebAuthn authenticator for the tests: an EC P-256 key, attestation "none" on
 * registration, ES256 assertions with a signature counter. It answers the options the server's
 * challenge gave (as auth-js hands them over: challenge as an ArrayBuffer or base64url) and can be
 * told to lie (another origin, RP id, challenge or key; a counter that went back).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | Buffer | string) => createHash('sha256').update(b).digest();

export interface Lies {
  origin?: string;
  rpId?: string;
  challenge?: string;
  /** Sign with a fresh key instead of the registered one. */
  otherKey?: boolean;
  /** Send this clientDataJSON type instead of webauthn.create / webauthn.get. */
  type?: string;
}

type Challenge = ArrayBuffer | Uint8Array | string;
const challengeText = (c: Challenge) => (typeof c === 'string' ? c : b64url(new Uint8Array(c instanceof ArrayBuffer ? c : c.buffer)));

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The signature counter the next assertion reports (set it lower to test a cloned authenticator). */
  counter = 0;

  constructor(readonly origin: string, readonly rpId: string) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Uint8Array {
    const jwk = this.key.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private authData(rpId: string, attested: boolean): Buffer {
    const flags = 0x01 | 0x04 | (attested ? 0x40 : 0);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter >>> 0);
    const head = Buffer.concat([sha256(rpId), Buffer.from([flags]), counter]);
    if (!attested) return head;
    const len = Buffer.alloc(2);
    len.writeUInt16BE(this.credentialId.length);
    return Buffer.concat([head, Buffer.alloc(16), len, this.credentialId, Buffer.from(this.coseKey())]);
  }

  private clientData(type: string, challenge: Challenge, lies: Lies): Buffer {
    return Buffer.from(JSON.stringify({ type: lies.type ?? type, challenge: lies.challenge ?? challengeText(challenge), origin: lies.origin ?? this.origin, crossOrigin: false }));
  }

  /** The user handle a discoverable credential keeps (the options' user.id), sent with assertions. */
  userHandle: string | undefined;

  /** navigator.credentials.create() → RegistrationResponseJSON. */
  create(options: { challenge: Challenge; user?: { id: Challenge } }, lies: Lies = {}) {
    if (options.user) this.userHandle = challengeText(options.user.id);
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, lies);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(lies.rpId ?? this.rpId, true)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['usb'] },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() → AuthenticationResponseJSON; the counter moves up by one first. */
  get(options: { challenge: Challenge }, lies: Lies = {}) {
    this.counter += 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, lies);
    const authenticatorData = this.authData(lies.rpId ?? this.rpId, false);
    const signer: KeyObject = lies.otherKey ? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey : this.key.privateKey;
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), signer);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature), userHandle: this.userHandle },
      clientExtensionResults: {},
    };
  }
}

/** What auth-js's mfa.verify serialises: an object whose toJSON() is the response JSON. */
export const asCredential = (json: object) => ({ toJSON: () => json }) as never;
