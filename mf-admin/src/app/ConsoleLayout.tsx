/**
 * The console's layout inside the composed page: a navigation list of the screens and the current
 * screen, below the shell's own navbar (react-admin's app bar and sidebar are fixed-position and
 * would cover it). Screen titles render into #react-admin-title.
 */
import type { ReactNode } from 'react';
import { Link, useResourceDefinitions } from 'react-admin';
import { useLocation } from 'react-router-dom';

export function ConsoleLayout({ children }: { children: ReactNode }) {
  const resources = useResourceDefinitions();
  const { pathname } = useLocation();
  const screens = Object.values(resources).filter((r) => r.hasList);
  return (
    <div style={{ display: 'flex', gap: '1.5rem', alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <nav aria-label="Console" style={{ minWidth: '11rem' }}>
        <h1 style={{ fontSize: '1.25rem', margin: '0 0 0.75rem' }}>Console</h1>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.25rem' }}>
          {screens.map((r) => {
            const current = pathname === `/${r.name}` || pathname.startsWith(`/${r.name}/`);
            return (
              <li key={r.name}>
                <Link to={`/${r.name}`} aria-current={current ? 'page' : undefined} sx={{ fontWeight: current ? 700 : 400 }}>
                  {String(r.options?.label ?? r.name)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div style={{ flex: '1 1 40rem', minWidth: 0 }}>
        <h2 id="react-admin-title" style={{ fontSize: '1.25rem', margin: '0 0 0.5rem' }} />
        {children}
      </div>
    </div>
  );
}
