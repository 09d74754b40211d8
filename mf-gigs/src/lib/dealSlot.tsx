/**
 * Where a feature shows a deal without importing the deal feature (features never import each
 * other): it renders <DealSlot …/>, and src/app, which composes the features, provides the
 * component (features/deal's DealPanel).
 */
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

/** The statuses of an application with a deal (accepted onward): the slot shows nothing before. */
export const DEAL_STATUSES: readonly string[] = ['accepted', 'funded', 'delivered', 'disputed', 'released', 'paid_out', 'paid', 'refunded', 'cancelled'];

export interface DealSlotProps {
  applicationId: string;
  status: string;
  side: 'poster' | 'worker';
  /** The deal moved to another status. */
  onChanged?: (status: string) => void;
}

/** A render function rather than a component type, so no component is picked during render. */
export type RenderDeal = (props: DealSlotProps) => ReactNode;

const DealSlotContext = createContext<RenderDeal | null>(null);

export const DealSlotProvider = DealSlotContext.Provider;

export function DealSlot(props: DealSlotProps) {
  const render = useContext(DealSlotContext);
  return render ? render(props) : null;
}

/**
 * The status to show beside a deal: the list's, unless the deal panel has since read a newer one
 * (it reads live), so a badge never contradicts the panel. `onDealStatus` goes to the slot's
 * `onChanged`; a new list status wins again (the panel then reads the deal again if they differ).
 */
export function useNewestStatus(listStatus: string): [string, (status: string) => void] {
  const [read, setRead] = useState({ list: listStatus, deal: listStatus });
  const onDealStatus = useCallback((deal: string) => setRead({ list: listStatus, deal }), [listStatus]);
  return [read.list === listStatus ? read.deal : listStatus, onDealStatus];
}
