import styles from './Hero.module.css';

interface HeroStatProps {
  value: string;
  label: string;
  tone?: 'neutral' | 'money' | 'fee';
}

/** One hero figure: the number large, its label underneath. */
export function HeroStat({ value, label, tone = 'neutral' }: HeroStatProps) {
  return (
    <div className={styles.stat}>
      <dt className={styles.label}>{label}</dt>
      <dd className={`${styles.value} ${styles[tone] ?? ''}`}>{value}</dd>
    </div>
  );
}
