/** Private-channel policies an app could have, for the realtime tests (run as the database owner). */

/** An app's policies: everyone signed in reads 'lobby'; each user reads and writes 'room:<own id>'. */
export const ROOM_POLICIES = `
  create policy rt_read on realtime.messages for select to authenticated
    using (realtime.topic() = 'lobby' or realtime.topic() = 'room:' || (select auth.uid())::text);
  create policy rt_write on realtime.messages for insert to authenticated
    with check (realtime.topic() = 'room:' || (select auth.uid())::text);
  create policy rt_broken on realtime.messages for select to authenticated
    using (case when realtime.topic() = 'broken' then 1 / (length(realtime.topic()) - 6) = 1 else false end);`;
