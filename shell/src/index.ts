// Async boundary: shared singletons (react, @need40/shared, …) are negotiated before any of them runs.
// In a task of its own: the federation runtime has just started in this one, and loading the shared
// modules after it in the same task would make one long task of both (total blocking time).
// The two largest shared libraries are evaluated first, each in a task of its own, for the same
// reason: imported by bootstrap alone, react-dom, supabase-js, the kernel and the app's modules
// would all run in one task. Importing them here changes nothing else: the module is the same
// shared singleton bootstrap gets.
import { yieldToMain } from './federation/yieldToMain';

async function start(): Promise<void> {
  await import('react-dom/client');
  await yieldToMain();
  await import('@supabase/supabase-js');
  await yieldToMain();
  await import('./bootstrap');
}

setTimeout(() => void start(), 0);
