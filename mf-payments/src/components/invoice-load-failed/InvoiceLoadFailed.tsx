import { Alert, Button, ShellLink } from '@portal/shared-ui';
import styles from './InvoiceLoadFailed.module.css';

/**
 * Spec part 2 §2.3 and §8 "Payments": a page about one invoice whose load failed shows the
 * invoice-not-found text. It still offers a retry (a passing network failure deserves one) and the
 * way back to the invoices. The page passes its own texts, so each page keeps its wording.
 */
export function InvoiceLoadFailed({ retry, texts }: { retry(): void; texts: { notFound: string; retry: string; invoices: string } }) {
  return (
    <Alert variant="error">
      <p className={styles.text}>{texts.notFound}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={retry}>
          {texts.retry}
        </Button>
        <ShellLink routeId="payments.invoices">{texts.invoices}</ShellLink>
      </div>
    </Alert>
  );
}
