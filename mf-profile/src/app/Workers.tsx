import { FindWorkers } from '../features/workers/components/FindWorkers';

/**
 * mf-profile's exposed `./Workers`: the Find workers directory, as the shell shows it at
 * `#workers` (loaded only when someone opens it).
 * @example <Workers />
 */
export default function Workers() {
  return <FindWorkers />;
}
