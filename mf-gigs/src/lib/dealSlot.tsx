/**
 * Where a feature shows a deal without importing the deal feature (features never import each
 * other): it renders <DealSlot …/>, and src/app, which composes the features, provides the
 * component (features/deal's DealPanel).
 */
import { createContext, useContext, type ReactNode } from 'react';

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
