/** One gate's verdict, as the release commands print it and release.json records it. */
export interface GateResult {
  gate: 'shared' | 'exposes' | 'contract' | 'smoke';
  passed: boolean;
  detail: string;
}

export class GateFailed extends Error {
  override readonly name = 'GateFailed';
  constructor(readonly results: GateResult[]) {
    super(`gates failed: ${results.filter((r) => !r.passed).map((r) => `${r.gate} (${r.detail})`).join('; ')}`);
  }
}
