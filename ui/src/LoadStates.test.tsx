import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadFailed, Loading } from './LoadStates';

describe('load states', () => {
  it('says what is loading as a status, and a failure as an alert with Try again', async () => {
    const retry = vi.fn();
    render(
      <>
        <Loading what="your gigs" />
        <LoadFailed what="the payment" retry={retry} />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading your gigs...');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the payment. Check your connection and try again.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
