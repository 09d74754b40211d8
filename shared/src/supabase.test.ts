import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { resetRuntimeConfig, setRuntimeConfig } from './config';
import { getSupabase, resetSupabase, setRealtimeTransport } from './supabase';

afterEach(() => { resetSupabase(); resetRuntimeConfig(); });

describe('the shared Supabase client', () => {
  it('is created once and reused', () => {
    setRealtimeTransport(WebSocket);
    setRuntimeConfig({ supabaseUrl: 'http://127.0.0.1:1' });
    const a = getSupabase();
    expect(getSupabase()).toBe(a);
  });

  it('is built from the runtime configuration in force', () => {
    setRealtimeTransport(WebSocket);
    setRuntimeConfig({ supabaseUrl: 'http://api.example.test' });
    const client = getSupabase() as unknown as { supabaseUrl: string | URL };
    expect(String(client.supabaseUrl)).toMatch(/^http:\/\/api\.example\.test\/?$/);
  });
});
