import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SectionBoundary } from './SectionBoundary';

let crash = true;
function Flaky({ label }: { label: string }) {
  if (crash) throw new Error(`${label} exploded`);
  return <p>{label} works</p>;
}

describe('a section that fails alone', () => {
  it('keeps its anchor and heading, says it stopped working, logs the error, and Retry renders it afresh', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    crash = true;
    const user = userEvent.setup();
    const { container } = render(
      <>
        <SectionBoundary id="gigs" title="Latest Gigs">
          <Flaky label="Grid" />
        </SectionBoundary>
        <SectionBoundary id="post-gig" title="Post Your Gig">
          <p>Form works</p>
        </SectionBoundary>
      </>,
    );
    const section = screen.getByRole('region', { name: 'Latest Gigs' });
    expect(container.querySelector('section#gigs')).toBe(section);
    expect(within(section).getByRole('alert')).toHaveTextContent('Latest Gigs stopped working.');
    expect(screen.getByText('Form works')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('[mf-gigs] Latest Gigs crashed', expect.objectContaining({ message: 'Grid exploded' }));
    crash = false;
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Grid works')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
