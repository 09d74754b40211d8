/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s steps) through otplib's authenticator, checked against
 * services.now() with a window of ±1 step. The QR code is an SVG of the otpauth:// URI.
 */
import { authenticator } from 'otplib';
import QRCode from 'qrcode';

export function newTotpSecret(): string {
  return authenticator.generateSecret(20);
}

export function totpUri(account: string, issuer: string, secret: string): string {
  return authenticator.keyuri(account, issuer, secret);
}

export async function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}

export function checkTotp(code: string, secret: string, nowMs: number): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return authenticator.clone({ window: 1, epoch: nowMs }).check(code, secret);
}

/** The code for a time (tests). */
export function totpAt(secret: string, nowMs: number): string {
  return authenticator.clone({ epoch: nowMs }).generate(secret);
}
