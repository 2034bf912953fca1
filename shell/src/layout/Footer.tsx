import { FormattedMessage } from 'react-intl';
import { ShellLink } from '../app/ShellLink';
import { useRuntime } from '../app/runtime';

/** tel: URI of a display number such as '010 123 4567' or '+358 10 123 4567'. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * Customer service, call charges, app download links, the terms of use (spec part 2 §2.4) and the
 * accessibility statement (Act 306/2019, issue 33), in the page's language on both brands.
 */
export function Footer() {
  const { state, shell } = useRuntime();
  const { config } = state;
  // The children's brand keeps its terms in Finnish only (spec part 2 §2.4).
  const termsLang = state.brand === 'children' ? 'fi' : state.lang;
  return (
    <footer className="shell-footer">
      <div className="shell-footer__column">
        <h2 className="shell-footer__heading">
          <FormattedMessage id="shell.footer.customerService" />
        </h2>
        <p>
          <a href={telHref(config.customerServicePhone)}>{config.customerServicePhone}</a>
        </p>
        <p className="shell-footer__note">
          <FormattedMessage id="shell.footer.callCharge" />
        </p>
      </div>
      <div className="shell-footer__column">
        <h2 className="shell-footer__heading">
          <FormattedMessage id="shell.footer.apps" />
        </h2>
        <ul className="shell-footer__apps">
          <li>
            <a href={config.appLinks.ios} rel="noopener noreferrer">
              <FormattedMessage id="shell.footer.appStore" />
            </a>
          </li>
          <li>
            <a href={config.appLinks.android} rel="noopener noreferrer">
              <FormattedMessage id="shell.footer.googlePlay" />
            </a>
          </li>
        </ul>
      </div>
      <div className="shell-footer__column">
        <ul className="shell-footer__links">
          <li>
            <ShellLink href={`/${termsLang}/eula`} hrefLang={termsLang}>
              <FormattedMessage id="shell.footer.terms" />
            </ShellLink>
          </li>
          {shell.hasRoute('accessibility') && (
            <li>
              <ShellLink href={shell.href('accessibility')}>
                <FormattedMessage id="shell.footer.accessibility" />
              </ShellLink>
            </li>
          )}
        </ul>
      </div>
    </footer>
  );
}
