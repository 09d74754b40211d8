import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it } from 'vitest';
import { fakeSupabase } from '@need40/shared/testing';
import { PayoutDetails } from './PayoutDetails';

const supabase = fakeSupabase();
beforeEach(() => supabase.reset());

it('shows the stored address, refuses a wrong one with a reason, and saves a right one', async () => {
  supabase.answer('payout_details', { data: null }, { data: [{ paypal_email: 'walter@example.com' }] });
  render(<PayoutDetails userId="u1" />);
  const field = await screen.findByLabelText('PayPal address for your payouts');
  expect(field).toHaveValue('');
  expect(field).toHaveAccessibleDescription(/Need40 pays what you earned to this PayPal account/);
  const user = userEvent.setup();
  await user.type(field, 'walter');
  await user.click(screen.getByRole('button', { name: 'Save PayPal address' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Enter the email address of your PayPal account, like name@example.com.');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(supabase.calls).not.toContainEqual(expect.arrayContaining(['update']));
  await user.type(field, '@example.com');
  await user.click(screen.getByRole('button', { name: 'Save PayPal address' }));
  expect(await screen.findByText('Saved: Need40 pays you at walter@example.com.')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
});

it('says when the details cannot be loaded, and Retry reads them again', async () => {
  supabase.answer('payout_details', { error: { message: 'TypeError: Failed to fetch' }, status: 0 }, { data: { paypal_email: 'w@example.com' } });
  render(<PayoutDetails userId="u1" />);
  expect(await screen.findByRole('alert')).toHaveTextContent("Can't reach Need40 right now");
  await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByLabelText('PayPal address for your payouts')).toHaveValue('w@example.com');
});
