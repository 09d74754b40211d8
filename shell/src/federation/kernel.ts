/**
 * The kernel check. @need40/shared is a singleton shared `loaded-first`, so on the composed page
 * every remote runs with the shell's copy. When a remote's declared range does not match it, the
 * federation runtime only warns ("does not satisfy the requirement", in the console) and goes on
 * with the shell's copy: a silent mix. So the shell reads the remote's mf-manifest.json first and
 * refuses to load it, with a KernelMismatchError its slot explains (docs/composition.md).
 */
import { satisfy } from '@module-federation/enhanced/runtime';
import { KERNEL_PACKAGE, KERNEL_VERSION } from '@need40/shared';

export class KernelMismatchError extends Error {
  override readonly name = 'KernelMismatchError';
  constructor(
    readonly remote: string,
    /** The range the remote was built for, e.g. "^2.0.0". */
    readonly required: string,
    /** The kernel of this page. */
    readonly provided: string,
  ) {
    super(`Remote "${remote}" was built for ${KERNEL_PACKAGE} ${required}, but this page runs ${provided}.`);
  }
}

interface ManifestShared {
  name?: unknown;
  requiredVersion?: unknown;
}

/** The range `manifest` declares for the kernel, or null when it does not share it. */
export function requiredKernel(manifest: unknown): string | null {
  const shared = (manifest as { shared?: unknown } | null)?.shared;
  if (!Array.isArray(shared)) return null;
  const entry = (shared as ManifestShared[]).find((s) => s?.name === KERNEL_PACKAGE);
  return typeof entry?.requiredVersion === 'string' ? entry.requiredVersion : null;
}

/** Throws KernelMismatchError when `manifest` needs a kernel this page does not run. */
export function assertKernelCompatible(remote: string, manifest: unknown, provided: string = KERNEL_VERSION): void {
  const required = requiredKernel(manifest);
  if (required !== null && !satisfy(provided, required)) throw new KernelMismatchError(remote, required, provided);
}
