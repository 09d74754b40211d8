/**
 * What a person is told when the server refuses or never receives a new gig: what happened and
 * what to do. The technical error still goes to the console (the caller logs it).
 */
export type PostFailureKind = 'offline' | 'signedOut' | 'refused' | 'server';

export interface PostFailure {
  kind: PostFailureKind;
  message: string;
}

const MESSAGES: Record<PostFailureKind, string> = {
  offline: "Your gig was not posted: Need40 can't be reached right now. Check your connection and press Post Gig again — everything you typed is kept.",
  signedOut: 'Your gig was not posted because your session has ended. Log in again, then press Post Gig — everything you typed is kept.',
  refused: 'Your gig was not posted: Need40 did not accept one of its values. Check the fields, then press Post Gig again.',
  server: 'Your gig was not posted: something went wrong on our side. Wait a moment and press Post Gig again — everything you typed is kept.',
};

const field = (error: unknown, key: string): string => {
  if (typeof error !== 'object' || error === null || !(key in error)) return '';
  const value = (error as Record<string, unknown>)[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/** Sorts a failed insert (a PostgrestError, a fetch TypeError or anything thrown) into what the person can do. */
export function describePostFailure(error: unknown): PostFailure {
  const code = field(error, 'code');
  const message = field(error, 'message') || (error instanceof Error ? error.message : '');
  const status = Number(field(error, 'status'));
  let kind: PostFailureKind = 'server';
  if (error instanceof TypeError || /failed to fetch|network|load failed/i.test(message)) kind = 'offline';
  else if (status === 401 || code === 'PGRST301' || code === '42501' || /jwt|token/i.test(message)) kind = 'signedOut';
  else if (status === 400 || /^(22|23)/.test(code)) kind = 'refused';
  return { kind, message: MESSAGES[kind] };
}
