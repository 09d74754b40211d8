import { render, screen, within } from '@testing-library/react';
import { Hero } from './Hero';

describe('Hero', () => {
  it('shows the heading, the lead and the three figures from the shared constants', () => {
    render(<Hero />);
    const hero = screen.getByRole('region', { name: 'Fair pay for every gig' });
    expect(within(hero).getByRole('heading', { level: 1 })).toHaveTextContent('Fair pay for every gig');
    expect(hero).toHaveTextContent('Post a gig, get it done, and the worker keeps 95% of what you pay.');
    const pairs = within(hero)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Average gig value', '$600'],
      ['Worker earnings', '$570'],
      ['Platform fee', '5%'],
    ]);
  });
});
