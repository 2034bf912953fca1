import { FormattedMessage, useIntl } from 'react-intl';
import { useRuntime } from '../app/runtime';
import { telHref } from '../layout/Footer';
import { AccessibilityFeedbackForm } from './AccessibilityFeedbackForm';

/** When the statement was prepared and the service last assessed (noon in Helsinki, so the day is the same everywhere). */
export const ACCESSIBILITY_ASSESSED_ON = new Date('2026-11-29T10:00:00Z');

/** The supervisory authority's contact details (Etelä-Suomen aluehallintovirasto, saavutettavuuden valvonnan yksikkö). */
export const SUPERVISORY_AUTHORITY = {
  web: 'https://www.saavutettavuusvaatimukset.fi',
  email: 'saavutettavuus@avi.fi',
  phone: '0295 016 000',
} as const;

const GAPS = ['automated', 'notCovered', 'documents', 'actions'] as const;

/**
 * The accessibility statement (/{lang}/saavutettavuusseloste, /tillganglighetsutlatande,
 * /accessibility-statement): the conformance to WCAG 2.2 AA, what is known not to conform, how it was
 * assessed, the feedback form and the supervisory authority (Act 306/2019 §15–17). On both brands,
 * anonymous and signed in.
 */
export function AccessibilityPage() {
  const intl = useIntl();
  const { state } = useRuntime();
  const date = intl.formatDate(ACCESSIBILITY_ASSESSED_ON, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Helsinki' });
  const service = intl.formatMessage({ id: `shell.brand.${state.brand}.title` });
  return (
    <div className="shell-page shell-accessibility">
      <h1 tabIndex={-1}>
        <FormattedMessage id="shell.accessibility.title" />
      </h1>
      <p>
        <FormattedMessage id="shell.accessibility.intro" values={{ service, date }} />
      </p>

      <section aria-labelledby="accessibility-status">
        <h2 id="accessibility-status">
          <FormattedMessage id="shell.accessibility.status.heading" />
        </h2>
        <p>
          <FormattedMessage id="shell.accessibility.status.text" />
        </p>
      </section>

      <section aria-labelledby="accessibility-gaps">
        <h2 id="accessibility-gaps">
          <FormattedMessage id="shell.accessibility.gaps.heading" />
        </h2>
        <ul>
          {GAPS.map((gap) => (
            <li key={gap}>
              <FormattedMessage id={`shell.accessibility.gaps.${gap}`} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="accessibility-assessment">
        <h2 id="accessibility-assessment">
          <FormattedMessage id="shell.accessibility.assessment.heading" />
        </h2>
        <p>
          <FormattedMessage id="shell.accessibility.assessment.text" values={{ date }} />
        </p>
      </section>

      <section aria-labelledby="accessibility-feedback">
        <h2 id="accessibility-feedback">
          <FormattedMessage id="shell.accessibility.feedback.heading" />
        </h2>
        <p>
          <FormattedMessage id="shell.accessibility.feedback.text" />
        </p>
        <AccessibilityFeedbackForm />
      </section>

      <section aria-labelledby="accessibility-authority">
        <h2 id="accessibility-authority">
          <FormattedMessage id="shell.accessibility.authority.heading" />
        </h2>
        <p>
          <FormattedMessage id="shell.accessibility.authority.text" />
        </p>
        <h3>
          <FormattedMessage id="shell.accessibility.authority.contactHeading" />
        </h3>
        <p>
          <FormattedMessage id="shell.accessibility.authority.name" />
          <br />
          <FormattedMessage id="shell.accessibility.authority.unit" />
        </p>
        <dl className="shell-accessibility__contacts">
          <dt>
            <FormattedMessage id="shell.accessibility.authority.web" />
          </dt>
          <dd>
            <a href={SUPERVISORY_AUTHORITY.web} rel="noopener noreferrer">
              {SUPERVISORY_AUTHORITY.web.replace(/^https:\/\//, '')}
            </a>
          </dd>
          <dt>
            <FormattedMessage id="shell.accessibility.authority.email" />
          </dt>
          <dd>
            <a href={`mailto:${SUPERVISORY_AUTHORITY.email}`}>{SUPERVISORY_AUTHORITY.email}</a>
          </dd>
          <dt>
            <FormattedMessage id="shell.accessibility.authority.phone" />
          </dt>
          <dd>
            <a href={telHref(SUPERVISORY_AUTHORITY.phone)}>{SUPERVISORY_AUTHORITY.phone}</a>
          </dd>
        </dl>
      </section>
    </div>
  );
}
