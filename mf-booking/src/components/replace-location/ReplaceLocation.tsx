import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner, useShell } from '@portal/shared-ui';

/**
 * Goes on to another page of this remote at once, replacing the address (this remote's router owns
 * both pages), so Back does not return to a page that would send the visitor on again.
 */
export function ReplaceLocation({ href }: { href: string }) {
  const { lang } = useShell();
  const navigate = useNavigate();
  useEffect(() => {
    // the router's paths are under the basename '/{lang}'
    void navigate(href.slice(`/${lang}`.length), { replace: true });
  }, [href, lang, navigate]);
  return <Spinner />;
}
