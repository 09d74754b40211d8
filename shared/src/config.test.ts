import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILT_IN_CONFIG, getRuntimeConfig, loadRuntimeConfig, normalizeConfig, resetRuntimeConfig } from './config';

afterEach(() => resetRuntimeConfig());

describe('runtime configuration', () => {
  it('uses the served config.json', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ supabaseUrl: 'https://api.example.com/', supabaseAnonKey: 'k' })));
    const config = await loadRuntimeConfig('/config.json', fetchImpl as typeof fetch);
    expect(config.supabaseUrl).toBe('https://api.example.com');
    expect(config.supabaseAnonKey).toBe('k');
    expect(config.siteUrl).toBe(BUILT_IN_CONFIG.siteUrl);
    expect(getRuntimeConfig()).toBe(config);
  });

  it('falls back to built-in connection values when the file is missing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchImpl = vi.fn(async () => new Response('nope', { status: 404 }));
    expect(await loadRuntimeConfig('/config.json', fetchImpl as typeof fetch)).toEqual(BUILT_IN_CONFIG);
    expect(warn).toHaveBeenCalled();
  });

  it('falls back on a network error or bad JSON', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchImpl = vi.fn(async () => { throw new TypeError('Failed to fetch'); });
    expect(await loadRuntimeConfig('/config.json', fetchImpl as typeof fetch)).toEqual(BUILT_IN_CONFIG);
  });

  it('ignores fields of the wrong type', () => {
    expect(normalizeConfig({ supabaseUrl: 42, siteUrl: '  ' })).toEqual(BUILT_IN_CONFIG);
    expect(normalizeConfig(null)).toEqual(BUILT_IN_CONFIG);
  });

  it('has no secret in the built-in values: the anon key carries role "anon"', () => {
    const payload = JSON.parse(atob(BUILT_IN_CONFIG.supabaseAnonKey.split('.')[1]!)) as { role: string };
    expect(payload.role).toBe('anon');
  });
});
