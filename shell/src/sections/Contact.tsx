import styles from './Sections.module.css';

export function Contact() {
  return (
    <div className={styles.prose}>
      <h1>Contact us</h1>
      <p>We are a small team and we read every message. We usually answer within two working days.</p>
      <dl className={styles.contactList}>
        <dt>General questions and support</dt>
        <dd>
          <a href="mailto:hello@need40.org">hello@need40.org</a>
        </dd>
        <dt>Payments and refunds</dt>
        <dd>
          <a href="mailto:payments@need40.org">payments@need40.org</a> — include the gig title and the date you paid.
        </dd>
        <dt>Report a gig or a user</dt>
        <dd>
          <a href="mailto:trust@need40.org">trust@need40.org</a> — tell us which gig and what happened; we reply to every report.
        </dd>
        <dt>Press and partnerships</dt>
        <dd>
          <a href="mailto:press@need40.org">press@need40.org</a>
        </dd>
      </dl>
      <p>
        Before you write: signing up, posting a gig and editing your profile are explained right on the Home page and in My Profile.
      </p>
    </div>
  );
}
