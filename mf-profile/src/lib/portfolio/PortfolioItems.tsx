import { useState } from 'react';
import { publicFileUrl } from '@need40/shared';
import { SafeLink, ui } from '@need40/ui';
import { PORTFOLIO_MAX_ITEMS, thumbnailUrl, type PortfolioItem } from './api';
import { PortfolioForm } from './PortfolioForm';
import { usePortfolio } from './usePortfolio';
import styles from './Portfolio.module.css';

interface Props {
  userId: string;
  /** The member's own profile: add and remove items. */
  editable: boolean;
  /** Heading level of the section (2 on the public profile, 3 inside My Profile). */
  level?: 2 | 3;
}

function Item({ item, onRemove }: { item: PortfolioItem; onRemove?: () => void }) {
  const thumb = thumbnailUrl(item);
  const file = publicFileUrl('portfolio', item.filePath);
  return (
    <li className={styles.item}>
      {thumb && <img className={styles.thumb} src={thumb} alt="" width={240} height={160} loading="lazy" />}
      <p className={styles.title}>{item.title}</p>
      {item.link && <SafeLink href={item.link} />}
      {file && !thumb && (
        <a className={ui.link} href={file} target="_blank" rel="noopener noreferrer">
          Open the PDF
        </a>
      )}
      {onRemove && (
        <button type="button" className={ui.linkButton} onClick={onRemove} aria-label={`Remove ${item.title}`}>
          Remove
        </button>
      )}
    </li>
  );
}

/** Portfolio items: a title with an image, a PDF and/or a link; the member adds and removes theirs. */
export function PortfolioItems({ userId, editable, level = 3 }: Props) {
  const { load, retry, add, remove } = usePortfolio(userId);
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const Heading = level === 2 ? 'h2' : 'h3';
  if (load.status === 'ready' && load.items.length === 0 && !editable) return null;

  return (
    <section className={styles.section} aria-labelledby={`portfolio-items-${userId}`}>
      <Heading id={`portfolio-items-${userId}`} className={styles.heading}>
        Portfolio items
      </Heading>
      {load.status === 'loading' && <p role="status">Loading portfolio...</p>}
      {load.status === 'error' && (
        <div role="alert" className={ui.alert}>
          <p>{load.message}</p>
          <button type="button" className={ui.secondary} onClick={retry}>
            Retry
          </button>
        </div>
      )}
      {load.status === 'ready' && (
        <>
          {load.items.length === 0 && <p className={ui.muted}>Show your work: add an image, a PDF or a link with a title.</p>}
          <ul className={styles.grid}>
            {load.items.map((item) => (
              <Item
                key={item.id}
                item={item}
                onRemove={editable ? () => void remove(item).catch((e: Error) => setFailure(e.message)) : undefined}
              />
            ))}
          </ul>
          {failure && (
            <p role="alert" className={ui.alert}>
              {failure}
            </p>
          )}
          {editable && !adding && load.items.length < PORTFOLIO_MAX_ITEMS && (
            <button type="button" className={ui.secondary} onClick={() => setAdding(true)}>
              Add a portfolio item
            </button>
          )}
          {editable && adding && (
            <PortfolioForm
              onCancel={() => setAdding(false)}
              onAdd={async (item) => {
                await add(item);
                setAdding(false);
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
