import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { DealSlotProvider, type DealSlotProps } from '../../../lib/dealSlot';
import { MyApplication } from './MyApplication';

it('shows the deal of the member\'s own application through the slot the app fills, as the worker', () => {
  const seen: DealSlotProps[] = [];
  const Deal = (props: DealSlotProps) => {
    seen.push(props);
    return <p>the deal</p>;
  };
  render(
    <DealSlotProvider value={Deal}>
      <MyApplication application={{ id: 'a1', status: 'funded', created_at: '2024-04-09T12:00:00Z', decline_notice: null }} onChanged={vi.fn()} />
    </DealSlotProvider>,
  );
  expect(screen.getByText('the deal')).toBeInTheDocument();
  expect(seen[0]).toMatchObject({ applicationId: 'a1', status: 'funded', side: 'worker' });
  expect(screen.getByText('Money held')).toBeInTheDocument();
});
