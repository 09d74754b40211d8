import '@testing-library/jest-dom/vitest';
import { fakeSupabase } from '@need40/shared/testing';

// No unit test reaches the network: getSupabase() is a fake client until a test installs its own.
fakeSupabase();
