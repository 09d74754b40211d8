import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { fakeSupabase } from '@need40/shared/testing';
import { afterEach, vi } from 'vitest';

// No unit test reaches the network: getSupabase() is a fake client until a test installs its own.
fakeSupabase();
afterEach(() => cleanup());

// Two-step login asks the auth client for the session's assurance level after every successful
// password sign-in; no account has an authenticator app unless a test says so.
vi.mock('../features/auth/api/secondStep', () => ({ secondStepFactor: vi.fn(async () => null), verifySecondStep: vi.fn() }));
