import { KERNEL_VERSION } from '@need40/shared';
import { assertKernelCompatible, KernelMismatchError, requiredKernel } from './kernel';

const manifest = (range?: string) => ({
  shared: [{ name: 'react', requiredVersion: '^19.3.1' }, ...(range ? [{ name: '@need40/shared', requiredVersion: range }] : [])],
});

describe('kernel check', () => {
  it('reads the range a manifest declares for @need40/shared', () => {
    expect(requiredKernel(manifest('^1.0.0'))).toBe('^1.0.0');
    expect(requiredKernel(manifest())).toBeNull();
    expect(requiredKernel(null)).toBeNull();
    expect(requiredKernel({ shared: 'nonsense' })).toBeNull();
  });

  it('accepts a remote built for the same major, older or newer minor', () => {
    expect(() => assertKernelCompatible('gigs', manifest('^1.0.0'), '1.4.2')).not.toThrow();
    expect(() => assertKernelCompatible('gigs', manifest(`^${KERNEL_VERSION}`))).not.toThrow();
  });

  it('refuses a remote built for another major, or for a newer minor than the page runs', () => {
    expect(() => assertKernelCompatible('campaign', manifest('^2.0.0'), '1.0.0')).toThrow(KernelMismatchError);
    expect(() => assertKernelCompatible('campaign', manifest('^0.1.0'), '1.0.0')).toThrow(KernelMismatchError);
    expect(() => assertKernelCompatible('campaign', manifest('^1.3.0'), '1.2.0')).toThrow(
      'Remote "campaign" was built for @need40/shared ^1.3.0, but this page runs 1.2.0.',
    );
  });

  it('lets a remote that does not share the kernel through', () => {
    expect(() => assertKernelCompatible('auth', manifest(), '1.0.0')).not.toThrow();
  });
});
