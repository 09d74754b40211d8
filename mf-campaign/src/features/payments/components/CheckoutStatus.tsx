import { formatMoney, SlowNotice, ui, type Pending } from '@need40/ui';
import type { CheckoutState } from '../hooks/useCheckout';

/** The message area under the campaign buttons: progress, the error, or where to finish paying. */
export function CheckoutStatus({ state, pending }: { state: CheckoutState; pending: Pending }) {
  if (state.status === 'busy') {
    return (
      <>
        <p role="status" className={ui.busy}>Recording your payment...</p>
        <SlowNotice pending={pending} />
      </>
    );
  }
  if (state.status === 'error') {
    return <p role="alert" className={ui.alert}>{state.message}</p>;
  }
  if (state.status === 'done') {
    const amount = formatMoney(state.amount);
    const what = state.kind === 'give' ? `your ${amount} Give40 donation` : `your ${amount} payment`;
    return (
      <p role="status" className={ui.status}>
        {state.kind === 'give' ? 'Thank you for supporting Need40! ' : ''}
        {state.tabOpened ? `Finish ${what} on PayPal in the new tab.` : `Your browser blocked the new tab. `}
        {!state.tabOpened && (
          <a className={ui.link} href={state.url} target="_blank" rel="noopener noreferrer">
            Open PayPal to finish {what}
          </a>
        )}
      </p>
    );
  }
  return null;
}
