import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getRuntimeConfig, resetRuntimeConfig, setRuntimeConfig } from '@need40/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHARE_TEXT } from '../lib/shareUrl';
import { ShareButton } from './ShareButton';

describe('Share Movement', () => {
  afterEach(() => resetRuntimeConfig());

  it('opens the tweet composer with the campaign text and the configured product URL in a new tab', async () => {
    setRuntimeConfig({ siteUrl: 'https://need40.example' });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    render(<ShareButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Share Movement' }));

    expect(open).toHaveBeenCalledTimes(1);
    const [url, target, features] = open.mock.calls[0]!;
    const parsed = new URL(String(url));
    expect(parsed.origin + parsed.pathname).toBe('https://twitter.com/intent/tweet');
    expect(parsed.searchParams.get('text')).toBe(SHARE_TEXT);
    expect(parsed.searchParams.get('url')).toBe(getRuntimeConfig().siteUrl);
    expect(target).toBe('_blank');
    expect(features).toContain('noopener');
  });

  it('states the campaign figures in the text', () => {
    expect(SHARE_TEXT).toContain('#Need40');
    expect(SHARE_TEXT).toContain('$600');
    expect(SHARE_TEXT).toContain('$570 (95%)');
    expect(SHARE_TEXT).toContain('$30 (5%)');
  });
});
