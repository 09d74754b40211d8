export { default } from '../scripts/vitest/frontend.mjs';
