/**
 * Benchmark only: stands in for the shell's federation/manifests.ts in the single-bundle build,
 * which has no remotes and so no manifests to read (no requests that the composed page lacks).
 */
export function readManifest(): Promise<unknown> {
  return Promise.resolve(null);
}

export function takeManifestResponse(): undefined {
  return undefined;
}
