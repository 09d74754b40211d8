/** What a joined channel (channel.ts) is given: its socket's services and its join's options. */
import type { Identity } from './auth';
import type { Permissions } from './authorize';
import type { Binding, ResolvedBindings } from './join';
import type { JwtKeys } from '../security/jwt-keys';

/** What a channel needs of its socket. */
export interface ChannelHost {
  readonly socketId: string;
  readonly secret: JwtKeys;
  now(): number;
  send(topic: string, event: string, payload: unknown, ref: string | null, joinRef: string | null): void;
  sendBinaryBroadcast(topic: string, event: string, bytes: Buffer): void;
  /** Called once when the channel is gone (left, replaced, shut down). */
  dropped(channel: { readonly topic: string }): void;
  onError(error: unknown): void;
  /** One more presence message within the socket's rate? (takes it) */
  presenceAllowed(): boolean;
  /** postgres_changes bindings resolved for an identity (see join.ts). */
  resolve(bindings: Binding[], identity: Identity, ids: number[]): Promise<ResolvedBindings>;
  /** What an identity may do on a private channel (see authorize.ts). */
  authorize(subTopic: string, identity: Identity): Promise<Permissions>;
}

export interface ChannelOptions {
  topic: string;
  joinRef: string;
  identity: Identity;
  token: string;
  bindings: Binding[];
  resolved: ResolvedBindings;
  presenceKey: string;
  presenceEnabled: boolean;
  selfBroadcast: boolean;
  ackBroadcast: boolean;
  /** A private channel and what its identity may do there (public channels: everything). */
  private: boolean;
  permissions: Permissions;
}
