/**
 * One Lighthouse audit (the npm package) of one URL in a Chromium started by chrome-launcher:
 * the performance category only, mobile (Lighthouse's default: Moto G Power, simulated slow 4G and
 * 4× CPU) or desktop (the `--preset=desktop` config). Returns the figures the benchmark compares.
 */
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

export type FormFactor = 'mobile' | 'desktop';

export interface Figures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  siMs: number;
  bytes: number;
  /** Lighthouse's CPU benchmark at the start of the run: lower means a busier machine. */
  benchmarkIndex: number;
  /** The LCP element as Lighthouse names it (a selector and a text snippet). */
  lcpElement: string;
  /** The element of the largest layout shift. */
  largestShift: string;
}

interface NodeDetail {
  type: 'node';
  selector?: string;
  snippet?: string;
}

/** The first element Lighthouse names anywhere in an audit's details (depth-first). */
function firstNode(details: unknown): NodeDetail | undefined {
  if (!details || typeof details !== 'object') return undefined;
  if ((details as { type?: string }).type === 'node') return details as NodeDetail;
  for (const v of Object.values(details)) {
    const found = firstNode(v);
    if (found) return found;
  }
  return undefined;
}

const describe = (n: NodeDetail | undefined) => (n ? `${n.selector ?? ''} ${n.snippet ?? ''}`.trim().slice(0, 160) : 'none');

export const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

export async function launchChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
}

const numeric = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string) => lhr.audits[id]?.numericValue ?? NaN;

/** `saveAs`: also write the whole Lighthouse report (JSON) there, for the audits behind the figures. */
export async function audit(port: number, url: string, formFactor: FormFactor, saveAs?: string): Promise<Figures> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr;
  if (saveAs) writeFileSync(saveAs, String(result.report));
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A score of null means a metric audit failed inside Lighthouse (once: a stale node_modules whose
  // hoisted tslib was 1.x, "tslib_1.__spreadArray is not a function"); say why instead of NaN.
  if (lhr.categories.performance?.score == null) {
    const failed = Object.entries(lhr.audits).find(([, a]) => a.errorMessage);
    throw new Error(`Lighthouse scored nothing: ${failed ? `${failed[0]}: ${failed[1].errorMessage}` : 'no metric'} (a fresh \`pnpm install\` may help)`);
  }
  const lcpNode = firstNode(lhr.audits['lcp-breakdown-insight']?.details);
  const shiftNode = firstNode(lhr.audits['layout-shifts']?.details);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
    cls: Math.round(numeric(lhr, 'cumulative-layout-shift') * 1000) / 1000,
    fcpMs: Math.round(numeric(lhr, 'first-contentful-paint')),
    siMs: Math.round(numeric(lhr, 'speed-index')),
    bytes: Math.round(numeric(lhr, 'total-byte-weight')),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    lcpElement: describe(lcpNode),
    largestShift: describe(shiftNode),
  };
}
