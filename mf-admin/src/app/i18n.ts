/** react-admin's own English words (buttons, paging, notifications); the console's labels are set per field. */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

export const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en');
