import { useShell } from '@portal/shared-ui';

/** The brand's customer-service number as a phone link (spaces dropped from the tel: address). */
export function CustomerServicePhone() {
  const phone = useShell().config.customerServicePhone;
  return (
    <a className="portal-text-link" href={`tel:${phone.replace(/\s+/g, '')}`}>
      {phone}
    </a>
  );
}
