/**
 * @need40/ui — the UI primitives of the remotes. Bundled into each remote (it is not in the
 * federation share scope), so a remote that upgrades it ships the change alone.
 *
 *   import { ui, TextField } from '@need40/ui';
 *   <button className={ui.primary}>Post Gig</button>
 */
export { default as ui } from './ui.module.css';
export { Field, type ControlProps, type FieldProps } from './Field';
export { TextField, type TextFieldProps } from './TextField';
export { SelectField, type SelectFieldProps, type SelectOption } from './SelectField';
export { SafeLink } from './SafeLink';
export { safeUrl } from './safeUrl';
export { formatDate, formatNumber, type DateOptions, type NumberOptions } from './format';
export { openPendingTab, type PendingTab } from './pendingTab';
export type { FetchPage, Page, Pages, PagesState } from './paging/types';
export { useCachedPages, updateCachedRows, type CachedPagesOptions } from './paging/useCachedPages';
export { PagedList, type PagedListProps } from './paging/PagedList';
export { keysetAfter } from './paging/keyset';
export { Loading, LoadFailed } from './LoadStates';
export { ReportButton, REPORT_REASONS, REPORT_SENT, type ReportButtonProps, type ReportKind, type ReportReason, type RpcClient } from './ReportButton';
export { formatCents, formatMoney, formatRate } from './money';
export { memberName, UNNAMED_MEMBER } from './memberName';
export { failureText, isNetworkFailure, NETWORK_MESSAGE, worded } from './failureText';
export { usePending, SLOW_AFTER_MS, type Attempt, type Outcome, type Pending } from './pending/usePending';
export { SlowNotice, SLOW_TEXT } from './pending/SlowNotice';
export { useDraft, draftKey, hasDraft, readDraft } from './draft/useDraft';
