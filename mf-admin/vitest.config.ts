import frontend from '../scripts/vitest/frontend.mjs';

// The shared setup, in the default pool: react-admin's dependencies include a CommonJS package that
// requires an ES module file (async-function, through get-intrinsic), which a VM context refuses.
export default { ...frontend, test: { ...frontend.test, pool: 'forks' } };
