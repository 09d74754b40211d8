import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppErrorBoundary } from './AppErrorBoundary';

function Broken(): never {
  throw new Error('shell exploded');
}

it('shows "Something went wrong." with expandable details', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <AppErrorBoundary>
      <Broken />
    </AppErrorBoundary>,
  );
  expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
  await userEvent.click(screen.getByText('Error details'));
  expect(screen.getAllByText(/shell exploded/).length).toBeGreaterThan(0);
});
