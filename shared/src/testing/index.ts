/**
 * @need40/shared/testing — for unit tests only (no app imports it; it is not in any bundle): the
 * fake Supabase client every frontend package's tests use instead of mocking the kernel.
 */
export { fakeSupabase, type Answerer, type FakeAnswer, type FakeCall, type FakeSupabase } from './fakeSupabase';
export { FakeChannel } from './fakeChannel';
