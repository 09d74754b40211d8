import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addPortfolioItem, fetchPortfolio, removePortfolioItem } from '../lib/portfolio/api';
import { LINK_RULE, NEEDS_LINK_OR_FILE } from '../lib/portfolio/PortfolioForm';
import { PortfolioItems } from '../lib/portfolio/PortfolioItems';

const item = { id: 'i1', title: 'Landing page', link: 'https://example.com/work', filePath: null, fileType: null };

describe('portfolio items', () => {
  it('a visitor sees the items (and nothing at all when there are none)', async () => {
    vi.mocked(fetchPortfolio).mockResolvedValueOnce([item]);
    const { unmount } = render(<PortfolioItems userId="u1" editable={false} level={2} />);
    expect(await screen.findByText('Landing page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://example.com/work' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add a portfolio item|Remove/ })).not.toBeInTheDocument();
    unmount();
    vi.mocked(fetchPortfolio).mockResolvedValueOnce([]);
    const { container } = render(<PortfolioItems userId="u1" editable={false} />);
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('the member adds an item (a title and a link or a file, checked) and removes one', async () => {
    vi.mocked(fetchPortfolio).mockResolvedValueOnce([]);
    vi.mocked(addPortfolioItem).mockResolvedValueOnce(item);
    vi.mocked(removePortfolioItem).mockResolvedValueOnce();
    const user = userEvent.setup();
    render(<PortfolioItems userId="u1" editable />);
    await user.click(await screen.findByRole('button', { name: 'Add a portfolio item' }));
    const form = screen.getByRole('form', { name: 'Add a portfolio item' });
    await user.type(within(form).getByLabelText(/Title/), 'Landing page');
    await user.click(within(form).getByRole('button', { name: 'Add item' }));
    expect(within(form).getByText(NEEDS_LINK_OR_FILE)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Link'), 'javascript:alert(1)');
    await user.click(within(form).getByRole('button', { name: 'Add item' }));
    expect(within(form).getByText(LINK_RULE)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Link'));
    await user.type(within(form).getByLabelText('Link'), 'https://example.com/work');
    await user.click(within(form).getByRole('button', { name: 'Add item' }));
    expect(await screen.findByText('Landing page')).toBeInTheDocument();
    expect(addPortfolioItem).toHaveBeenCalledWith('u1', { title: 'Landing page', link: 'https://example.com/work', file: null, position: 0 });
    await user.click(screen.getByRole('button', { name: 'Remove Landing page' }));
    await vi.waitFor(() => expect(screen.queryByText('Landing page')).not.toBeInTheDocument());
  });
});
